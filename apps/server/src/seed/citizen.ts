import { idCardCheckChar } from '@property/domain';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../platform/db/database';

/**
 * Demo residents of the demo gardens: an owner for every lived-in or let
 * house (a few own two), family members for many, lessees in the let houses,
 * about 300 cars, and residents' app accounts for some owners. Every value is derived from a fixed-seed generator, so
 * each start makes the same people; inserts go in batches.
 */

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢';
const GIVEN = '伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超秀兰霞平刚桂英华建国志红玉梅文斌宇浩欣怡子涵梓萱俊杰晨阳雨桐思远嘉怡';
const MOBILE_PREFIXES = ['138', '139', '136', '135', '158', '186', '177', '188', '150', '131'];
/** District codes of Shenzhen and a few home provinces (first six digits of an id number). */
const DISTRICTS = ['440305', '440304', '440303', '440306', '430102', '420106', '360102', '450103', '510107', '610113'];
const PLATE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const COLORS = ['白色', '黑色', '银色', '灰色', '红色', '蓝色'];
const CHUNK = 500;

/** A small deterministic generator (LCG), so demo data is the same on every start. */
function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  return {
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: ArrayLike<T>): T => items[Math.floor(next() * items.length)]!,
  };
}

type Random = ReturnType<typeof generator>;

const personName = (r: Random, surname = r.pick(SURNAMES)) => surname + r.pick(GIVEN) + (r.int(3) > 0 ? r.pick(GIVEN) : '');

/** An 18-digit id number with a valid region and check character; `i` keeps it unique. */
function idNumber(r: Random, i: number, year: number, sex: number): string {
  const birth = `${year}${String(1 + r.int(12)).padStart(2, '0')}${String(1 + r.int(28)).padStart(2, '0')}`;
  // The 17th digit is odd for men, even for women.
  const order = `${String(i % 100).padStart(2, '0')}${sex === 1 ? 1 + 2 * r.int(5) : 2 * r.int(5)}`;
  const first17 = `${r.pick(DISTRICTS)}${birth}${order}`;
  return first17 + idCardCheckChar(first17);
}

/** A valid, unique mobile: 7919 is prime to 10^8, so distinct i give distinct numbers. */
const mobile = (i: number) =>
  `${MOBILE_PREFIXES[i % MOBILE_PREFIXES.length]}${String((i * 7919 + 1234567) % 100_000_000).padStart(8, '0')}`;

async function insertRows(db: Db, table: string, columns: string[], rows: unknown[][]): Promise<Array<Record<string, unknown>>> {
  const out: Array<Record<string, unknown>> = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const values: RawBuilder<unknown>[] = rows.slice(i, i + CHUNK).map((row) => sql`(${sql.join(row)})`);
    const result = await sql<Record<string, unknown>>`insert into ${sql.table(table)}
      (${sql.join(columns.map((c) => sql.ref(c)))}) values ${sql.join(values)} returning *`.execute(db);
    out.push(...result.rows);
  }
  return out;
}

interface DemoHouse {
  id: string;
  garden_id: string;
  building_id: string;
  unit_id: string;
  house_status: number;
}

