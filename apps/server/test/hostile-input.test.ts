import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './client';
import { startServer, type TestServer } from './harness';

/**
 * The four classes of hostile input a probe from outside answered with 500
 * "服务器异常" (issue 13): each is a clear 400 in the caller's language, and
 * nothing is written. The generated fuzzing (fuzz-calls.test.ts) looks for
 * the classes on every call; these are the probe's own requests.
 */
let server: TestServer;
let admin: ApiClient;
const BEYOND_INT64 = '9223372036854775808';

const paramCount = async () =>
  Number((await sql<{ n: number }>`select count(*)::int as n from blade_param`.execute(server.built.services.db)).rows[0]!.n);

beforeAll(async () => {
  server = await startServer();
  admin = new ApiClient(server.url);
  expect((await admin.signIn('admin', 'admin')).status).toBe(200);
});
afterAll(async () => server?.close());

const expect400 = (answer: { status: number; body: any }, msg: string) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.body).toMatchObject({ code: 400, success: false, msg });
};

describe('ids beyond the 64-bit maximum', () => {
  it('is a 400 in a query string (detail, remove, a module call)', async () => {
    expect400(await admin.get('/blade-system/param/detail', { id: BEYOND_INT64 }), '请求参数类型错误: id');
    expect400(await admin.get('/blade-system/param/detail', { id: '99999999999999999999' }), '请求参数类型错误: id');
    expect400(await admin.post('/blade-system/param/remove', undefined, { ids: `1,${BEYOND_INT64}` }), '请求参数类型错误: ids');
    expect400(await admin.get('/blade-system/user/page', { deptId: BEYOND_INT64 }), '请求参数类型错误: deptId');
    // The largest id is an id: no such row.
    const largest = await admin.get('/blade-system/param/detail', { id: '9223372036854775807' });
    expect(largest.body).toMatchObject({ code: 200, data: null });
  });

  it('is a 400 as a JSON number or string in a body, in English when asked', async () => {
    const before = await paramCount();
    const raw = `{"id": ${BEYOND_INT64}, "paramName": "x", "paramKey": "x", "paramValue": "x"}`;
    expect400(await admin.call('POST', '/blade-system/param/submit', { raw }), '请求参数类型错误: id');
    expect400(await admin.post('/blade-system/param/submit', { id: BEYOND_INT64, paramName: 'x' }), '请求参数类型错误: id');
    const english = await admin.call('POST', '/blade-system/user/update', {
      raw: `{"id": ${BEYOND_INT64}, "realName": "x"}`,
      headers: { 'Accept-Language': 'en' },
    });
    expect400(english, 'Wrong parameter type: id');
    // A reference field (long) beyond the maximum: the field's own type message.
    const role = await admin.post('/blade-system/role/submit', {
      roleName: 'r',
      roleAlias: 'r',
      sort: 1,
      parentId: BEYOND_INT64,
    });
    expect400(role, '请求参数类型错误: parentId');
    expect(await paramCount()).toBe(before);
  });
});

describe('impossible dates', () => {
  it('is a 400 in a date filter', async () => {
    for (const value of ['2025-13-45', '2025-02-30', '2025-02-29 10:00:00', '2024-12-31 24:00:00', '0000-01-01']) {
      expect400(await admin.get('/blade-system/param/list', { createTime_datege: value }), '请求参数类型错误: createTime');
    }
    // A date operator on a field that holds no date (found by the fuzzing).
    expect400(await admin.get('/blade-system/role/list', { status_datege: '2024-01-01' }), '不支持的查询条件: status_datege');
    // 2024 is a leap year: its 29 February is a day.
    expect((await admin.get('/blade-system/param/list', { createTime_datege: '2024-02-29 23:59:59' })).status).toBe(200);
  });

  it('is a 400 in a date field, and the row is not written', async () => {
    const body = { account: 'bad_birthday', realName: 'x', roleId: '1', deptId: '1', birthday: '2025-02-30' };
    expect400(await admin.post('/blade-system/user/submit', body), '请求参数类型错误: birthday');
    const english = await admin.call('POST', '/blade-system/user/submit', {
      body: { ...body, birthday: '2025-13-45 10:00:00' },
      headers: { 'Accept-Language': 'en' },
    });
    expect400(english, 'Wrong parameter type: birthday');
    const rows = await sql`select 1 from blade_user where account = 'bad_birthday'`.execute(server.built.services.db);
    expect(rows.rows).toHaveLength(0);
  });
});

describe('NUL characters', () => {
  it('is a 400 in any text filter, key or body field, on generic and module calls', async () => {
    const before = await paramCount();
    const nul = '请求参数含有不允许的字符(NUL)';
    expect400(await admin.get('/blade-system/param/list', { paramName: 'a\u0000b' }), nul);
    expect400(await admin.get('/blade-system/user/page', { 'account\u0000': 'x' }), nul);
    expect400(await admin.post('/blade-system/param/submit', { paramName: 'a\u0000b', paramKey: 'k', paramValue: 'v' }), nul);
    expect400(
      await admin.post('/blade-system/dict-biz/submit', { code: 'c', dictKey: '1', dictValue: { deep: ['\u0000'] } }),
      nul,
    );
    const english = await admin.call('GET', '/blade-system/param/list', {
      query: { paramName: 'a\u0000b' },
      headers: { 'Accept-Language': 'en' },
    });
    expect400(english, 'The request contains a character that is not allowed (NUL)');
    expect(await paramCount()).toBe(before);
  });
});

describe('bodies that are not a JSON object', () => {
  it('is a 400 for a string, number, list or null where an object is declared', async () => {
    for (const raw of ['"hello"', '42', '[1,2]', 'null', 'true']) {
      expect400(await admin.call('POST', '/blade-system/dict-biz/submit', { raw }), '请求参数类型错误: 请求体必须是JSON对象');
      expect400(await admin.call('POST', '/blade-system/param/submit', { raw }), '请求参数类型错误: 请求体必须是JSON对象');
    }
    const english = await admin.call('POST', '/blade-system/dict-biz/submit', {
      raw: '"hello"',
      headers: { 'Accept-Language': 'en' },
    });
    expect400(english, 'Wrong parameter type: the body must be a JSON object');
  });

  it('still takes a list where the call declares one (the console’s error log)', async () => {
    const answer = await admin.call('POST', '/blade-auth/oauth/logout', { raw: '[{"message":"boom"}]' });
    expect(answer.status).toBe(200);
  });

  it('refuses __proto__ keys and bodies nested too deeply', async () => {
    expect400(
      await admin.call('POST', '/blade-system/param/submit', { raw: '{"__proto__": {"admin": true}, "paramName": "p"}' }),
      '请求参数含有不允许的键名: __proto__',
    );
    const deep = `${'{"a":'.repeat(40)}1${'}'.repeat(40)}`;
    expect400(await admin.call('POST', '/blade-system/param/submit', { raw: deep }), '请求参数嵌套过深,最多32层');
    const veryDeep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect((await admin.call('POST', '/blade-system/param/submit', { raw: `{"paramName": ${veryDeep}}` })).status).toBeLessThan(
      500,
    );
  });
});
