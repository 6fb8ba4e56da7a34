import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../src/seed/seed';
import { ApiClient } from './client';
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
import { startServer, type TestServer } from './harness';

/**
 * The list filters and the submit validation (docs/testing.md, "List
 * filters" and "Submit validation"), with data that tells a right answer from
 * a wrong one: every operator has rows it must return and rows it must not.
 */
let server: TestServer;
let admin: ApiClient;

const db = () => server.built.services.db;

beforeAll(async () => {
  server = await startServer();
  admin = new ApiClient(server.url);
  await admin.signIn('admin', 'admin');
  for (const [i, key] of FILTER_KEYS.entries()) {
    const answer = await admin.post('/blade-system/param/submit', {
      paramName: `过滤${i}`,
      paramKey: key,
      paramValue: filterValue(i),
      remark: filterRemark(i),
    });
    expect(answer.body, key).toMatchObject({ success: true });
  }
  for (const [key, time] of Object.entries(FILTER_TIMES))
    await sql`update blade_param set create_time = ${time}::timestamp where param_key = ${key}`.execute(db());
  for (const sort of FILTER_SORTS) {
    const answer = await admin.post('/blade-system/post/submit', {
      category: sort === 10 ? 1 : 4,
      postCode: `fx-${sort}`,
      postName: `fx${sort}`,
      sort,
    });
    expect(answer.body).toMatchObject({ success: true });
  }
});
afterAll(async () => server?.close());

const keys = async (query: Record<string, unknown>) => {
  const answer = await admin.get('/blade-system/param/list', { paramKey_likeright: 'fx.', ...query, size: 100 });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.data.records as Array<{ paramKey: string }>).map((r) => r.paramKey).sort();
};
const sorts = async (query: Record<string, unknown>) => {
  const answer = await admin.get('/blade-system/post/list', { postCode_likeright: 'fx-', ...query, size: 100 });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.data.records as Array<{ sort: number }>).map((r) => r.sort).sort((a, b) => a - b);
};
const refused = async (path: string, query: Record<string, unknown>, message: string) => {
  const answer = await admin.get(path, query);
  expect(answer.body, JSON.stringify(query)).toEqual({ code: 400, success: false, data: null, msg: message });
};
const sorted = (...values: string[]) => [...values].sort();

describe('operators, through the list call', () => {
  it.each(KEY_CASES)('%s', async (_, query, expected) => {
    expect(await keys(query)).toEqual(sorted(...expected));
  });

  it.each(SORT_CASES)('sort%s %d compares numbers', async (operator, value, expected) => {
    expect(await sorts({ [`sort${operator}`]: value })).toEqual(expected);
  });

  it.each(DATE_CASES)('%s %s', async (operator, value, expected) => {
    // Rows without a chosen time were made today: only the chosen ones tell the boundaries.
    const dated = (await keys({ [`createTime_${operator}`]: value })).filter((k) => k in FILTER_TIMES);
    expect(dated).toEqual(sorted(...expected));
  });

  it('takes the last of repeated values, and the token given as a query parameter is no filter', async () => {
    const answer = await admin.get('/blade-system/param/list?paramKey_equal=fx.abc&paramKey_equal=fx.q');
    expect(answer.body.data.records.map((r: { paramKey: string }) => r.paramKey)).toEqual(['fx.q']);
    expect(await keys({ 'Blade-Auth': 'x' })).toEqual(sorted(...FILTER_KEYS));
  });

  it('refuses values of the wrong type', async () => {
    await refused('/blade-system/post/list', { sort_gt: 'abc' }, '请求参数类型错误: sort');
    await refused('/blade-system/param/list', { createTime_datege: '2024-13' }, '请求参数类型错误: createTime');
  });
});

