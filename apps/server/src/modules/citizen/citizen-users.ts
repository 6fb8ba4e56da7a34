import { citizenHouseEntity, citizenInfoEntity, citizenUserEntity } from '@property/domain';
import { sql } from 'kysely';
import { CrudService, type CrudHooks } from '../../platform/crud/engine';
import { citizenUserRow, houseRow, pick, softRemoveWhere } from './links';

/**
 * App accounts. Removing one removes its profile and house links and unlinks
 * the owners and family members that pointed at it (they stay: the account
 * is only their way into the app).
 */
export function citizenUserService(extra: Pick<CrudHooks, 'afterSave'> = {}): CrudService {
  return new CrudService(citizenUserEntity, {
    ...extra,
    async beforeRemove(ctx, ids) {
      const ofUsers = sql`user_id in (${sql.join(ids)})`;
      await softRemoveWhere(ctx, 'citizen_user_info', ofUsers);
      await softRemoveWhere(ctx, 'citizen_user_house', ofUsers);
      for (const table of ['property_owner', 'property_family'])
        await sql`update ${sql.table(table)} set user_id = null where tenant_id = ${ctx.auth.tenantId} and ${ofUsers}`.execute(
          ctx.db,
        );
    },
  });
}

export const citizenUsers = citizenUserService();

export const citizenInfos = new CrudService(citizenInfoEntity, {
  async beforeSave(ctx, values, existing) {
    await citizenUserRow(ctx, pick(values, existing, 'user_id'));
  },
});

/** A house link copies where the house is, so lists narrow by garden. */
export const citizenHouses = new CrudService(citizenHouseEntity, {
  async beforeSave(ctx, values, existing) {
    await citizenUserRow(ctx, pick(values, existing, 'user_id'));
    const house = await houseRow(ctx, pick(values, existing, 'house_id'));
    Object.assign(values, { garden_id: house.garden_id, building_id: house.building_id, unit_id: house.unit_id });
  },
});
