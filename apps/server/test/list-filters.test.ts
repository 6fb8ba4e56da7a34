import { clubRechargeEntity, gardenEntity, paramEntity, postEntity, userEntity, type EntityDef } from '@property/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSort, listOrder, parseListQuery } from '../src/platform/crud/filters';
import type { Database } from '../src/platform/db/database';
import {
  DATE_CASES,
  FILTER_KEYS,
  FILTER_SORTS,
  FILTER_TIMES,
  filterRemark,
  filterValue,
  KEY_CASES,
  SORT_CASES,
} from './filter-cases';
import { openSeededDatabase } from './harness';

/**
 * The list filters (docs/testing.md, "List filters") run straight on the
 * seeded database: what parseListQuery makes of a query, executed. The same
 * rules are proven through HTTP in crud-rules.test.ts; these are fast enough
 * for mutation testing to run them for every mutant.
 */
/**
 * The database with the test's rows, opened by the first test that needs it: the checks that
 * need none run first, so a mutant they kill costs no database (mutation testing stops at the
 * first failure).
 */
let opened: Promise<Database> | undefined;
const database = () => (opened ??= seeded());

async function seeded(): Promise<Database> {
  const db = await openSeededDatabase();
  for (const [i, key] of FILTER_KEYS.entries()) {
    await sql`insert into blade_param (param_name, param_key, param_value, remark, create_time)
      values (${`过滤${i}`}, ${key}, ${filterValue(i)}, ${filterRemark(i)},
        ${FILTER_TIMES[key] ?? '2023-06-01 00:00:00'}::timestamp)`.execute(db.db);
  }
  for (const sort of FILTER_SORTS)
    await sql`insert into blade_post (tenant_id, category, post_code, post_name, sort)
      values ('000000', ${sort === 10 ? 1 : 4}, ${`fx-${sort}`}, ${`fx${sort}`}, ${sort})`.execute(db.db);
  return db;
}
const sorted = (...values: string[]) => [...values].sort();

/** The values of `column` in the rows the query selects, among the test's rows, in the query's order (else sorted). */
async function select(entity: EntityDef, column: string, prefix: string, query: Record<string, unknown>, ordered = false) {
  const parsed = parseListQuery(entity, query);
  const where = [sql`is_deleted = 0`, sql`${sql.ref(column)}::text like ${`${prefix}%`}`, ...parsed.where];
  const order = parsed.orderBy.length > 0 ? parsed.orderBy : defaultSort(entity);
  const rows = await sql<{ v: unknown }>`select ${sql.ref(column)} as v from ${sql.table(entity.table)}
    where ${sql.join(where, sql` and `)} order by ${sql.join(order)}, id`.execute((await database()).db);
  const values = rows.rows.map((r) => r.v);
  return ordered ? values : [...values].sort();
}
const keys = (query: Record<string, unknown>) => select(paramEntity, 'param_key', 'fx.', query) as Promise<string[]>;
const sorts = async (query: Record<string, unknown>, ordered = false) => {
  const values = (await select(postEntity, 'post_code', 'fx-', query, true)).map((code) => Number(String(code).slice(3)));
  return ordered ? values : values.sort((a, b) => a - b);
};

const refusal = (entity: EntityDef, query: Record<string, unknown>, skip?: string[]) => {
  try {
    parseListQuery(entity, query, skip);
  } catch (error) {
    expect((error as { code?: number }).code).toBe(400);
    return (error as Error).message;
  }
  return undefined;
};

beforeAll(() => {
  // A list with every default parses (a sanity check of the code under test, so a mutant that
  // breaks it fails this setup: mutation testing must count that as a kill).
  expect(parseListQuery(paramEntity, {})).toMatchObject({ where: [], orderBy: [], current: 1, size: 10 });
});
afterAll(async () => (await opened)?.close());

