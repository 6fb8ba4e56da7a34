import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../src/seed/seed';
import type { ApiClient } from './client';
import { ok, otherTenant, refused, signedIn } from './facility-fixtures';
import { startServer, type TestServer } from './harness';
import { demoGardens, photoLink, staffWith } from './service-fixtures';

/** Repairs (spec §7.7): registration, the state machine and its log, photos, ratings, overdue, isolation. */
let server: TestServer;
let admin: ApiClient;
let other: ApiClient;
let worker: ApiClient;
let workerId: string;
let gardener: ApiClient;
let mine: string;
let theirs: string;

const db = () => server.built.services.db;
const registration = (gardenId: string, extra: Record<string, unknown> = {}) => ({
  gardenId,
  userName: '王先生',
  userTel: '13800138000',
  repairType: 1,
  content: `厨房水管漏水 ${Math.random()}`,
  ...extra,
});

/** Registers a repair as `client` and answers its id (found by its unique content). */
async function register(client: ApiClient, body: Record<string, unknown>): Promise<string> {
  const answer = await client.post('/system-property/repair/submit', body);
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject(ok);
  const rows = (await admin.get('/system-property/repair/list', { content_equal: body.content })).body.data.records;
  expect(rows).toHaveLength(1);
  return rows[0].id as string;
}
const detail = async (id: string, client = admin) => (await client.get('/system-property/repair/detail', { id })).body.data;
const step = (client: ApiClient, id: string, action: string, extra: Record<string, unknown> = {}) =>
  client.post('/system-property/repair/update', { id, action, ...extra });
const send = (client: ApiClient, id: string, extra: Record<string, unknown> = { workerId }) =>
  client.post('/system-property/repair/send', { id, ...extra });

beforeAll(async () => {
  server = await startServer();
  admin = await signedIn(server, 'admin', 'admin', DEMO_TENANT);
  other = await otherTenant(server, '报修测试物业');
  ({ mine, theirs } = await demoGardens(admin));
  // A worker: the repair menu without any button, in every garden.
  ({ client: worker, userId: workerId } = await staffWith(server, admin, 'fixer', ['service', 'repair']));
  // Staff bound to one garden, who may register repairs there.
  ({ client: gardener } = await staffWith(server, admin, 'keeper', ['service', 'repair', 'repair_add'], [mine]));
});
afterAll(async () => server?.close());

