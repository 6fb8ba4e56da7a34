import { houseEntity, type ErrorKey } from '@property/domain';
import { sql } from 'kysely';
import { writeAudit } from '../../platform/crud/audit';
import type { CrudContext, Row } from '../../platform/crud/engine';
import { ApiError, badRequest } from '../../platform/http/errors';
import { buildings, gardenRow, houseNameOf, units } from './hierarchy';

/** One house to create, located by the names of its building and unit within a garden. */
export interface PlannedHouse {
  buildingName: string;
  unitName: string;
  floor: number;
  name: string;
  builtArea?: string | null;
  innerArea?: string | null;
  houseType?: number | null;
  houseStatus?: number | null;
  remark?: string | null;
}

const key = (building: string, unit: string, name: string) => `${building}\u0000${unit}\u0000${name}`;
/** Rows per insert statement: 1,000 rows × 15 columns stays well under PostgreSQL's 65,535 parameters. */
const CHUNK = 1000;
/** How many clashing houses a refusal names before it just counts them. */
const NAMED = 5;

/** A refusal that names the first few houses and counts the rest. */
function naming(few: ErrorKey, many: ErrorKey, names: string[]): ApiError {
  const shown = names.slice(0, NAMED);
  return names.length > NAMED ? badRequest(many, { names: shown, count: names.length }) : badRequest(few, { names: shown });
}

/**
 * Creates many houses of one garden at once (building batchsave, Excel
 * import, demo data): buildings and units are found by name or created, then
 * houses are inserted in multi-row statements. The caller runs it in a
 * transaction, so a refusal — a house that exists already or appears twice —
 * leaves nothing saved. Answers how many houses were created.
 */
export async function saveHouses(
  ctx: CrudContext,
  gardenId: string,
  planned: PlannedHouse[],
  building: { buildingType?: number | null; floorCount?: number | null } = {},
): Promise<number> {
  await gardenRow(ctx, gardenId);
  if (planned.length === 0) return 0;
  const seen = new Set<string>();
  const repeated: string[] = [];
  for (const h of planned) {
    const k = key(h.buildingName, h.unitName, h.name);
    if (seen.has(k)) repeated.push(houseNameOf(h.buildingName, h.unitName, h.name));
    seen.add(k);
  }
  if (repeated.length) throw naming('houseNumbersRepeated', 'houseNumbersRepeatedMore', repeated);

  const buildingIds = await ensureBuildings(ctx, gardenId, [...new Set(planned.map((h) => h.buildingName))], building);
  const unitIds = new Map<string, string>();
  for (const [buildingName, buildingId] of buildingIds) {
    const names = [...new Set(planned.filter((h) => h.buildingName === buildingName).map((h) => h.unitName))];
    for (const [unitName, unitId] of await ensureUnits(ctx, gardenId, buildingId, names, building.floorCount ?? null)) {
      unitIds.set(`${buildingName}\u0000${unitName}`, unitId);
    }
  }

  // Existing houses of the buildings concerned, compared in memory: one query whatever the batch size.
  const existing = await sql<{ building_name: string; unit_name: string; name: string }>`
    select b.building_name, u.unit_name, h.name from property_house h
      join property_building b on b.id = h.building_id join property_unit u on u.id = h.unit_id
    where h.is_deleted = 0 and h.tenant_id = ${ctx.auth.tenantId} and h.garden_id = ${gardenId}
      and h.building_id in (${sql.join([...buildingIds.values()])})`.execute(ctx.db);
  const taken = new Set(existing.rows.map((r) => key(r.building_name, r.unit_name, r.name)));
  const clashes = planned
    .filter((h) => taken.has(key(h.buildingName, h.unitName, h.name)))
    .map((h) => houseNameOf(h.buildingName, h.unitName, h.name));
  if (clashes.length) throw naming('housesExist', 'housesExistMore', clashes);

  const who = [ctx.auth.userId || null, ctx.auth.deptId || null];
  for (let i = 0; i < planned.length; i += CHUNK) {
    const rows = planned.slice(i, i + CHUNK).map((h) => {
      const unitId = unitIds.get(`${h.buildingName}\u0000${h.unitName}`)!;
      return sql`(${ctx.auth.tenantId}, ${gardenId}, ${buildingIds.get(h.buildingName)!}, ${unitId}, ${h.floor}, ${h.name},
        ${houseNameOf(h.buildingName, h.unitName, h.name)}, ${h.builtArea ?? null}::numeric, ${h.innerArea ?? null}::numeric,
        ${h.houseType ?? null}::integer, ${h.houseStatus ?? null}::integer, ${h.remark ?? null}, ${who[0]}, ${who[1]}, ${who[0]})`;
    });
    try {
      const inserted = await sql<Row>`insert into property_house (tenant_id, garden_id, building_id, unit_id, floor, name,
        house_name, built_area, inner_area, house_type, house_status, remark, create_user, create_dept, update_user)
        values ${sql.join(rows)} returning *`.execute(ctx.db);
      // Buildings and units are saved through the engine (audited there); the houses' multi-row insert is this
      // module's own SQL, so their audit rows are written here, in the caller's transaction.
      await writeAudit(
        ctx,
        houseEntity,
        inserted.rows.map((after) => ({ action: 'insert', after })),
      );
    } catch (error) {
      // Another batch saved the same numbers between our check and this insert; the unique index caught it.
      if ((error as { code?: string }).code === '23505') throw badRequest('housesSavedMeanwhile');
      throw error;
    }
  }
  return planned.length;
}

/** Building name → id within the garden, creating the missing ones. */
async function ensureBuildings(
  ctx: CrudContext,
  gardenId: string,
  names: string[],
  extra: { buildingType?: number | null; floorCount?: number | null },
): Promise<Map<string, string>> {
  const found = await sql<Row>`select id, building_name from property_building where is_deleted = 0
    and tenant_id = ${ctx.auth.tenantId} and garden_id = ${gardenId} and building_name in (${sql.join(names)})`.execute(ctx.db);
  const ids = new Map(found.rows.map((r) => [String(r.building_name), String(r.id)]));
  for (const [sort, name] of names.entries()) {
    if (ids.has(name)) continue;
    const row = await buildings.insert(ctx, {
      garden_id: gardenId,
      building_name: name,
      building_type: extra.buildingType ?? null,
      floor_count: extra.floorCount ?? null,
      sort: sort + 1,
    });
    ids.set(name, String(row.id));
  }
  return ids;
}

/** Unit name → id within the building, creating the missing ones. */
async function ensureUnits(
  ctx: CrudContext,
  gardenId: string,
  buildingId: string,
  names: string[],
  floorCount: number | null,
): Promise<Map<string, string>> {
  const found = await sql<Row>`select id, unit_name from property_unit where is_deleted = 0
    and tenant_id = ${ctx.auth.tenantId} and building_id = ${buildingId} and unit_name in (${sql.join(names)})`.execute(ctx.db);
  const ids = new Map(found.rows.map((r) => [String(r.unit_name), String(r.id)]));
  for (const [sort, name] of names.entries()) {
    if (ids.has(name)) continue;
    const row = await units.insert(ctx, {
      garden_id: gardenId,
      building_id: buildingId,
      unit_name: name,
      floor_count: floorCount,
      sort: sort + 1,
    });
    ids.set(name, String(row.id));
  }
  return ids;
}