export async function seedDemoResidents(db: Db, tenantId: string): Promise<void> {
  const had = await sql`select 1 from property_owner where tenant_id = ${tenantId} limit 1`.execute(db);
  if (had.rows.length > 0) return;
  const houses = (
    await sql<DemoHouse>`select id, garden_id, building_id, unit_id, house_status from property_house
      where tenant_id = ${tenantId} and is_deleted = 0 order by garden_id, building_id, unit_id, floor, name`.execute(db)
  ).rows;
  if (houses.length === 0) return;
  const admin = await sql<{ id: string }>`select id from blade_user where tenant_id = ${tenantId} and account = 'admin'`.execute(
    db,
  );
  const by = admin.rows[0]?.id ?? null;
  const r = generator(20240601);

  // An owner for each lived-in or let house; the empty houses belong to some of them as second homes.
  const held = houses.filter((h) => Number(h.house_status) !== 3);
  const ownerRows = held.map((h, i) => {
    const sex = 1 + r.int(2);
    const year = 1955 + r.int(45);
    return [tenantId, personName(r), sex, mobile(i), idNumber(r, i, year, sex), h.garden_id, `${year}-06-15`, 1, by, by];
  });
  const owners = await insertRows(
    db,
    'property_owner',
    ['tenant_id', 'name', 'sex', 'phone', 'id_card', 'garden_id', 'birthday', 'owner_type', 'create_user', 'update_user'],
    ownerRows,
  );
  const ownerByPhone = new Map(owners.map((o) => [String(o.phone), o]));
  const ownerOf = (i: number) => ownerByPhone.get(mobile(i))!;

  const empty = houses.filter((h) => Number(h.house_status) === 3);
  const bindings: Array<{ owner: Record<string, unknown>; house: DemoHouse }> = held.map((house, i) => ({
    owner: ownerOf(i),
    house,
  }));
  empty.forEach((house, k) => bindings.push({ owner: ownerOf((k * 7) % held.length), house }));
  await insertRows(
    db,
    'property_ownership',
    [
      'tenant_id',
      'owner_id',
      'house_id',
      'garden_id',
      'building_id',
      'unit_id',
      'owner_type',
      'check_in_time',
      'create_user',
      'update_user',
    ],
    bindings.map(({ owner, house }) => [
      tenantId,
      owner.id,
      house.id,
      house.garden_id,
      house.building_id,
      house.unit_id,
      1,
      `${2015 + r.int(9)}-${String(1 + r.int(12)).padStart(2, '0')}-01`,
      by,
      by,
    ]),
  );

  // App accounts (居民用户) for every tenth owner, 40 at most: the account, its profile and its house, linked to the owner.
  const appOwners = held
    .map((house, i) => ({ house, owner: ownerOf(i) }))
    .filter((_, i) => i % 10 === 0)
    .slice(0, 40);
  const accounts = await insertRows(
    db,
    'citizen_user',
    ['tenant_id', 'name', 'tel', 'sex', 'create_user', 'update_user'],
    appOwners.map(({ owner }) => [tenantId, owner.name, owner.phone, owner.sex, by, by]),
  );
  const accountByTel = new Map(accounts.map((a) => [String(a.tel), a]));
  const accountOf = (owner: Record<string, unknown>) => accountByTel.get(String(owner.phone))!;
  await insertRows(
    db,
    'citizen_user_info',
    ['tenant_id', 'user_id', 'real_name', 'id_card', 'birthday', 'create_user', 'update_user'],
    appOwners.map(({ owner }) => [tenantId, accountOf(owner).id, owner.name, owner.id_card, owner.birthday, by, by]),
  );
  await insertRows(
    db,
    'citizen_user_house',
    ['tenant_id', 'user_id', 'house_id', 'garden_id', 'building_id', 'unit_id', 'owner_type', 'create_user', 'update_user'],
    appOwners.map(({ owner, house }) => [
      tenantId,
      accountOf(owner).id,
      house.id,
      house.garden_id,
      house.building_id,
      house.unit_id,
      1,
      by,
      by,
    ]),
  );
  for (const { owner } of appOwners)
    await sql`update property_owner set user_id = ${accountOf(owner).id} where id = ${owner.id}`.execute(db);

  // Families (1–3) in two of three owner-occupied houses; lessees in every let house.
  const familyRows: unknown[][] = [];
  const lesseeRows: unknown[][] = [];
  held.forEach((house, i) => {
    const owner = ownerOf(i);
    if (Number(house.house_status) === 2) {
      const sex = 1 + r.int(2);
      const start = `${2023 + r.int(3)}-${String(1 + r.int(12)).padStart(2, '0')}-01`;
      const end = `${Number(start.slice(0, 4)) + 1 + r.int(2)}${start.slice(4)}`;
      const rent = `${3000 + 100 * r.int(50)}.00`;
      lesseeRows.push([
        tenantId,
        house.id,
        owner.id,
        house.garden_id,
        personName(r),
        mobile(50_000 + i),
        idNumber(r, i, 1980 + r.int(20), sex),
        start,
        end,
        rent,
        by,
        by,
      ]);
      return;
    }
    if (i % 3 === 2) return;
    const surname = String(owner.name).charAt(0);
    for (let f = 0; f < 1 + r.int(3); f++) {
      const relation = f === 0 ? 1 : 1 + r.int(3);
      const sex = 1 + r.int(2);
      // Children share the owner's surname and are too young for an id number of their own.
      const child = relation === 2;
      familyRows.push([
        tenantId,
        owner.id,
        house.id,
        house.garden_id,
        personName(r, child ? surname : undefined),
        sex,
        child ? null : mobile(60_000 + familyRows.length),
        child ? null : idNumber(r, familyRows.length, relation === 3 ? 1945 + r.int(15) : 1965 + r.int(25), sex),
        relation,
        by,
        by,
      ]);
    }
  });
  await insertRows(
    db,
    'property_family',
    [
      'tenant_id',
      'owner_id',
      'house_id',
      'garden_id',
      'name',
      'sex',
      'phone',
      'id_card',
      'relation',
      'create_user',
      'update_user',
    ],
    familyRows,
  );
  await insertRows(
    db,
    'property_lessee',
    [
      'tenant_id',
      'house_id',
      'owner_id',
      'garden_id',
      'name',
      'phone',
      'id_card',
      'lease_start',
      'lease_end',
      'rent',
      'create_user',
      'update_user',
    ],
    lesseeRows,
  );

  // 300 cars: every third owner (and the first 300 at most); plates 粤B + letter + 4 digits, unique by construction.
  const carRows = held
    .map((house, i) => ({ house, i }))
    .filter(({ i }) => i % 3 === 0)
    .slice(0, 300)
    .map(({ house, i }, k) => [
      tenantId,
      ownerOf(i).id,
      house.id,
      house.garden_id,
      '粤',
      'B',
      `${PLATE_LETTERS[k % PLATE_LETTERS.length]}${String((k * 7919) % 10_000).padStart(4, '0')}`,
      1 + (k % 5 === 4 ? 2 : 0),
      r.pick(COLORS),
      by,
      by,
    ]);
  await insertRows(
    db,
    'property_car',
    [
      'tenant_id',
      'owner_id',
      'house_id',
      'garden_id',
      'car_area',
      'car_city',
      'car_number',
      'car_type',
      'car_color',
      'create_user',
      'update_user',
    ],
    carRows,
  );
}
