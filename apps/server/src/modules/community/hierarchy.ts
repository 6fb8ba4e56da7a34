import { buildingEntity, gardenEntity, houseEntity, unitEntity, type ErrorKey } from '@property/domain';
import { sql } from 'kysely';
import { CrudService, type CrudContext, type Row } from '../../platform/crud/engine';
import { badRequest } from '../../platform/http/errors';

/**
 * The garden → building → unit → house chain. Every link is checked against
 * the caller's own live rows (tenant and data scope), so a body naming
 * another tenant's garden is refused like a garden that does not exist.
 */
export const gardens = new CrudService(gardenEntity);
export const buildings = new CrudService(buildingEntity);
export const units = new CrudService(unitEntity);
export const houses = new CrudService(houseEntity);

async function parentRow(service: CrudService, ctx: CrudContext, id: unknown, missing: ErrorKey): Promise<Row> {
  const row = id === undefined || id === null ? undefined : await service.findRow(ctx, String(id));
  if (!row) throw badRequest(missing);
  return row;
}

/**
 * The garden a write names. Garden-bound staff naming a garden outside their
 * own are told so (403) rather than that it does not exist.
 */
export const gardenRow = async (ctx: CrudContext, id: unknown) => {
  if (id !== undefined && id !== null) ctx.requireGarden?.(id);
  return parentRow(gardens, ctx, id, 'gardenMissing');
};
export const buildingRow = (ctx: CrudContext, id: unknown) => parentRow(buildings, ctx, id, 'buildingMissing');
export const unitRow = (ctx: CrudContext, id: unknown) => parentRow(units, ctx, id, 'unitMissing');

/** The full name bills, orders and pickers show: building + unit + number ("1栋1单元0101"). */
export const houseNameOf = (buildingName: unknown, unitName: unknown, name: unknown) => `${buildingName}${unitName}${name}`;

/**
 * Keeps house_name in step after a building or unit is renamed, in one
 * statement for all its houses.
 */
export async function refreshHouseNames(ctx: CrudContext, by: { buildingId?: string; unitId?: string }): Promise<void> {
  const where = by.unitId ? sql`h.unit_id = ${by.unitId}` : sql`h.building_id = ${by.buildingId}`;
  await sql`update property_house h set house_name = b.building_name || u.unit_name || h.name
    from property_building b, property_unit u
    where ${where} and h.is_deleted = 0 and h.tenant_id = ${ctx.auth.tenantId}
      and b.id = h.building_id and u.id = h.unit_id`.execute(ctx.db);
}

/** True when a live row of `table` has `column` in `ids` (the caller's tenant only). */
export async function anyLive(ctx: CrudContext, table: string, column: string, ids: string[]): Promise<boolean> {
  const rows = await sql`select 1 from ${sql.table(table)} where is_deleted = 0 and tenant_id = ${ctx.auth.tenantId}
    and ${sql.ref(column)} in (${sql.join(ids)}) limit 1`.execute(ctx.db);
  return rows.rows.length > 0;
}

/**
 * Checks other modules add before houses are removed: a house with bound
 * owners, family, cars or unpaid bills must stay (issue 4: never orphan
 * rows). A check throws an ApiError with its own message; it runs inside the
 * removal's transaction.
 */
export type HouseRemovalCheck = (ctx: CrudContext, houseIds: string[]) => Promise<void>;
const houseRemovalChecks: HouseRemovalCheck[] = [];

export function addHouseRemovalCheck(check: HouseRemovalCheck): void {
  if (!houseRemovalChecks.includes(check)) houseRemovalChecks.push(check);
}

export async function checkHouseRemoval(ctx: CrudContext, houseIds: string[]): Promise<void> {
  for (const check of houseRemovalChecks) await check(ctx, houseIds);
}

/**
 * The houses an owner is bound to, answered by the module that keeps the
 * bindings (owners, §7.6). Until one is set, an owner has no houses.
 */
export type OwnerHouseLookup = (ctx: CrudContext, ownerId: string) => Promise<string[]>;
let ownerHouseLookup: OwnerHouseLookup = async () => [];

export function setOwnerHouseLookup(lookup: OwnerHouseLookup): void {
  ownerHouseLookup = lookup;
}

export const houseIdsOfOwner = (ctx: CrudContext, ownerId: string) => ownerHouseLookup(ctx, ownerId);
