import { EXAMINE_STATUS, FACILITY_STATUS, SPACE_STATUS } from '@property/domain';
import { sql } from 'kysely';
import type { Db } from '../platform/db/database';

/** Each demo garden gets these lots; spaces are numbered with the prefix ("A-001"). */
const DEMO_LOTS = [
  { name: '地面停车场', parkingType: 1, prefix: 'A', spaces: 60, area: '12.50' },
  { name: '地下停车场', parkingType: 2, prefix: 'B', spaces: 140, area: '13.80' },
] as const;

const APPLICANTS = [
  { name: '赵明', phone: '13700137001', idCard: null },
  { name: '钱丽', phone: '13700137002', idCard: null },
  { name: '孙强', phone: '13700137003', idCard: null },
] as const;

/**
 * Parking lots with 200 spaces a garden, two elevators a building, hydrants
 * and pending owner examinations for the demo tenant. When the residents'
 * tables have cars, the first of them are parked in spaces (sold to their
 * owners), so the space screens show real bindings. Idempotent: a tenant
 * that ever had a parking lot is left alone.
 */
export async function seedDemoFacilities(db: Db, tenantId: string): Promise<void> {
  const had = await sql`select 1 from property_parking where tenant_id = ${tenantId} limit 1`.execute(db);
  const gardens = await sql<{ id: string }>`select id from property_garden where tenant_id = ${tenantId} and is_deleted = 0
    order by sort, id`.execute(db);
  if (had.rows.length > 0 || gardens.rows.length === 0) return;
  const cars = await carsWithOwners(db, tenantId);
  for (const garden of gardens.rows) {
    for (const lot of DEMO_LOTS) {
      const made = await sql<{
        id: string;
      }>`insert into property_parking (tenant_id, garden_id, name, parking_type, space_count, address, sort)
        values (${tenantId}, ${garden.id}, ${lot.name}, ${lot.parkingType}, ${lot.spaces}, ${`${lot.name}入口`}, ${lot.parkingType})
        returning id`.execute(db);
      const lotId = made.rows[0]!.id;
      const rows = Array.from({ length: lot.spaces }, (_, i) => {
        const car = cars.shift();
        const status = car ? SPACE_STATUS.sold : i % 7 === 3 ? SPACE_STATUS.rented : SPACE_STATUS.free;
        return sql`(${tenantId}, ${garden.id}, ${lotId}, ${`${lot.prefix}-${String(i + 1).padStart(3, '0')}`}, ${lot.area},
          ${i % 10 === 9 ? 4 : 1}, ${status}, ${car?.owner_id ?? null}, ${car?.id ?? null})`;
      });
      const spaces = await sql<{ id: string; car_id: string | null; owner_id: string | null }>`insert into property_parking_space
          (tenant_id, garden_id, parking_id, space_no, area, space_type, space_status, owner_id, car_id)
        values ${sql.join(rows)} returning id, car_id, owner_id`.execute(db);
      const parked = spaces.rows.filter((s) => s.car_id);
      if (parked.length) {
        await sql`insert into property_car_parking (tenant_id, garden_id, parking_space_id, car_id, owner_id, bind_time)
          values ${sql.join(parked.map((s) => sql`(${tenantId}, ${garden.id}, ${s.id}, ${s.car_id}, ${s.owner_id}, localtimestamp(0))`))}`.execute(
          db,
        );
      }
    }
  }
  await seedEquipment(db, tenantId);
  await seedExaminations(db, tenantId);
}

/** Cars of the residents' module with their owners, when that module's tables exist and have rows. */
async function carsWithOwners(db: Db, tenantId: string): Promise<Array<{ id: string; owner_id: string }>> {
  const exists = await sql<{ t: string | null }>`select to_regclass('property_car')::text as t`.execute(db);
  if (!exists.rows[0]?.t) return [];
  const cars = await sql<{ id: string; owner_id: string }>`select id, owner_id from property_car
    where tenant_id = ${tenantId} and is_deleted = 0 and owner_id is not null order by id limit 40`.execute(db);
  return cars.rows;
}

/**
 * Two elevators a building and eight hydrants a garden, in a steady mix of
 * states; inspection dates are relative to today, so some are always overdue
 * or due soon.
 */
async function seedEquipment(db: Db, tenantId: string): Promise<void> {
  const buildings = await sql<{ id: string; garden_id: string; building_name: string }>`select id, garden_id, building_name
    from property_building where tenant_id = ${tenantId} and is_deleted = 0 order by garden_id, sort, building_name`.execute(db);
  const stateOf = (n: number) =>
    n % 9 === 4 ? FACILITY_STATUS.repairing : n % 13 === 7 ? FACILITY_STATUS.stopped : FACILITY_STATUS.normal;
  const elevators = buildings.rows.flatMap((b, i) =>
    [1, 2].map((k) => {
      const n = i * 2 + k;
      // Next inspections spread from 20 days ago to 340 days ahead.
      const nextIn = ((n * 37) % 360) - 20;
      return sql`(${tenantId}, ${b.garden_id}, ${b.id}, ${`DT-${b.building_name}-${k}`}, ${stateOf(n)}, ${k === 2 ? 3 : 1},
        ${n % 2 ? '奥的斯' : '三菱'}, ${n % 2 ? 'GeN2' : 'LEHY-III'}, current_date - 2000,
        current_date + ${nextIn}::int - 365, current_date + ${nextIn}::int)`;
    }),
  );
  if (elevators.length) {
    await sql`insert into property_elevator (tenant_id, garden_id, building_id, code, status, elevator_type, brand, model,
        install_date, last_inspection, next_inspection) values ${sql.join(elevators)}`.execute(db);
  }
  const gardens = [...new Set(buildings.rows.map((b) => b.garden_id))];
  const hydrants = gardens.flatMap((gardenId, g) =>
    Array.from({ length: 8 }, (_, i) => {
      const n = g * 8 + i + 1;
      const nextIn = ((n * 53) % 200) - 15;
      return sql`(${tenantId}, ${gardenId}, ${`XF-${String(i + 1).padStart(2, '0')}`}, ${`${(i % 4) + 1}号楼旁`}, ${(i % 3) + 1},
        ${i % 4 === 0 ? '0.20' : '0.35'}, ${stateOf(n)}, current_date + ${nextIn}::int - 180, current_date + ${nextIn}::int)`;
    }),
  );
  if (hydrants.length) {
    await sql`insert into property_hydrant (tenant_id, garden_id, code, location, hydrant_type, pressure, status,
        last_inspection, next_inspection) values ${sql.join(hydrants)}`.execute(db);
  }
}

/** A few applications waiting for review, each for a house of the first garden. */
async function seedExaminations(db: Db, tenantId: string): Promise<void> {
  const houses = await sql<{ id: string; garden_id: string }>`select id, garden_id from property_house
    where tenant_id = ${tenantId} and is_deleted = 0 order by garden_id, building_id, unit_id, floor desc, name limit ${APPLICANTS.length}`.execute(
    db,
  );
  const rows = houses.rows.map((h, i) => {
    const a = APPLICANTS[i]!;
    return sql`(${tenantId}, ${a.name}, ${a.phone}, ${a.idCard}, ${h.garden_id}, ${h.id}, 1, ${EXAMINE_STATUS.pending})`;
  });
  if (rows.length) {
    await sql`insert into property_owner_examine (tenant_id, name, phone, id_card, garden_id, house_id, relation, status)
      values ${sql.join(rows)}`.execute(db);
  }
}
