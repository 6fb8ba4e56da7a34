import { abnormalMark, DEFAULT_TEMPERATURE_LIMIT, HEALTH_CODE, ISOLATION } from '@property/domain';
import { sql } from 'kysely';
import type { Db } from '../platform/db/database';
import { seedAdminContext } from './community';

/** Checkpoints of the first and second demo garden: name, type (epidemic_point_type), location, person in charge, hours. */
const POINTS: Array<Array<[string, number, string, string, string, string, string]>> = [
  [
    ['南门岗', 1, '小区南门入口', '周建华', '13800138201', '06:00', '23:00'],
    ['北门岗', 1, '小区北门入口', '吴丽', '13800138202', '07:00', '22:00'],
    ['1栋大堂', 2, '1栋一楼大堂', '郑强', '13800138203', '08:00', '20:00'],
  ],
  [
    ['东门岗', 1, '小区东门入口', '孙敏', '13800138204', '06:30', '22:30'],
    ['地下车库入口', 3, '负一层车库坡道', '何磊', '13800138205', '06:00', '23:30'],
  ],
];

/** Staff: name, phone, point (index in the garden's), duty (epidemic_duty), shift (epidemic_shift). */
const STAFF: Array<Array<[string, string, number, number, number]>> = [
  [
    ['林志强', '13800138211', 0, 1, 1],
    ['黄晓燕', '13800138212', 0, 2, 2],
    ['马超', '13800138213', 1, 1, 4],
    ['谢芳', '13800138214', 2, 3, 1],
  ],
  [['高峰', '13800138215', 0, 4, 3]],
];

interface Registration {
  name: string;
  phone: string;
  personType: number;
  temperature: string;
  healthCode: number;
  region: string;
  regionName: string;
  travel?: string;
  isolation?: [number, number, number];
  point: number;
  hoursAgo: number;
  house?: number;
  family?: Array<[string, number, string, number]>;
}

/** Health registrations of the first garden (its configuration's 37.3 °C limit): normal, fever, yellow code, a feverish child. */
const REGISTRATIONS: Registration[] = [
  {
    name: '王建国',
    phone: '13800138101',
    personType: 1,
    temperature: '36.5',
    healthCode: 1,
    region: '4403',
    regionName: '广东省/深圳市',
    point: 0,
    hoursAgo: 1,
    house: 0,
  },
  {
    name: '李秀英',
    phone: '13800138102',
    personType: 1,
    temperature: '36.8',
    healthCode: 1,
    region: '4401',
    regionName: '广东省/广州市',
    travel: '广州市天河区探亲,3天',
    point: 0,
    hoursAgo: 3,
    house: 1,
    family: [
      ['张明', 1, '36.6', 1],
      ['张小雨', 2, '36.4', 1],
    ],
  },
  {
    name: '赵磊',
    phone: '13800138121',
    personType: 2,
    temperature: '37.8',
    healthCode: 1,
    region: '4201',
    regionName: '湖北省/武汉市',
    travel: '武汉出差返回',
    isolation: [ISOLATION.home, 0, 14],
    point: 1,
    hoursAgo: 5,
  },
  {
    name: '钱芳',
    phone: '13800138122',
    personType: 2,
    temperature: '36.6',
    healthCode: HEALTH_CODE.yellow,
    region: '3101',
    regionName: '上海市/上海市',
    travel: '上海市浦东新区',
    isolation: [ISOLATION.central, 1, 7],
    point: 0,
    hoursAgo: 26,
  },
  {
    name: '张伟',
    phone: '13800138103',
    personType: 1,
    temperature: '36.7',
    healthCode: 1,
    region: '1101',
    regionName: '北京市/北京市',
    point: 2,
    hoursAgo: 30,
    house: 2,
    family: [['张乐乐', 2, '38.1', 1]],
  },
  {
    name: '刘洋',
    phone: '13800138104',
    personType: 1,
    temperature: '37.2',
    healthCode: 1,
    region: '4403',
    regionName: '广东省/深圳市',
    point: 1,
    hoursAgo: 50,
    house: 3,
  },
];

/**
 * Epidemic control of the demo tenant: checkpoints and staff in both gardens, the first garden's configuration,
 * and its health registrations, some abnormal (by the abnormal rule of the domain, as the server judges them)
 * with household members. Idempotent: a tenant that ever had a checkpoint is left alone.
 */
