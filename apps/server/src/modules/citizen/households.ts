import { familyEntity, lesseeEntity } from '@property/domain';
import { sql } from 'kysely';
import { CrudService } from '../../platform/crud/engine';
import { badRequest } from '../../platform/http/errors';
import { citizenUserRow, houseRow, ownerRow, pick, requireBound } from './links';

/** A family member lives in a house their owner is bound to; the garden is the house's. */
export const families = new CrudService(familyEntity, {
  async beforeSave(ctx, values, existing) {
    const owner = await ownerRow(ctx, pick(values, existing, 'owner_id'));
    const house = await houseRow(ctx, pick(values, existing, 'house_id'));
    await requireBound(ctx, owner.id, house.id);
    const userId = pick(values, existing, 'user_id');
    if (userId !== null && userId !== undefined) await citizenUserRow(ctx, userId);
    values.garden_id = house.garden_id;
  },
});

/**
 * A lessee rents a house; the landlord, when named, must be bound to it. The
 * lease ends after it starts (compared as dates by the database).
 */
export const lessees = new CrudService(lesseeEntity, {
  async beforeSave(ctx, values, existing) {
    const house = await houseRow(ctx, pick(values, existing, 'house_id'));
    const ownerId = pick(values, existing, 'owner_id');
    if (ownerId !== null && ownerId !== undefined) {
      await ownerRow(ctx, ownerId);
      await requireBound(ctx, ownerId, house.id);
    }
    const [start, end] = [pick(values, existing, 'lease_start'), pick(values, existing, 'lease_end')];
    const order = await sql<{ ok: boolean }>`select ${end}::date > ${start}::date as ok`.execute(ctx.db);
    if (!order.rows[0]?.ok) throw badRequest('leaseEndAfterStart');
    values.garden_id = house.garden_id;
  },
});