describe('pages', () => {
  it('from 1 by 10 by default, at most 1000, both positive integers', () => {
    const page = (query: Record<string, unknown>) => {
      const { current, size } = parseListQuery(paramEntity, query);
      return { current, size };
    };
    expect(page({})).toEqual({ current: 1, size: 10 });
    expect(page({ current: '', size: '' })).toEqual({ current: 1, size: 10 });
    expect(page({ current: '3', size: '1000' })).toEqual({ current: 3, size: 1000 });
    expect(page({ current: 1, size: 1 })).toEqual({ current: 1, size: 1 });
    expect(refusal(paramEntity, { size: 1001 })).toBe('每页条数不能超过1000');
    expect(refusal(paramEntity, { size: 0 })).toBe('每页条数必须是正整数');
    expect(refusal(paramEntity, { size: 2.5 })).toBe('每页条数必须是正整数');
    expect(refusal(paramEntity, { size: 'ten' })).toBe('每页条数必须是正整数');
    expect(refusal(paramEntity, { current: 0 })).toBe('页码必须是正整数');
    expect(refusal(paramEntity, { current: 1.5 })).toBe('页码必须是正整数');
    expect(refusal(paramEntity, { current: 'x' })).toBe('页码必须是正整数');
  });
});

describe('fields and values', () => {
  it('refuses unknown and secret fields, as filters and as sorts', () => {
    expect(refusal(paramEntity, { nothing: 'x' })).toBe('不支持的查询条件: nothing');
    expect(refusal(paramEntity, { nothing_like: 'x' })).toBe('不支持的查询条件: nothing_like');
    expect(refusal(paramEntity, { _like: 'x' })).toBe('不支持的查询条件: _like');
    expect(refusal(userEntity, { password: 'x' })).toBe('不支持的查询条件: password');
    expect(refusal(userEntity, { password_notnull: '' })).toBe('不支持的查询条件: password_notnull');
    expect(refusal(userEntity, { descs: 'password' })).toBe('不支持的排序字段: password');
    expect(refusal(paramEntity, { ascs: 'paramKey,nothing' })).toBe('不支持的排序字段: nothing');
  });

  it('makes no condition for missing values, reserved keys and the keys a call handles itself', () => {
    const none = { where: [] };
    expect(parseListQuery(paramEntity, { remark: undefined, paramValue: null })).toMatchObject(none);
    const reserved = { current: '1', size: '10', ascs: '', descs: '', 'Blade-Auth': 'x', _t: '1', searchCount: 'true' };
    expect(parseListQuery(paramEntity, reserved)).toMatchObject(none);
    expect(parseListQuery(gardenEntity, { gardenId: '1' }, ['gardenId'])).toMatchObject(none);
    expect(refusal(gardenEntity, { gardenId: '1' })).toBe('不支持的查询条件: gardenId');
  });

  it('refuses values of the wrong type', () => {
    expect(refusal(postEntity, { sort_gt: 'abc' })).toBe('请求参数类型错误: sort');
    expect(refusal(postEntity, { sort: '1 or 1=1' })).toBe('请求参数类型错误: sort');
    expect(refusal(paramEntity, { createTime_datege: '2024-13' })).toBe('请求参数类型错误: createTime');
    expect(refusal(paramEntity, { createTime_dateequal: 'today' })).toBe('请求参数类型错误: createTime');
  });

  it('takes date operators on days and times only', () => {
    expect(refusal(postEntity, { sort_datege: '2024-01-01' })).toBe('不支持的查询条件: sort_datege');
    expect(refusal(paramEntity, { remark_dateequal: '2024-01-01' })).toBe('不支持的查询条件: remark_dateequal');
    // validityDate is a day (kind date), createTime a time (kind datetime)
    expect(parseListQuery(clubRechargeEntity, { validityDate_datege: '2024-01-01' }).where).toHaveLength(1);
    expect(parseListQuery(paramEntity, { createTime_datelt: '2024-01-01' }).where).toHaveLength(1);
  });

  it('marks a query that looks for text inside a value (like, likeleft, likeright), and no other', () => {
    const textSearch = (query: Record<string, unknown>) => parseListQuery(paramEntity, query).textSearch;
    for (const query of [{ paramKey: 'a' }, { paramKey_like: 'a' }, { paramKey_likeleft: 'a' }, { paramKey_likeright: 'a' }])
      expect(textSearch(query), JSON.stringify(query)).toBe(true);
    for (const query of [{}, { paramKey_notlike: 'a' }, { paramKey_equal: 'a' }, { remark_null: '' }, { paramKey_like: '' }])
      expect(textSearch(query), JSON.stringify(query)).toBe(false);
  });

  it("reads in the client's order, else the definition's, then by id", () => {
    const order = (query: Record<string, unknown>) => listOrder(postEntity, parseListQuery(postEntity, query));
    const byId = { column: 'id', direction: 'desc' };
    expect(order({})).toEqual([{ column: 'sort', direction: 'asc' }, byId]);
    expect(order({ descs: 'postCode' })).toEqual([{ column: 'post_code', direction: 'desc' }, byId]);
    expect(listOrder({ ...postEntity, sort: undefined }, parseListQuery(postEntity, {}))).toEqual([
      { column: 'create_time', direction: 'desc' },
      byId,
    ]);
  });
});

