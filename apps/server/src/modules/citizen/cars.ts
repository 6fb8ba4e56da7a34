import { carEntity, checkPlate } from '@property/domain';
import { CrudService } from '../../platform/crud/engine';
import { badRequest } from '../../platform/http/errors';
import { sql } from 'kysely';
import type { CrudContext } from '../../platform/crud/engine';
import { houseRow, ownerRow, pick, removalChecks, requireBound } from './links';

/** What other modules hold of a car (a parking space it rents...) may refuse its removal, or its owner's. */
export const carRemovalChecks = removalChecks();
export const addCarRemovalCheck = carRemovalChecks.add;

export async function carIdsOfOwners(ctx: CrudContext, ownerIds: string[]): Promise<string[]> {
  const rows = await sql<{ id: string }>`select id from property_car where is_deleted = 0 and tenant_id = ${ctx.auth.tenantId}
    and owner_id in (${sql.join(ownerIds)})`.execute(ctx.db);
  return rows.rows.map((r) => String(r.id));
}

const plateText = (value: unknown) =>
  String(value ?? '')
    .trim()
    .toUpperCase();

/**
 * Cars: the plate is kept upper-case (so 粤b12345 and 粤B12345 are one plate
 * for the uniqueness rule) and checked part by part; a house, when given,
 * must be one of the owner's. The garden is the house's, else the owner's.
 */
export const cars = new CrudService(carEntity, {
  async beforeSave(ctx, values, existing) {
    const [area, city, number] = ['car_area', 'car_city', 'car_number'].map((c) => plateText(pick(values, existing, c)));
    const problem = checkPlate(area!, city!, number!);
    if (problem) throw badRequest(problem);
    Object.assign(values, { car_area: area, car_city: city, car_number: number });
    const owner = await ownerRow(ctx, pick(values, existing, 'owner_id'));
    const houseId = pick(values, existing, 'house_id');
    if (houseId !== null && houseId !== undefined) {
      const house = await houseRow(ctx, houseId);
      await requireBound(ctx, owner.id, house.id);
      values.garden_id = house.garden_id;
    } else values.garden_id = owner.garden_id ?? null;
  },
  beforeRemove: (ctx, ids) => carRemovalChecks.run(ctx, ids),
});
