import { ownershipEntity } from '@property/domain';
import { sql } from 'kysely';
import { CrudService, type CrudContext, type Row } from '../../platform/crud/engine';
import { validateBody } from '../../platform/crud/validate';
import { badRequest } from '../../platform/http/errors';
import { houseRow, ownerRow, pick, softRemoveWhere } from './links';

/** Where a house is: the columns its bindings copy so lists narrow by garden without joins. */
const placeOf = (house: Row) => ({ garden_id: house.garden_id, building_id: house.building_id, unit_id: house.unit_id });

/** An owner without a garden of their own takes the garden of the first house they are bound to. */
async function settleOwnerGarden(ctx: CrudContext, ownerId: unknown, gardenId: unknown): Promise<void> {
  await sql`update property_owner set garden_id = ${String(gardenId)} where id = ${String(ownerId)}
    and tenant_id = ${ctx.auth.tenantId} and garden_id is null`.execute(ctx.db);
}

/**
 * Unbinding an owner from houses takes along what lived there through that
 * binding, in the same transaction: the owner's family members in those
 * houses are removed, the owner's cars stop pointing at them, and lessees
 * stay (they rent the house) but lose the landlord.
 */
async function detachOwnerships(ctx: CrudContext, ownershipIds: string[]): Promise<void> {
  const pairs = sql`(owner_id, house_id) in (select owner_id, house_id from property_ownership
    where tenant_id = ${ctx.auth.tenantId} and id in (${sql.join(ownershipIds)}))`;
  await softRemoveWhere(ctx, 'property_family', pairs);
  await sql`update property_car set house_id = null where is_deleted = 0 and tenant_id = ${ctx.auth.tenantId}
    and ${pairs}`.execute(ctx.db);
  await sql`update property_lessee set owner_id = null where is_deleted = 0 and tenant_id = ${ctx.auth.tenantId}
    and ${pairs}`.execute(ctx.db);
}

export const ownerships = new CrudService(ownershipEntity, {
  async beforeSave(ctx, values, existing) {
    const owner = await ownerRow(ctx, pick(values, existing, 'owner_id'));
    const house = await houseRow(ctx, pick(values, existing, 'house_id'));
    // Moving a binding to another owner or house would strand the families and cars of the old one.
    if (existing && (String(owner.id) !== String(existing.owner_id) || String(house.id) !== String(existing.house_id)))
      throw badRequest('ownershipFixed');
    Object.assign(values, placeOf(house));
  },
  async afterSave(ctx, saved) {
    await settleOwnerGarden(ctx, saved.owner_id, saved.garden_id);
  },
  beforeRemove: detachOwnerships,
});

export interface BindOptions {
  ownerType?: unknown;
  checkInTime?: unknown;
}

/** The binding's own fields of a bind body, checked as ownership/submit checks them. */
export function bindOptionsOf(body: Record<string, unknown>): BindOptions {
  const values = validateBody(ownershipEntity, { ownerType: body.ownerType, checkInTime: body.checkInTime }, false);
  return { ownerType: values.owner_type ?? undefined, checkInTime: values.check_in_time ?? undefined };
}

/**
 * Binds an owner to houses (save-bind, save). Houses already bound are left
 * as they are, so a dialog may send the owner's whole selection again;
 * answers how many bindings were added. Runs in the caller's transaction.
 */
export async function bindHouses(
  ctx: CrudContext,
  ownerId: string,
  houseIds: string[],
  options: BindOptions = {},
): Promise<number> {
  await ownerRow(ctx, ownerId);
  let added = 0;
  for (const houseId of houseIds) {
    const house = await houseRow(ctx, houseId);
    const bound = await sql`select 1 from property_ownership where is_deleted = 0 and tenant_id = ${ctx.auth.tenantId}
      and owner_id = ${ownerId} and house_id = ${houseId}`.execute(ctx.db);
    if (bound.rows.length > 0) continue;
    await ownerships.insert(ctx, {
      owner_id: ownerId,
      house_id: houseId,
      ...placeOf(house),
      owner_type: options.ownerType ?? 1,
      check_in_time: options.checkInTime ?? null,
    });
    await settleOwnerGarden(ctx, ownerId, house.garden_id);
    added++;
  }
  return added;
}

/** Live binding ids of houses (of one owner, when given). */
export async function ownershipIdsOf(ctx: CrudContext, by: { houseIds?: string[]; ownerIds?: string[] }): Promise<string[]> {
  const conditions = [sql`is_deleted = 0`, sql`tenant_id = ${ctx.auth.tenantId}`];
  if (by.houseIds) conditions.push(sql`house_id in (${sql.join(by.houseIds)})`);
  if (by.ownerIds) conditions.push(sql`owner_id in (${sql.join(by.ownerIds)})`);
  const rows = await sql<{ id: string }>`select id from property_ownership where ${sql.join(conditions, sql` and `)}`.execute(
    ctx.db,
  );
  return rows.rows.map((r) => String(r.id));
}

/** Unbinds in the caller's transaction: what hangs off the bindings first, then the bindings. */
export async function unbind(ctx: CrudContext, ownershipIds: string[]): Promise<void> {
  if (ownershipIds.length === 0) return;
  await detachOwnerships(ctx, ownershipIds);
  await softRemoveWhere(ctx, 'property_ownership', sql`id in (${sql.join(ownershipIds)})`);
}