describe('registration', () => {
  it('refuses a request without its required fields, in the spec’s words, and saves nothing', async () => {
    const before = (await admin.get('/system-property/repair/list')).body.data.total;
    for (const [field, msg] of [
      ['content', '请输入报修内容'],
      ['userName', '请输入报修人'],
      ['repairType', '请选择报修类型'],
      ['gardenId', '请选择小区'],
    ] as const) {
      expect(await admin.post('/system-property/repair/submit', registration(mine, { [field]: '' }))).toMatchObject(
        refused(400, msg),
      );
    }
    expect(await admin.post('/system-property/repair/submit', registration(mine, { userTel: 'abc' }))).toMatchObject({
      status: 400,
    });
    expect((await admin.get('/system-property/repair/list')).body.data.total).toBe(before);
  });

  it('starts at 待派单 with a deadline from its type and a log entry saying who registered it', async () => {
    const id = await register(admin, registration(mine, { repairType: 4 }));
    const row = await detail(id);
    expect(row).toMatchObject({ status: 0, overdue: false });
    const hours = await sql<{ h: number }>`select extract(epoch from deadline - create_time)::int / 3600 as h
      from property_repair where id = ${id}`.execute(db());
    expect(hours.rows[0]!.h).toBe(4); // 电梯故障: 4 hours
    const log = (await admin.get('/system-property/repair/list-log', { repairId: id })).body.data;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ action: 'register', toStatus: 0, operatorName: expect.any(String) });
    expect(log[0].createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('takes photos only from our own storage', async () => {
    const link = await photoLink(server, admin);
    const id = await register(admin, registration(mine, { images: link }));
    expect((await detail(id)).images).toBe(link);
    for (const images of ['https://evil.example/x.png', 'javascript:alert(1)', `${link}x`]) {
      expect(await admin.post('/system-property/repair/submit', registration(mine, { images }))).toMatchObject(
        refused(400, '图片地址无效,请重新上传'),
      );
    }
    // Another tenant's stored file is not ours either.
    const foreign = await photoLink(server, other);
    expect(await admin.post('/system-property/repair/submit', registration(mine, { images: foreign }))).toMatchObject(
      refused(400, '图片地址无效,请重新上传'),
    );
  });
});

describe('the state machine', () => {
  it('runs register → send → accept → start → finish (after photos) → rate → close, each step logged with who', async () => {
    const id = await register(admin, registration(mine));
    expect(await send(admin, id, {})).toMatchObject(refused(400, '请选择维修人员'));
    expect(await send(admin, id, { workerId: '123' })).toMatchObject(refused(400, '所选维修人员不存在'));
    expect((await send(admin, id)).body).toMatchObject(ok);
    expect(await detail(id)).toMatchObject({ status: 1, workerId, workerName: 'fixer师傅' });
    expect((await step(worker, id, 'accept')).body).toMatchObject(ok);
    expect((await step(worker, id, 'start')).body).toMatchObject(ok);
    // Rated only once the work is done.
    expect(await admin.post('/system-property/repaircomment/submit', { repairId: id, score: 5 })).toMatchObject(
      refused(400, '报修单完成后才能评价'),
    );
    const after = await photoLink(server, worker);
    expect((await step(worker, id, 'finish', { remark: '已更换水管', images: [after] })).body).toMatchObject(ok);
    expect(await admin.post('/system-property/repaircomment/submit', { repairId: id, score: 6 })).toMatchObject(
      refused(400, '评分为1到5的整数'),
    );
    expect(
      (await admin.post('/system-property/repaircomment/submit', { repairId: id, score: 5, content: '很及时' })).body,
    ).toMatchObject(ok);
    expect((await step(admin, id, 'close')).body).toMatchObject(ok);
    const row = await detail(id);
    expect(row).toMatchObject({ status: 6, score: 5 });
    expect(row.finishTime).not.toBeNull();
    expect(row.closeTime).not.toBeNull();

    const log = (await admin.get('/system-property/repair/list-log', { repairId: id })).body.data;
    expect(log.map((e: { action: string }) => e.action)).toEqual([
      'register',
      'send',
      'accept',
      'start',
      'finish',
      'comment',
      'close',
    ]);
    expect(log.map((e: { toStatus: number | null }) => e.toStatus)).toEqual([0, 1, 2, 4, 5, null, 6]);
    expect(log[2].operatorName).toBe('fixer师傅');
    expect(log[4].photos).toEqual([expect.objectContaining({ imageUrl: after, kind: 2 })]);
    expect((await admin.get('/system-property/repairimages/list', { repairId: id })).body.data.records).toHaveLength(1);
    expect((await admin.get('/system-property/repaircomment/list-all', { repairId: id })).body.data).toEqual([
      expect.objectContaining({ score: 5, content: '很及时' }),
    ]);
  });

  it('refuses every step its state does not allow, changing nothing', async () => {
    const id = await register(admin, registration(mine));
    const illegal: Array<[string, number]> = [];
    for (const action of ['accept', 'reject', 'start', 'finish']) illegal.push([action, 0]);
    for (const [action] of illegal) {
      expect(await step(admin, id, action, { remark: 'x' })).toMatchObject(refused(400, '报修单当前状态不能执行该操作'));
    }
    await send(admin, id);
    for (const action of ['start', 'finish', 'close']) {
      expect(await step(admin, id, action, { remark: 'x' })).toMatchObject(refused(400, '报修单当前状态不能执行该操作'));
    }
    expect(await send(admin, id)).toMatchObject(refused(400, '报修单当前状态不能执行该操作'));
    await step(worker, id, 'accept');
    for (const action of ['accept', 'reject', 'finish', 'close']) {
      expect(await step(admin, id, action, { remark: 'x' })).toMatchObject(refused(400, '报修单当前状态不能执行该操作'));
    }
    await step(worker, id, 'start');
    for (const action of ['accept', 'start', 'close']) {
      expect(await step(admin, id, action, { remark: 'x' })).toMatchObject(refused(400, '报修单当前状态不能执行该操作'));
    }
    await step(worker, id, 'finish');
    await step(admin, id, 'close');
    for (const action of ['accept', 'reject', 'start', 'finish', 'close']) {
      expect(await step(admin, id, action, { remark: 'x' })).toMatchObject(refused(400, '报修单当前状态不能执行该操作'));
    }
    expect(await step(admin, id, 'reopen')).toMatchObject({ status: 400 });
    expect((await detail(id)).status).toBe(6);
    const log = (await admin.get('/system-property/repair/list-log', { repairId: id })).body.data;
    expect(log).toHaveLength(6); // register, send, accept, start, finish, close: the refusals wrote nothing
  });

  it('lets the worker decline with a reason, then the request is dispatched again', async () => {
    const id = await register(admin, registration(mine));
    await send(admin, id);
    expect(await step(worker, id, 'reject')).toMatchObject(refused(400, '请输入拒单原因'));
    expect((await step(worker, id, 'reject', { remark: '缺少配件' })).body).toMatchObject(ok);
    expect((await detail(id)).status).toBe(3);
    expect((await send(admin, id)).body).toMatchObject(ok);
    expect((await detail(id)).status).toBe(1);
  });

  it('closes an unhandled request only with a reason', async () => {
    const id = await register(admin, registration(mine));
    expect(await step(admin, id, 'close')).toMatchObject(refused(400, '未完成的报修单关闭时请输入原因'));
    expect((await step(admin, id, 'close', { remark: '业主撤回' })).body).toMatchObject(ok);
    expect((await detail(id)).status).toBe(6);
  });

  it('keeps each step to those allowed to take it', async () => {
    const id = await register(admin, registration(mine));
    // Dispatching needs the 派单 button, closing the edit button.
    expect(await send(worker, id)).toMatchObject({ status: 403 });
    await send(admin, id, {
      workerId: (await admin.get('/blade-system/user/page', { account_equal: 'admin' })).body.data.records[0].id,
    });
    // Not the worker of this request, and no edit button.
    expect(await step(worker, id, 'accept')).toMatchObject(refused(400, '只有派单的维修人员或有修改权限的人员可以处理该报修单'));
    const own = await register(admin, registration(mine));
    await send(admin, own);
    await step(worker, own, 'accept');
    await step(worker, own, 'start');
    await step(worker, own, 'finish');
    expect(await step(worker, own, 'close')).toMatchObject(refused(400, '只有派单的维修人员或有修改权限的人员可以处理该报修单'));
    expect((await detail(own)).status).toBe(5);
  });

  it('locks a dispatched request against edits, and keeps its log entries', async () => {
    const id = await register(admin, registration(mine));
    expect((await admin.post('/system-property/repair/submit', { id, address: '3栋' })).body).toMatchObject(ok);
    await send(admin, id);
    expect(await admin.post('/system-property/repair/submit', { id, address: '4栋' })).toMatchObject(
      refused(400, '已派单的报修单不能修改'),
    );
    // Submit never moves the state.
    const registered = await register(admin, registration(mine));
    await admin.post('/system-property/repair/submit', { id: registered, status: 5 });
    expect((await detail(registered)).status).toBe(0);
    // Notes are added, never changed or removed.
    expect(
      (await admin.post('/system-property/repairlog/submit', { repairId: id, remark: '已电话联系业主' })).body,
    ).toMatchObject(ok);
    const log = (await admin.get('/system-property/repairlog/list', { repairId: id })).body.data.records;
    expect(log.at(-1)).toMatchObject({ action: 'note', remark: '已电话联系业主' });
    expect(await admin.post('/system-property/repairlog/submit', { id: log[0].id, repairId: id, remark: 'x' })).toMatchObject(
      refused(400, '维修日志不能修改或删除'),
    );
    expect(await admin.post('/system-property/repairlog/remove', undefined, { ids: log[0].id })).toMatchObject(
      refused(400, '维修日志不能修改或删除'),
    );
  });
});

describe('overdue', () => {
  it('is worked out on reading: past the deadline while open, or finished late; never a stored flag', async () => {
    const late = await register(admin, registration(mine));
    const onTime = await register(admin, registration(mine));
    const lateDone = await register(admin, registration(mine));
    await sql`update property_repair set deadline = localtimestamp(0) - interval '1 hour' where id in (${late}, ${lateDone})`.execute(
      db(),
    );
    await send(admin, lateDone);
    await step(worker, lateDone, 'accept');
    await step(worker, lateDone, 'start');
    await step(worker, lateDone, 'finish');
    expect((await detail(late)).overdue).toBe(true);
    expect((await detail(onTime)).overdue).toBe(false);
    expect((await detail(lateDone)).overdue).toBe(true);
    const overdue = (await admin.get('/system-property/repair/list', { overdue: 1, size: 1000 })).body.data.records.map(
      (r: { id: string }) => r.id,
    );
    expect(overdue).toEqual(expect.arrayContaining([late, lateDone]));
    expect(overdue).not.toContain(onTime);
    // Open and past the deadline count in the index; finished ones do not.
    const counts = (await admin.get('/system-property/repair/index', { gardenId: mine })).body.data;
    const open = await sql<{ n: number }>`select count(*)::int as n from property_repair where tenant_id = ${DEMO_TENANT}
      and garden_id = ${mine} and is_deleted = 0 and status not in (5, 6) and deadline < localtimestamp(0)`.execute(db());
    expect(counts.overdue).toBe(open.rows[0]!.n);
    expect(counts.overdue).toBeGreaterThan(0);
    // Moving the deadline (a changed type) changes the answer without touching any flag.
    await sql`update property_repair set deadline = localtimestamp(0) + interval '1 day' where id = ${late}`.execute(db());
    expect((await detail(late)).overdue).toBe(false);
  });
});

describe('isolation', () => {
  it('keeps tenants apart', async () => {
    const id = await register(admin, registration(mine));
    expect((await other.get('/system-property/repair/list')).body.data.records).toEqual([]);
    expect((await other.get('/system-property/repair/detail', { id })).body.data).toBeNull();
    expect(await other.post('/system-property/repair/send', { id, workerId })).toMatchObject(
      refused(400, '报修单不存在或已被删除'),
    );
    expect(await other.post('/system-property/repairlog/submit', { repairId: id, remark: 'x' })).toMatchObject(
      refused(400, '报修单不存在或已被删除'),
    );
    expect((await other.get('/system-property/repair/list-log', { repairId: id })).status).toBe(400);
    expect((await detail(id)).status).toBe(0);
  });

  it('keeps garden-bound staff to their garden', async () => {
    const own = await register(gardener, registration(mine));
    const foreign = await register(admin, registration(theirs));
    expect(await gardener.post('/system-property/repair/submit', registration(theirs))).toMatchObject(
      refused(403, '无权操作该小区的数据'),
    );
    const seen = (await gardener.get('/system-property/repair/list', { size: 1000 })).body.data.records.map(
      (r: { id: string }) => r.id,
    );
    expect(seen).toContain(own);
    expect(seen).not.toContain(foreign);
    expect((await gardener.get('/system-property/repair/detail', { id: foreign })).body.data).toBeNull();
    expect((await gardener.get('/system-property/repair/list-log', { repairId: foreign })).status).toBe(400);
  });
});