export async function seedDemoEpidemic(db: Db, tenantId: string): Promise<void> {
  const had = await sql`select 1 from property_epidemic_point where tenant_id = ${tenantId} limit 1`.execute(db);
  if (had.rows.length > 0) return;
  const gardens = await sql<{ id: string }>`select id from property_garden where tenant_id = ${tenantId} and is_deleted = 0
    order by sort, id limit 2`.execute(db);
  if (gardens.rows.length === 0) return;
  const ctx = await seedAdminContext(db, tenantId);
  const by = ctx.auth.userId || null;
  const pointIds: string[][] = [];
  for (const [g, garden] of gardens.rows.entries()) {
    const ids: string[] = [];
    for (const [name, type, location, charge, phone, open, close] of POINTS[g] ?? []) {
      const made = await sql<{ id: string }>`insert into property_epidemic_point (tenant_id, garden_id, name, point_type,
          location, charge_name, charge_phone, open_time, close_time, create_user, update_user)
        values (${tenantId}, ${garden.id}, ${name}, ${type}, ${location}, ${charge}, ${phone}, ${open}, ${close}, ${by}, ${by})
        returning id`.execute(db);
      ids.push(String(made.rows[0]!.id));
    }
    pointIds.push(ids);
    for (const [name, phone, point, duty, shift] of STAFF[g] ?? []) {
      await sql`insert into property_epidemic_user (tenant_id, garden_id, epidemic_point_id, name, phone, duty, shift,
          create_user, update_user)
        values (${tenantId}, ${garden.id}, ${ids[point]}, ${name}, ${phone}, ${duty}, ${shift}, ${by}, ${by})`.execute(db);
    }
  }
  const first = String(gardens.rows[0]!.id);
  const limit = DEFAULT_TEMPERATURE_LIMIT;
  await sql`insert into property_epidemic_config (tenant_id, garden_id, temperature_limit, isolation_days,
      health_code_required, entry_rule, create_user, update_user)
    values (${tenantId}, ${first}, ${limit}, 14, 1, ${'进入小区须测温、出示健康码;体温超过37.3°C或非绿码人员由岗亭登记后联系社区处置。'},
      ${by}, ${by})`.execute(db);
  const houses = await sql<{ id: string }>`select id from property_house where tenant_id = ${tenantId} and garden_id = ${first}
    and is_deleted = 0 order by house_name, id limit 4`.execute(db);
  for (const r of REGISTRATIONS) {
    const members = (r.family ?? []).map(([name, relation, temperature, healthCode]) => ({
      name,
      relation,
      temperature,
      healthCode,
      abnormal: abnormalMark({ temperature, healthCode }, limit),
    }));
    const own = abnormalMark({ temperature: r.temperature, healthCode: r.healthCode }, limit);
    const abnormal = own || members.some((m) => m.abnormal) ? 1 : 0;
    const [isolationType, startDaysAgo, days] = r.isolation ?? [ISOLATION.none, 0, 0];
    const isolated = isolationType !== ISOLATION.none;
    const made = await sql<{ id: string }>`insert into property_epidemic_info (tenant_id, garden_id, house_id, person_type,
        name, phone, temperature, health_code, abnormal, temperature_limit, from_region, from_region_name, travel_history,
        isolation_type, isolation_start, isolation_end, epidemic_point_id, register_time, create_user, update_user)
      values (${tenantId}, ${first}, ${r.house === undefined ? null : (houses.rows[r.house]?.id ?? null)}, ${r.personType},
        ${r.name}, ${r.phone}, ${r.temperature}, ${r.healthCode}, ${abnormal}, ${limit}, ${r.region}, ${r.regionName},
        ${r.travel ?? null}, ${isolationType},
        ${isolated ? sql`current_date - ${startDaysAgo}::int` : null}, ${isolated ? sql`current_date - ${startDaysAgo}::int + ${days}::int` : null},
        ${pointIds[0]![r.point]}, localtimestamp(0) - make_interval(hours => ${r.hoursAgo}), ${by}, ${by})
      returning id`.execute(db);
    for (const m of members) {
      await sql`insert into property_epidemic_family (tenant_id, epidemic_info_id, garden_id, name, relation, temperature,
          health_code, abnormal, create_user, update_user)
        values (${tenantId}, ${made.rows[0]!.id}, ${first}, ${m.name}, ${m.relation}, ${m.temperature}, ${m.healthCode},
          ${m.abnormal}, ${by}, ${by})`.execute(db);
    }
  }
}
