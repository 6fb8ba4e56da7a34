import { citizenUserEntity, houseEntity, ownerEntity, type ErrorKey } from '@property/domain';
import { sql, type RawBuilder } from 'kysely';
import { CrudService, parseId, type CrudContext, type Row, NEXT_UPDATE_TIME } from '../../platform/crud/engine';
import type { Values } from '../../platform/crud/validate';
import { badRequest } from '../../platform/http/errors';

/**
 * What residents rows point at: owners, houses and app accounts, each looked
 * up among the caller's own live rows (tenant and data scope), so an id of
 * another tenant is refused like one that does not exist.
 */
const owners = new CrudService(ownerEntity);
const houses = new CrudService(houseEntity);
const citizenUsers = new CrudService(citizenUserEntity);

async function linkedRow(service: CrudService, ctx: CrudContext, id: unknown, missing: ErrorKey): Promise<Row> {
  const row = id === undefined || id === null || id === '' ? undefined : await service.findRow(ctx, parseId(id));
  if (!row) throw badRequest(missing);
  return row;
}

export const ownerRow = (ctx: CrudContext, id: unknown) => linkedRow(owners, ctx, id, 'ownerMissing');
export const houseRow = (ctx: CrudContext, id: unknown) => linkedRow(houses, ctx, id, 'houseMissing');
export const citizenUserRow = (ctx: CrudContext, id: unknown) => linkedRow(citizenUsers, ctx, id, 'citizenUserMissing');

/** The value a save ends with: the body's when sent, the stored one otherwise. */
export const pick = (values: Values, existing: Row | undefined, column: string): unknown =>
  column in values ? values[column] : existing?.[column];

/** True when the owner holds a live binding to the house. */
export async function isBound(ctx: CrudContext, ownerId: unknown, houseId: unknown): Promise<boolean> {
  const rows = await sql`select 1 from property_ownership where is_deleted = 0 and tenant_id = ${ctx.auth.tenantId}
    and owner_id = ${String(ownerId)} and house_id = ${String(houseId)} limit 1`.execute(ctx.db);
  return rows.rows.length > 0;
}

export async function requireBound(ctx: CrudContext, ownerId: unknown, houseId: unknown): Promise<void> {
  if (!(await isBound(ctx, ownerId, houseId))) throw badRequest('ownerNotBound');
}

/** Live house ids of an owner (search-house, listHouse). */
export async function houseIdsOfOwner(ctx: CrudContext, ownerId: string): Promise<string[]> {
  const rows = await sql<{ house_id: string }>`select house_id from property_ownership where is_deleted = 0
    and tenant_id = ${ctx.auth.tenantId} and owner_id = ${ownerId}`.execute(ctx.db);
  return rows.rows.map((r) => String(r.house_id));
}

/** Soft-deletes the caller's live rows of `table` matching `where`; answers how many. */
export async function softRemoveWhere(ctx: CrudContext, table: string, where: RawBuilder<unknown>): Promise<number> {
  const result = await sql`update ${sql.table(table)} set is_deleted = 1, update_user = ${ctx.auth.userId || null},
    update_time = ${NEXT_UPDATE_TIME} where is_deleted = 0 and tenant_id = ${ctx.auth.tenantId} and ${where}`.execute(ctx.db);
  return Number(result.numAffectedRows ?? 0);
}

/** Ids in a body: an array or a comma-separated string. */
export function idList(raw: unknown, name: string): string[] {
  const parts = Array.isArray(raw) ? raw : String(raw ?? '').split(',');
  const ids = parts.map((p) => String(p).trim()).filter(Boolean);
  if (ids.length === 0) throw badRequest('missingParam', { name });
  return [...new Set(ids.map((id) => parseId(id, name)))];
}

/**
 * Lists show whose and which house a row is: houseName and ownerName beside
 * houseId and ownerId, fetched in one query each for the whole page.
 */
export async function withNames(ctx: CrudContext, rows: Row[]): Promise<Row[]> {
  const ids = (key: string) => [
    ...new Set(
      rows
        .map((r) => r[key])
        .filter((v) => v !== null && v !== undefined)
        .map(String),
    ),
  ];
  const names = async (table: string, column: string, wanted: string[]) => {
    if (wanted.length === 0) return new Map<string, string>();
    const found = await sql<{ id: string; name: string }>`select id, ${sql.ref(column)} as name from ${sql.table(table)}
      where tenant_id = ${ctx.auth.tenantId} and id in (${sql.join(wanted)})`.execute(ctx.db);
    return new Map(found.rows.map((r) => [String(r.id), r.name]));
  };
  const [houseNames, ownerNames] = await Promise.all([
    names('property_house', 'house_name', ids('houseId')),
    names('property_owner', 'name', ids('ownerId')),
  ]);
  return rows.map((r) => ({
    ...r,
    ...('houseId' in r ? { houseName: houseNames.get(String(r.houseId)) ?? '' } : {}),
    ...('ownerId' in r ? { ownerName: ownerNames.get(String(r.ownerId)) ?? '' } : {}),
  }));
}

/**
 * Checks other modules add before rows of ours are removed (a parking space
 * sold to an owner or rented to a car...). A check throws an ApiError with
 * its own message; it runs inside the removal's transaction.
 */
export type RemovalCheck = (ctx: CrudContext, ids: string[]) => Promise<void>;

export function removalChecks() {
  const checks: RemovalCheck[] = [];
  return {
    add(check: RemovalCheck): void {
      if (!checks.includes(check)) checks.push(check);
    },
    async run(ctx: CrudContext, ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      for (const check of checks) await check(ctx, ids);
    },
  };
}