describe('keys, sorts and pages', () => {
  it('refuses unknown fields and secret ones, as filters and as sorts', async () => {
    await refused('/blade-system/param/list', { nothing: 'x' }, '不支持的查询条件: nothing');
    await refused('/blade-system/param/list', { nothing_like: 'x' }, '不支持的查询条件: nothing_like');
    await refused('/blade-system/param/list', { _like: 'x' }, '不支持的查询条件: _like');
    await refused('/blade-system/user/page', { password: 'x' }, '不支持的查询条件: password');
    await refused('/blade-system/user/page', { password_notnull: '' }, '不支持的查询条件: password_notnull');
    await refused('/blade-system/user/page', { descs: 'password' }, '不支持的排序字段: password');
    await refused('/blade-system/param/list', { ascs: 'paramKey,nothing' }, '不支持的排序字段: nothing');
  });

  it('leaves out the keys a call handles itself (the garden list and the header selector)', async () => {
    const demo = new ApiClient(server.url);
    await demo.signIn('admin', 'admin', DEMO_TENANT);
    const answer = await demo.get('/system-property/garden/list', { gardenId: '1' });
    expect(answer.status).toBe(200);
    expect(answer.body.data.total).toBeGreaterThan(0);
  });

  it('sorts by ascs and descs, several fields, by key or column, spaces and empty names skipped', async () => {
    const order = async (query: Record<string, unknown>) =>
      (
        (await admin.get('/blade-system/post/list', { postCode_likeright: 'fx-', ...query })).body.data.records as Array<{
          sort: number;
        }>
      ).map((r) => r.sort);
    expect(await order({ ascs: 'sort' })).toEqual([1, 2, 3, 10]);
    expect(await order({ descs: 'sort' })).toEqual([10, 3, 2, 1]);
    expect(await order({ descs: ' sort ,' })).toEqual([10, 3, 2, 1]);
    expect(await order({ ascs: 'category', descs: 'sort' })).toEqual([10, 3, 2, 1]);
    expect(await order({ ascs: '', descs: 'post_code' })).toEqual([3, 2, 10, 1]);
  });

  it("orders by the definition's default without a sort: posts by sort, parameters newest first", async () => {
    const posts = (await admin.get('/blade-system/post/list', { postCode_likeright: 'fx-' })).body.data.records;
    expect(posts.map((r: { sort: number }) => r.sort)).toEqual([1, 2, 3, 10]);
    const params = (await admin.get('/blade-system/param/list', { paramKey_likeleft: 'abc' })).body.data.records;
    expect(params.map((r: { paramKey: string }) => r.paramKey)).toEqual(['fx.ABC', 'fx.xabc', 'fx.abc']);
  });

  it('pages from 1 by 10 by default, at most 1000 a page', async () => {
    const page = async (query: Record<string, unknown>) => (await admin.get('/blade-system/param/list', query)).body.data;
    expect(await page({})).toMatchObject({ current: 1, size: 10 });
    expect(await page({ current: '', size: '' })).toMatchObject({ current: 1, size: 10 });
    expect(await page({ current: 2, size: 3, paramKey_likeright: 'fx.' })).toMatchObject({
      current: 2,
      size: 3,
      total: 8,
      pages: 3,
    });
    expect(await page({ size: 1000 })).toMatchObject({ size: 1000 });
    expect(await page({ size: 1 })).toMatchObject({ size: 1 });
    await refused('/blade-system/param/list', { size: 1001 }, '每页条数不能超过1000');
    await refused('/blade-system/param/list', { size: 0 }, '每页条数必须是正整数');
    await refused('/blade-system/param/list', { size: 2.5 }, '每页条数必须是正整数');
    await refused('/blade-system/param/list', { current: 0 }, '页码必须是正整数');
    await refused('/blade-system/param/list', { current: 1.5 }, '页码必须是正整数');
    await refused('/blade-system/param/list', { current: 'x' }, '页码必须是正整数');
  });
});

