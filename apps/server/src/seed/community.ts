import { sql } from 'kysely';
import type { CrudContext } from '../platform/crud/engine';
import type { Db } from '../platform/db/database';
import { saveHouses, type PlannedHouse } from '../modules/community/index';
import { houseNumber } from '../modules/community/building-routes';

/** The demo gardens: a building count and the shape every building shares (units × floors × houses a floor). */
const DEMO_GARDENS = [
  {
    gardenName: '阳光花园',
    gardenCode: 'YGHY',
    address: '深圳市南山区科技园南路88号',
    developer: '阳光置业有限公司',
    tel: '0755-86001234',
    floorArea: '36000.00',
    builtArea: '98000.00',
    stewards: [
      { userId: null, name: '王管家', phone: '13800138001' },
      { userId: null, name: '陈管家', phone: '13800138002' },
    ],
    buildings: 4,
    units: 2,
    floors: 15,
    perFloor: 4,
  },
  {
    gardenName: '翠湖苑',
    gardenCode: 'CHY',
    address: '深圳市福田区翠湖路16号',
    developer: '翠湖地产开发有限公司',
    tel: '0755-83005678',
    floorArea: '42000.00',
    builtArea: '112000.00',
    stewards: [{ userId: null, name: '刘管家', phone: '13800138003' }],
    buildings: 5,
    units: 2,
    floors: 13,
    perFloor: 4,
  },
] as const;

/** End houses (positions 1 and 4) are the larger plan. */
const AREAS = { end: ['120.50', '98.20'], middle: ['89.50', '72.30'] } as const;

/** What seeding writes as: the tenant's administrator, within the tenant (no garden or data-scope limit). */
export async function seedAdminContext(db: Db, tenantId: string): Promise<CrudContext> {
  const admin = await sql<{ id: string; dept_id: string }>`select id, dept_id from blade_user
    where tenant_id = ${tenantId} and account = 'admin' and is_deleted = 0`.execute(db);
  return {
    db,
    auth: {
      userId: String(admin.rows[0]?.id ?? ''),
      tenantId,
      account: 'admin',
      userName: 'admin',
      deptId: String(admin.rows[0]?.dept_id ?? '').split(',')[0] ?? '',
      deptIds: [],
      roleIds: [],
      roleAliases: [],
      clientId: 'seed',
    },
    rowScope: (entity) => (entity.owner === 'tenant' ? [sql`tenant_id = ${tenantId}`] : []),
  };
}

/**
 * Two gardens with buildings, units and 1,000 houses for the demo tenant, so
 * every community screen shows real-looking data on first start. Idempotent:
 * a tenant that ever had a garden (even one since removed) is left alone.
 */
export async function seedDemoCommunity(db: Db, tenantId: string): Promise<void> {
  const tenant = await sql`select 1 from blade_tenant where tenant_id = ${tenantId} and is_deleted = 0`.execute(db);
  const had = await sql`select 1 from property_garden where tenant_id = ${tenantId} limit 1`.execute(db);
  if (tenant.rows.length === 0 || had.rows.length > 0) return;
  const ctx = await seedAdminContext(db, tenantId);
  for (const [index, g] of DEMO_GARDENS.entries()) {
    const garden = await sql<{
      id: string;
    }>`insert into property_garden (tenant_id, garden_name, garden_code, address, developer, tel,
        floor_area, built_area, majordomo_info, sort, create_user, create_dept)
      values (${tenantId}, ${g.gardenName}, ${g.gardenCode}, ${g.address}, ${g.developer}, ${g.tel}, ${g.floorArea}, ${g.builtArea},
        ${JSON.stringify(g.stewards)}::jsonb, ${index + 1}, ${ctx.auth.userId || null}, ${ctx.auth.deptId || null}) returning id`.execute(
      db,
    );
    const planned: PlannedHouse[] = [];
    for (let b = 1; b <= g.buildings; b++) {
      for (let u = 1; u <= g.units; u++) {
        for (let floor = 1; floor <= g.floors; floor++) {
          for (let p = 1; p <= g.perFloor; p++) {
            const [builtArea, innerArea] = p === 1 || p === g.perFloor ? AREAS.end : AREAS.middle;
            // A steady mix: mostly lived in by owners, some let, a few empty.
            const mix = (b * 7 + u * 5 + floor * 3 + p) % 10;
            planned.push({
              buildingName: `${b}栋`,
              unitName: `${u}单元`,
              floor,
              name: houseNumber(floor, p, 2),
              builtArea,
              innerArea,
              houseType: 1,
              houseStatus: mix < 7 ? 1 : mix < 9 ? 2 : 3,
            });
          }
        }
      }
    }
    await saveHouses(ctx, String(garden.rows[0]!.id), planned, { buildingType: 1, floorCount: g.floors });
  }
}