describe('sorts', () => {
  beforeAll(async () => {
    await database();
  });

  it('sorts by ascs then descs, by key or column; spaces and empty names skipped', async () => {
    expect(await sorts({ ascs: 'sort' }, true)).toEqual([1, 2, 3, 10]);
    expect(await sorts({ descs: 'sort' }, true)).toEqual([10, 3, 2, 1]);
    expect(await sorts({ descs: ' sort ,' }, true)).toEqual([10, 3, 2, 1]);
    expect(await sorts({ ascs: 'category', descs: 'sort' }, true)).toEqual([10, 3, 2, 1]);
    expect(await sorts({ descs: 'category,sort' }, true)).toEqual([3, 2, 1, 10]);
    expect(await sorts({ ascs: '', descs: 'post_code' }, true)).toEqual([3, 2, 10, 1]);
  });

  it("falls back to the definition's order: ascs, then descs, else newest first", async () => {
    expect(await sorts({}, true)).toEqual([1, 2, 3, 10]);
    const params = await select(paramEntity, 'param_key', 'fx.', { paramKey_likeleft: 'abc' }, true);
    expect(params).toEqual(['fx.ABC', 'fx.xabc', 'fx.abc']);
    const users = { ...userEntity, sort: { ascs: ['account'], descs: ['realName'] } };
    const db = (await database()).db;
    const order = defaultSort(users).map((part) => part.compile(db).sql);
    const unsorted = defaultSort({ ...postEntity, sort: undefined }).map((part) => part.compile(db).sql);
    expect(unsorted).toEqual(['"create_time" desc']);

    expect(order).toEqual(['"account" asc', '"real_name" desc']);
  });
});

describe('operators', () => {
  beforeAll(async () => {
    await database();
  });

  it.each(KEY_CASES)('%s', async (_, query, expected) => {
    expect(await keys(query)).toEqual(sorted(...expected));
  });

  it.each(SORT_CASES)('sort%s %d compares numbers', async (operator, value, expected) => {
    expect(await sorts({ [`sort${operator}`]: value })).toEqual(expected);
  });

  it.each(DATE_CASES)('%s %s', async (operator, value, expected) => {
    const dated = (await keys({ [`createTime_${operator}`]: value })).filter((k) => k in FILTER_TIMES);
    expect(dated).toEqual(sorted(...expected));
  });

  it('takes the last of repeated values', async () => {
    expect(await keys({ paramKey_equal: ['fx.abc', 'fx.q'] })).toEqual(['fx.q']);
  });
});
