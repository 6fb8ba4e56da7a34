import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './client';
import { startServer, type TestServer } from './harness';

let server: TestServer;
let admin: ApiClient;
beforeAll(async () => {
  server = await startServer();
  admin = new ApiClient(server.url);
  await admin.signIn('admin', 'admin');
  for (let i = 1; i <= 12; i++) {
    const answer = await admin.post('/blade-system/param/submit', {
      paramName: `测试参数${String(i).padStart(2, '0')}`,
      paramKey: `test.key.${i}`,
      paramValue: i % 2 === 0 ? 'even' : 'odd',
      remark: i <= 3 ? null : `第${i}个`,
    });
    expect(answer.body).toEqual({ code: 200, success: true, data: null, msg: '操作成功' });
  }
});
afterAll(async () => server?.close());

const records = async (query: Record<string, unknown>) => {
  const answer = await admin.get('/blade-system/param/list', query);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.records as Array<Record<string, any>>;
};

describe('pages', () => {
  it('answers records, total, size, current and pages', async () => {
    const { body } = await admin.get('/blade-system/param/list', { paramKey_likeright: 'test.key.', current: 2, size: 5 });
    expect(body.data).toMatchObject({ total: 12, size: 5, current: 2, pages: 3 });
    expect(body.data.records).toHaveLength(5);
    expect(typeof body.data.records[0].id).toBe('string');
    expect(body.data.records[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('defaults to page 1 of 10', async () => {
    const { body } = await admin.get('/blade-system/param/list', { paramKey_likeright: 'test.key.' });
    expect(body.data).toMatchObject({ current: 1, size: 10 });
  });
});

describe('filter operators', () => {
  it.each([
    [{ paramKey_equal: 'test.key.3' }, ['test.key.3']],
    [{ paramKey: 'key.1' }, ['test.key.1', 'test.key.10', 'test.key.11', 'test.key.12']],
    [{ paramKey_like: 'key.1' }, ['test.key.1', 'test.key.10', 'test.key.11', 'test.key.12']],
    [{ paramKey_likeleft: '.12' }, ['test.key.12']],
    [{ paramKey_likeright: 'test.key.1' }, ['test.key.1', 'test.key.10', 'test.key.11', 'test.key.12']],
    [
      { paramKey_likeright: 'test.key.', paramKey_notlike: '1' },
      ['test.key.2', 'test.key.3', 'test.key.4', 'test.key.5', 'test.key.6', 'test.key.7', 'test.key.8', 'test.key.9'],
    ],
    [
      { paramKey_likeright: 'test.key.', paramValue_notequal: 'odd', paramKey_notlike: '1' },
      ['test.key.2', 'test.key.4', 'test.key.6', 'test.key.8'],
    ],
    [{ paramKey_likeright: 'test.key.', remark_null: '' }, ['test.key.1', 'test.key.2', 'test.key.3']],
    [{ paramKey_likeright: 'test.key.', remark_notnull: '', paramKey_gt: 'test.key.7' }, ['test.key.8', 'test.key.9']],
    [{ paramKey_likeright: 'test.key.', paramKey_ge: 'test.key.8', paramKey_lt: 'test.key.9' }, ['test.key.8']],
    [{ paramKey_likeright: 'test.key.', paramKey_le: 'test.key.10', paramKey_ignore: 'x' }, ['test.key.1', 'test.key.10']],
    [{ paramKey_equal: '', paramKey_likeright: 'test.key.1', paramValue_equal: 'even' }, ['test.key.10', 'test.key.12']],
  ])('%j', async (query, expected) => {
    const rows = await records({ ...query, size: 100, ascs: 'paramKey' });
    expect(rows.map((r) => r.paramKey)).toEqual(expected);
  });

  it('filters dates with the date operators', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const base = { paramKey_likeright: 'test.key.', size: 100 };
    expect(await records({ ...base, createTime_datege: '2000-01-01 00:00:00' })).toHaveLength(12);
    expect(await records({ ...base, createTime_dategt: '2999-01-01 00:00:00' })).toHaveLength(0);
    expect(await records({ ...base, createTime_datelt: '2000-01-01 00:00:00' })).toHaveLength(0);
    expect(await records({ ...base, createTime_datele: '2999-12-31 23:59:59' })).toHaveLength(12);
    const sameDay = await records({ ...base, createTime_dateequal: `${today} 00:00:00` });
    // The server's zone may be a day ahead of UTC near midnight; either way the filter runs and answers.
    expect([0, 12]).toContain(sameDay.length);
  });

  it('treats LIKE wildcards in the value as text', async () => {
    expect(await records({ paramKey_like: '%' })).toHaveLength(0);
    expect(await records({ paramKey_like: '_' })).toHaveLength(0);
  });
});

describe('sorting', () => {
  it('sorts by ascs and descs, by field or column name', async () => {
    const asc = await records({ paramKey_likeright: 'test.key.', ascs: 'param_key', size: 3 });
    expect(asc.map((r) => r.paramKey)).toEqual(['test.key.1', 'test.key.10', 'test.key.11']);
    const desc = await records({ paramKey_likeright: 'test.key.', descs: 'paramValue,paramKey', size: 2 });
    expect(desc.map((r) => r.paramKey)).toEqual(['test.key.9', 'test.key.7']);
  });
});

describe('bad input is a 400 with a clear message, never SQL', () => {
  it.each([
    [{ noSuchField: 'x' }, '不支持的查询条件: noSuchField'],
    [{ 'paramKey;drop table blade_param': 'x' }, '不支持的查询条件'],
    [{ descs: 'id;drop table blade_param' }, '不支持的排序字段'],
    [{ ascs: 'param_key desc, (select 1)' }, '不支持的排序字段'],
    [{ size: 100000 }, '每页条数不能超过1000'],
    [{ current: -1 }, '页码必须是正整数'],
    [{ size: 'ten' }, '每页条数必须是正整数'],
    [{ id_equal: 'abc' }, '请求参数类型错误: id'],
    [{ createTime_datege: 'yesterday' }, '请求参数类型错误: createTime'],
  ])('%j', async (query, message) => {
    const answer = await admin.get('/blade-system/param/list', query);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(400);
    expect(answer.body.success).toBe(false);
    expect(answer.body.msg).toContain(message);
  });

  it('refuses non-numeric ids in detail and remove', async () => {
    expect((await admin.get('/blade-system/param/detail', { id: '1 or 1=1' })).status).toBe(400);
    const remove = await admin.post('/blade-system/param/remove', undefined, { ids: '1,abc' });
    expect(remove.status).toBe(400);
    expect(remove.body.msg).toBe('请求参数类型错误: ids');
    expect((await admin.post('/blade-system/param/remove')).body.msg).toBe('缺少必要的请求参数: ids');
  });

  it('answers broken JSON with 400', async () => {
    const answer = await admin.call('POST', '/blade-system/param/submit', { raw: '{"paramName": ' });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toContain('请求参数类型错误');
  });

  it('answers unknown paths with the 404 envelope', async () => {
    const answer = await admin.get('/blade-system/nothing-here');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ code: 404, success: false, data: null, msg: '404 没找到请求' });
  });
});

describe('submit, detail and remove', () => {
  it('validates with the spec messages, in field order, saving nothing', async () => {
    const before = (await admin.get('/blade-system/param/list', {})).body.data.total;
    expect((await admin.post('/blade-system/param/submit', {})).body.msg).toBe('请输入参数名称');
    expect((await admin.post('/blade-system/param/submit', { paramName: 'x' })).body.msg).toBe('请输入参数键名');
    const last = await admin.post('/blade-system/param/submit', { paramName: 'x', paramKey: 'k' });
    expect(last.status).toBe(400);
    expect(last.body.msg).toBe('请输入参数键值');
    expect((await admin.get('/blade-system/param/list', {})).body.data.total).toBe(before);
  });

  it('inserts without id, updates with id, reads it back, soft-deletes it', async () => {
    await admin.post('/blade-system/param/submit', { paramName: '临时', paramKey: 'tmp.key', paramValue: '1' });
    const [row] = await records({ paramKey_equal: 'tmp.key' });
    expect(row.createUser).toMatch(/^\d+$/);
    await admin.post('/blade-system/param/submit', { id: row.id, paramValue: '2' });
    const detail = await admin.get('/blade-system/param/detail', { id: row.id });
    expect(detail.body.data).toMatchObject({ id: row.id, paramName: '临时', paramValue: '2', isDeleted: 0 });
    expect(detail.body.data.updateUser).toBe(row.createUser);
    expect((await admin.post('/blade-system/param/remove', undefined, { ids: row.id })).body.success).toBe(true);
    const gone = await admin.get('/blade-system/param/detail', { id: row.id });
    expect(gone.body).toMatchObject({ code: 200, data: null, msg: '暂无承载数据' });
    const kept = await server.built.services.db
      .selectFrom('blade_param')
      .select('is_deleted')
      .where('id', '=', row.id)
      .executeTakeFirst();
    expect(kept?.is_deleted).toBe(1);
  });

  it('refuses a duplicate key and an update of a missing row', async () => {
    const dup = await admin.post('/blade-system/param/submit', { paramName: 'd', paramKey: 'test.key.1', paramValue: 'v' });
    expect(dup.status).toBe(400);
    expect(dup.body.msg).toBe('参数键名已存在');
    const missing = await admin.post('/blade-system/param/submit', { id: '123', paramValue: 'v' });
    expect(missing.status).toBe(404);
  });
});
