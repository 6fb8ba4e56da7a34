import { ownerEntity } from '@property/domain';
import { sql } from 'kysely';
import { CrudService, type CrudContext, type Row } from '../../platform/crud/engine';
import type { Values } from '../../platform/crud/validate';
import { gardenRow } from '../community/hierarchy';
import { carIdsOfOwners, carRemovalChecks } from './cars';
import { citizenUserRow, pick, removalChecks, softRemoveWhere } from './links';
import { ownershipIdsOf, unbind } from './ownerships';

/** What other modules hold of an owner (a parking space sold to them, unpaid bills...) may refuse the removal. */
const ownerRemovalChecks = removalChecks();
export const addOwnerRemovalCheck = ownerRemovalChecks.add;

async function checkOwner(ctx: CrudContext, values: Values, existing: Row | undefined): Promise<void> {
  const gardenId = pick(values, existing, 'garden_id');
  if (gardenId !== null && gardenId !== undefined) await gardenRow(ctx, gardenId);
  const userId = pick(values, existing, 'user_id');
  if (userId !== null && userId !== undefined) await citizenUserRow(ctx, userId);
}

/**
 * Removing an owner removes, in the same transaction, everything that is
 * theirs: house bindings (and with them the families living there through
 * the owner), the remaining family members and cars. Lessees stay with the
 * house and lose the landlord. Chosen over refusing because the console
 * removes an owner who moved away in one step; other modules may still
 * refuse through addOwnerRemovalCheck.
 */
export function ownerService(extra: { afterSave?: (ctx: CrudContext, saved: Row) => Promise<void> } = {}): CrudService {
  return new CrudService(ownerEntity, {
    beforeSave: checkOwner,
    afterSave: extra.afterSave ? (ctx, saved) => extra.afterSave!(ctx, saved) : undefined,
    async beforeRemove(ctx, ids) {
      await ownerRemovalChecks.run(ctx, ids);
      await carRemovalChecks.run(ctx, await carIdsOfOwners(ctx, ids));
      await unbind(ctx, await ownershipIdsOf(ctx, { ownerIds: ids }));
      const ofOwners = sql`owner_id in (${sql.join(ids)})`;
      await softRemoveWhere(ctx, 'property_family', ofOwners);
      await softRemoveWhere(ctx, 'property_car', ofOwners);
      await sql`update property_lessee set owner_id = null where is_deleted = 0 and tenant_id = ${ctx.auth.tenantId}
        and ${ofOwners}`.execute(ctx.db);
    },
  });
}

export const owners = ownerService();
