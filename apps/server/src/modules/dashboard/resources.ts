import {
  elevatorEntity,
  hydrantEntity,
  parkingEntity,
  parkingSpaceEntity,
  type GardenSummary,
  type ResourceTotals,
} from '@property/domain';
import { sql } from 'kysely';
import { CrudService, type CrudContext, type Row } from '../../platform/crud/engine';
import { residentSums } from '../citizen/residents';
import { buildings, gardens, houses, units } from '../community/hierarchy';

const lots = new CrudService(parkingEntity);
const spaces = new CrudService(parkingSpaceEntity);
const elevators = new CrudService(elevatorEntity);
const hydrants = new CrudService(hydrantEntity);

/** How many of the caller's rows of an entity there are, in one garden when given (each a sub-select of one query). */
const countOf = (ctx: CrudContext, service: CrudService, gardenId: string | undefined, column = 'garden_id') =>
  sql`(select count(*)::int from ${sql.table(service.entity.table)}
    where ${service.scope(ctx, gardenId ? [sql`${sql.ref(column)} = ${gardenId}`] : [])})`;

/**
 * The resources of a garden, or of every garden the caller may see: each count within the caller's tenant, gardens
 * and data scope of its own entity. Owners, houses, families, lessees and cars as the owner screen's sums count them.
 */
export async function resourceTotals(ctx: CrudContext, gardenId: string | undefined): Promise<ResourceTotals> {
  const [residents, counts] = await Promise.all([
    residentSums(ctx, gardenId),
    sql<Record<string, number>>`select ${countOf(ctx, gardens, gardenId, 'id')} as gardens,
      ${countOf(ctx, buildings, gardenId)} as buildings, ${countOf(ctx, units, gardenId)} as units,
      ${countOf(ctx, lots, gardenId)} as lots, ${countOf(ctx, spaces, gardenId)} as spaces,
      ${countOf(ctx, elevators, gardenId)} as elevators, ${countOf(ctx, hydrants, gardenId)} as hydrants`.execute(ctx.db),
  ]);
  const c = counts.rows[0]!;
  return {
    gardenCount: c.gardens!,
    buildingCount: c.buildings!,
    unitCount: c.units!,
    houseCount: residents.houseCount!,
    boundHouseCount: residents.boundHouseCount!,
    parkingCount: c.lots!,
    parkingSpaceCount: c.spaces!,
    ownerCount: residents.ownerCount!,
    familyCount: residents.familyCount!,
    lesseeCount: residents.lesseeCount!,
    carCount: residents.carCount!,
    elevatorCount: c.elevators!,
    hydrantCount: c.hydrants!,
  };
}

/** house_status (dictionary 房屋状态): 1 自住 and 2 出租 are lived in, 3 空置 vacant, 4 装修中 being renovated. */
const HOUSE_STATUS = { selfOccupied: 1, rented: 2, vacant: 3, renovating: 4 } as const;

/** A region's names from the province down (北京市 under 北京市 once), or null. */
async function regionName(ctx: CrudContext, code: unknown): Promise<string | null> {
  if (typeof code !== 'string' || code === '') return null;
  const rows = await sql<{ name: string }>`with recursive up(code, parent_code, name, depth) as (
      select code, parent_code, name, 0 from blade_region where code = ${code} and is_deleted = 0
      union all
      select r.code, r.parent_code, r.name, up.depth + 1 from blade_region r join up on r.code = up.parent_code
      where r.is_deleted = 0 and up.depth < 6
    ) select name from up order by depth desc`.execute(ctx.db);
  const names = rows.rows.map((r) => r.name).filter((name, i, all) => name !== all[i - 1]);
  return names.length ? names.join('') : null;
}

/** One garden's card, or null when the caller may not see it (another tenant's, another garden of garden-bound staff). */
export async function gardenSummary(ctx: CrudContext, gardenId: string): Promise<GardenSummary> {
  const garden = await gardens.findRow(ctx, gardenId);
  if (!garden) return null;
  const inGarden = [sql`garden_id = ${gardenId}`];
  const status = (code: number) => sql`count(*) filter (where house_status = ${code})::int`;
  const [counts, residents, region] = await Promise.all([
    sql<Row>`select ${countOf(ctx, buildings, gardenId)} as buildings, ${countOf(ctx, units, gardenId)} as units,
        h.total, h.self_occupied, h.rented, h.vacant, h.renovating
      from (select count(*)::int as total, ${status(HOUSE_STATUS.selfOccupied)} as self_occupied,
          ${status(HOUSE_STATUS.rented)} as rented, ${status(HOUSE_STATUS.vacant)} as vacant,
          ${status(HOUSE_STATUS.renovating)} as renovating
        from property_house where ${houses.scope(ctx, inGarden)}) h`.execute(ctx.db),
    residentSums(ctx, gardenId),
    regionName(ctx, garden.region_code),
  ]);
  const c = counts.rows[0]!;
  const n = (key: string) => Number(c[key]);
  const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
  const known = n('self_occupied') + n('rented') + n('vacant') + n('renovating');
  return {
    gardenId: String(garden.id),
    gardenName: text(garden.garden_name),
    gardenCode: text(garden.garden_code),
    regionCode: text(garden.region_code),
    regionName: region,
    address: text(garden.address),
    tel: text(garden.tel),
    developer: text(garden.developer),
    floorArea: text(garden.floor_area),
    builtArea: text(garden.built_area),
    buildingCount: n('buildings'),
    unitCount: n('units'),
    houseCount: n('total'),
    boundHouseCount: residents.boundHouseCount!,
    occupiedCount: n('self_occupied') + n('rented'),
    vacantCount: n('vacant'),
    renovatingCount: n('renovating'),
    unknownCount: n('total') - known,
  };
}
