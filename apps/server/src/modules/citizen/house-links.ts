import type { ErrorKey } from '@property/domain';
import { sql } from 'kysely';
import type { CrudContext } from '../../platform/crud/engine';
import { badRequest } from '../../platform/http/errors';
import { addHouseRemovalCheck, setOwnerHouseLookup } from '../community/index';
import { houseIdsOfOwner } from './links';

/** What keeps a house from being removed, first match wins: [table, message]. */
const HOLDERS: ReadonlyArray<readonly [string, ErrorKey]> = [
  ['property_ownership', 'houseHasOwners'],
  ['property_family', 'houseHasFamily'],
  ['property_lessee', 'houseHasLessees'],
  ['citizen_user_house', 'houseHasCitizens'],
  ['property_car', 'houseHasCars'],
];

async function refuseHeldHouses(ctx: CrudContext, houseIds: string[]): Promise<void> {
  for (const [table, message] of HOLDERS) {
    const held = await sql`select 1 from ${sql.table(table)} where is_deleted = 0 and tenant_id = ${ctx.auth.tenantId}
      and house_id in (${sql.join(houseIds)}) limit 1`.execute(ctx.db);
    if (held.rows.length > 0) throw badRequest(message);
  }
}

/** Houses answer search-house from the bindings, and are never removed from under their residents. */
export function linkHouses(): void {
  setOwnerHouseLookup(houseIdsOfOwner);
  addHouseRemovalCheck(refuseHeldHouses);
}