describe('submit validation', () => {
  const submit = (path: string, body: unknown) => admin.post(`/blade-system/${path}/submit`, body);
  const refusedSubmit = async (path: string, body: unknown, message: string) =>
    expect((await submit(path, body)).body, JSON.stringify(body)).toEqual({
      code: 400,
      success: false,
      data: null,
      msg: message,
    });
  const postRow = async (code: string) =>
    (await admin.get('/blade-system/post/list', { postCode_equal: code })).body.data.records[0] as Record<string, unknown>;

  it('refuses a body that is not an object', async () => {
    for (const raw of ['[]', '"x"', '1']) {
      const answer = await admin.call('POST', '/blade-system/param/submit', { raw });
      expect(answer.status, raw).toBe(400);
      expect(answer.body.msg, raw).toBe('请求参数类型错误: 请求体必须是JSON对象');
    }
  });

  it('asks for required fields on insert, and on update only when sent empty', async () => {
    await refusedSubmit('post', { category: 4, postName: 'n' }, '请输入岗位编号');
    await refusedSubmit('post', { category: 4, postCode: ' ', postName: 'n' }, '请输入岗位编号');
    expect((await submit('post', { category: 4, postCode: 'fx-req', postName: 'n' })).body).toMatchObject({ success: true });
    const id = (await postRow('fx-req')).id;
    expect((await submit('post', { id, remark: 'only this' })).body).toMatchObject({ success: true });
    expect(await postRow('fx-req')).toMatchObject({ postName: 'n', remark: 'only this' });
    await refusedSubmit('post', { id, postName: '' }, '请输入岗位名称');
    await refusedSubmit('post', { id, postName: null }, '请输入岗位名称');
  });

  it('fills defaults on insert when a value is missing or empty, never on update', async () => {
    expect((await submit('post', { category: 4, postCode: 'fx-def1', postName: 'n' })).body).toMatchObject({ success: true });
    expect((await submit('post', { category: 4, postCode: 'fx-def2', postName: 'n', status: '' })).body).toMatchObject({
      success: true,
    });
    expect((await submit('post', { category: 4, postCode: 'fx-def3', postName: 'n', status: 0 })).body).toMatchObject({
      success: true,
    });
    expect((await postRow('fx-def1')).status).toBe(1);
    expect((await postRow('fx-def2')).status).toBe(1);
    expect((await postRow('fx-def3')).status).toBe(0);
    const id = (await postRow('fx-def3')).id;
    expect((await submit('post', { id, postName: 'm' })).body).toMatchObject({ success: true });
    expect((await postRow('fx-def3')).status).toBe(0);
  });

  it('clears an optional field sent empty or null, keeps one not sent', async () => {
    expect((await submit('post', { category: 4, postCode: 'fx-clear', postName: 'n', remark: 'r', sort: 5 })).body).toMatchObject(
      {
        success: true,
      },
    );
    const id = (await postRow('fx-clear')).id;
    expect((await submit('post', { id, remark: '  ' })).body).toMatchObject({ success: true });
    expect(await postRow('fx-clear')).toMatchObject({ remark: null, sort: 5 });
    expect((await submit('post', { id, sort: null })).body).toMatchObject({ success: true });
    expect(await postRow('fx-clear')).toMatchObject({ sort: null, postName: 'n' });
  });

  it('ignores fields the server owns (id of the tenant, creator, deletion flag)', async () => {
    const body = { category: 4, postCode: 'fx-owned', postName: 'n', tenantId: DEMO_TENANT, createUser: '42', isDeleted: 1 };
    expect((await submit('post', body)).body).toMatchObject({ success: true });
    expect(await postRow('fx-owned')).toMatchObject({ tenantId: '000000', isDeleted: 0 });
    expect((await postRow('fx-owned')).createUser).not.toBe('42');
  });

  it('refuses values of the wrong type with the field named, or with its own message', async () => {
    await refusedSubmit('post', { category: 'four', postCode: 'fx-t', postName: 'n' }, '请求参数类型错误: category');
    await refusedSubmit('post', { category: 4, postCode: { a: 1 }, postName: 'n' }, '请求参数类型错误: postCode');
    const building = await admin.post('/community-resource/building/submit', {
      gardenId: '1',
      buildingName: 'b',
      floorCount: 'x',
    });
    expect(building.body.msg).toBe('楼层数请输入正确的整数数字');
  });

  it('runs the field validator, with the field message over the validator message', async () => {
    const user = { account: 'fx_user', realName: 'n', roleId: '1', deptId: '1' };
    await refusedSubmit('user', { ...user, email: 'nope' }, '邮箱格式不正确');
    await refusedSubmit('user', { ...user, phone: '010-12345678' }, '手机号码长度不为11位');
    await refusedSubmit('dept', { deptName: 'd', fullName: 'd', deptCategory: 1, sort: -1 }, '请输入正确的整数数字!');
    const demo = new ApiClient(server.url);
    await demo.signIn('admin', 'admin', DEMO_TENANT);
    const building = await demo.post('/community-resource/building/submit', { gardenId: '1', buildingName: 'b', sort: '-1' });
    expect(building.body.msg).toBe('请输入正确的整数数字!');
    const floors = await demo.post('/community-resource/building/submit', { gardenId: '1', buildingName: 'b', floorCount: '-2' });
    expect(floors.body.msg).toBe('楼层数请输入正确的整数数字');
  });

  it('limits text to the field maxLength, and any text to 200,000 characters', async () => {
    const dept = (deptName: string) => ({ deptName, fullName: 'f', deptCategory: 1, sort: 1 });
    expect((await submit('dept', dept('d'.repeat(45)))).body).toMatchObject({ success: true });
    await refusedSubmit('dept', dept('e'.repeat(46)), 'deptName 长度不能超过 45');
    const param = (paramValue: string) => ({ paramName: 'long', paramKey: `fx.long.${paramValue.length}`, paramValue });
    expect((await submit('param', param('v'.repeat(200_000)))).body).toMatchObject({ success: true });
    await refusedSubmit('param', param('v'.repeat(200_001)), 'paramValue 长度不能超过 200000');
  });
});
