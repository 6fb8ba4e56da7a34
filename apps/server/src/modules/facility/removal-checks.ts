import { sql } from 'kysely';
import type { CrudContext } from '../../platform/crud/engine';
import { badRequest } from '../../platform/http/errors';
import { addCarRemovalCheck, addOwnerRemovalCheck } from '../citizen/index';

/** True when a live row of `table` in the caller's tenant has `column` in `ids`. */
async function holds(ctx: CrudContext, table: string, column: string, ids: string[]): Promise<boolean> {
  const rows = await sql`select 1 from ${sql.table(table)} where is_deleted = 0 and tenant_id = ${ctx.auth.tenantId}
    and ${sql.ref(column)} in (${sql.join(ids)}) limit 1`.execute(ctx.db);
  return rows.rows.length > 0;
}

/**
 * Owners and cars (the residents module's rows) stay while a parking space
 * or an owner's document points at them: nothing is left pointing at a
 * removed row.
 */
export function registerRemovalChecks(): void {
  addOwnerRemovalCheck(async (ctx, ids) => {
    if (await holds(ctx, 'property_parking_space', 'owner_id', ids)) throw badRequest('ownerHasSpaces');
    if (await holds(ctx, 'property_owner_attachment', 'owner_id', ids)) throw badRequest('ownerHasAttachments');
  });
  addCarRemovalCheck(async (ctx, ids) => {
    if (await holds(ctx, 'property_parking_space', 'car_id', ids)) throw badRequest('carParked');
  });
}
