import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATROL_JOB } from '../src/modules/patrol/index';
import { generateTasks, runPatrolJob } from '../src/modules/patrol/task-generation';
import { DEMO_TENANT } from '../src/seed/seed';
import type { ApiClient } from './client';
import { ok, otherTenant, refused, signedIn } from './facility-fixtures';
import { startServer, type TestServer } from './harness';
import { eventually } from './jobs/test-kinds';
import { demoGardens, photoLink, staffWith } from './service-fixtures';

/** Patrols (spec §7.7): points, plans, tasks made by the job (also after a restart), checks, missed points, close. */
let server: TestServer;
let admin: ApiClient;
let other: ApiClient;
let guard: ApiClient;
let guardId: string;
let mine: string;
let theirs: string;
const pointIds: string[] = [];

const db = () => server.built.services.db;
const today = async () => (await sql<{ d: string }>`select current_date::text as d`.execute(db())).rows[0]!.d;

async function plan(name: string, extra: Record<string, unknown> = {}): Promise<string> {
  const body = {
    gardenId: mine,
    name,
    pointIds: pointIds.join(','),
    userId: guardId,
    cycleDays: 1,
    startTime: '00:00',
    endTime: '23:59',
    startDate: await today(),
    ...extra,
  };
  const answer = await admin.post('/system-property/patrolplan/submit', body);
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject(ok);
  return (await admin.get('/system-property/patrolplan/list', { name_equal: name })).body.data.records[0].id;
}
const tasksOf = async (planId: string) =>
  (await admin.get('/system-property/patroltask/list', { planId, size: 100 })).body.data.records;
const pointsOf = async (taskId: string, client = admin) =>
  (await client.get('/system-property/patroltaskpoints/list', { taskId, size: 100 })).body.data.records;

beforeAll(async () => {
  server = await startServer();
  admin = await signedIn(server, 'admin', 'admin', DEMO_TENANT);
  other = await otherTenant(server, '巡更测试物业');
  ({ mine, theirs } = await demoGardens(admin));
  ({ client: guard, userId: guardId } = await staffWith(
    server,
    admin,
    'guard',
    ['patrol', 'patroltask', 'patroltask_edit'],
    [mine],
  ));
  for (const [name, items] of [
    ['测试东门', '门禁是否正常\n监控是否在线'],
    ['测试车库', '照明\n消防通道'],
    ['测试配电', '温度\n门锁'],
  ]) {
    expect(
      (await admin.post('/system-property/patrolpoint/submit', { gardenId: mine, name, checkItems: items })).body,
    ).toMatchObject(ok);
    pointIds.push(
      (await admin.get('/system-property/patrolpoint/list', { name_equal: name, gardenId: mine })).body.data.records[0].id,
    );
  }
});
afterAll(async () => server?.close());

describe('points and plans', () => {
  it('refuse wrong plans with their messages', async () => {
    const base = {
      gardenId: mine,
      name: '错误计划',
      pointIds: pointIds[0],
      userId: guardId,
      cycleDays: 1,
      startTime: '08:00',
      endTime: '10:00',
      startDate: '2026-01-01',
    };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '' }, '请输入计划名称'],
      [{ pointIds: '' }, '请选择巡更点位'],
      [{ endTime: '07:00' }, '巡更时段格式为HH:mm,且结束时间晚于开始时间'],
      [{ startTime: '8点' }, '巡更时段格式为HH:mm,且结束时间晚于开始时间'],
      [{ cycleDays: 0 }, '巡更周期为1到365天'],
      [{ userId: '42' }, '所选巡更人员不存在'],
      [{ endDate: '2025-12-31' }, '结束日期不能早于开始日期'],
    ];
    for (const [change, msg] of cases) {
      expect(await admin.post('/system-property/patrolplan/submit', { ...base, ...change }), msg).toMatchObject(
        refused(400, msg),
      );
    }
    // A point of another garden is not on this garden's route.
    await admin.post('/system-property/patrolpoint/submit', { gardenId: theirs, name: '别处岗亭' });
    const foreign = (await admin.get('/system-property/patrolpoint/list', { name_equal: '别处岗亭' })).body.data.records[0].id;
    expect(
      await admin.post('/system-property/patrolplan/submit', { ...base, pointIds: `${pointIds[0]},${foreign}` }),
    ).toMatchObject(refused(400, '巡更点位须为该小区的点位'));
    expect(await admin.post('/system-property/patrolpoint/submit', { gardenId: mine, name: '测试东门' })).toMatchObject(
      refused(400, '该小区下点位名称已存在'),
    );
  });
});

describe('task generation', () => {
  it('makes one task per due plan and day, with the route’s points in order; a second run adds nothing', async () => {
    const daily = await plan('每日巡更');
    const everyThird = await plan('三日一巡', { cycleDays: 3, startDate: '2026-01-02' });
    const day = await today();
    const created = await generateTasks(db(), DEMO_TENANT, { day });
    expect(created).toBeGreaterThanOrEqual(1);
    const [task] = await tasksOf(daily);
    expect(task).toMatchObject({
      taskDate: day,
      status: 0,
      pointCount: 3,
      userId: guardId,
      gardenId: mine,
      planName: '每日巡更',
    });
    expect((await pointsOf(task.id)).map((p: { pointName: string }) => p.pointName)).toEqual([
      '测试东门',
      '测试车库',
      '测试配电',
    ]);
    const dueThird = (await sql<{ due: boolean }>`select mod(${day}::date - date '2026-01-02', 3) = 0 as due`.execute(db()))
      .rows[0]!.due;
    expect(await tasksOf(everyThird)).toHaveLength(dueThird ? 1 : 0);
    expect(await generateTasks(db(), DEMO_TENANT, { day })).toBe(0);
    expect(await tasksOf(daily)).toHaveLength(1);
    expect(await pointsOf(task.id)).toHaveLength(3);
    // Plans of other tenants are theirs: the demo tenant's run leaves them, and they see none of ours.
    expect((await other.get('/system-property/patroltask/list')).body.data.records).toEqual([]);
  });

  it('runs as a job on the platform queue, once per tenant, with its outcome', async () => {
    const planId = await plan('队列计划');
    const runId = await server.built.services.jobs.enqueue(PATROL_JOB, {}, { tenantId: DEMO_TENANT });
    const run = await eventually(
      async () => {
        const found = (await admin.get('/blade-system/job-run/detail', { id: runId })).body.data;
        return found && ['done', 'failed', 'cancelled'].includes(found.state) ? found : undefined;
      },
      30_000,
      'the patrol run to finish',
    );
    expect(run).toMatchObject({ state: 'done', outcome: expect.stringMatching(/^已生成 \d+ 个巡更任务,\d+ 个任务已结束$/) });
    expect(await tasksOf(planId)).toHaveLength(1);
    // Another tenant's run makes nothing of ours.
    expect((await other.get('/system-property/patroltask/list')).body.data.records).toEqual([]);
  });

  it('completes a run killed half way without duplicating what was made', async () => {
    const plans = [await plan('重启甲'), await plan('重启乙'), await plan('重启丙')];
    const day = '2026-02-01';
    await sql`update property_patrol_plan set start_date = ${day} where id in (${sql.join(plans)})`.execute(db());
    await expect(
      generateTasks(db(), DEMO_TENANT, {
        day,
        afterPlan: (planId) => {
          if (planId === plans[1]) throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    const made = await sql<{ plan_id: string }>`select plan_id from property_patrol_task where task_date = ${day}
      and plan_id in (${sql.join(plans)})`.execute(db());
    expect(made.rows).toHaveLength(2);
    // Taken up again: the rest is made, nothing twice, every task whole.
    await generateTasks(db(), DEMO_TENANT, { day });
    const after = await sql<{ plan_id: string; points: number; point_count: number }>`select t.plan_id, t.point_count,
        (select count(*)::int from property_patrol_task_point p where p.task_id = t.id) as points
      from property_patrol_task t where t.task_date = ${day} and t.plan_id in (${sql.join(plans)})`.execute(db());
    expect(after.rows.map((r) => String(r.plan_id)).sort()).toEqual([...plans].sort());
    expect(after.rows.every((r) => r.points === 3 && r.point_count === 3)).toBe(true);
  });

  it('makes nothing for a closed plan, or outside its dates', async () => {
    const closed = await plan('已关闭计划');
    expect(await guard.post('/system-property/patrolplan/close', { id: closed })).toMatchObject({ status: 403 });
    expect((await admin.post('/system-property/patrolplan/close', { id: closed, reason: '人员调整' })).body).toMatchObject(ok);
    expect(await admin.post('/system-property/patrolplan/close', { id: closed })).toMatchObject(refused(400, '该巡更计划已关闭'));
    expect(await admin.post('/system-property/patrolplan/submit', { id: closed, name: '改名' })).toMatchObject(
      refused(400, '该巡更计划已关闭'),
    );
    const ended = await plan('已结束计划', { startDate: '2026-01-01', endDate: '2026-01-31' });
    await generateTasks(db(), DEMO_TENANT, { day: await today() });
    expect(await tasksOf(closed)).toEqual([]);
    expect(await tasksOf(ended)).toEqual([]);
    expect((await admin.get('/system-property/patrolplan/detail', { id: closed })).body.data).toMatchObject({
      status: 0,
      closeReason: '人员调整',
    });
  });
});

describe('checking points', () => {
  it('records results and photos, moves the task along, and refuses a second check', async () => {
    const planId = await plan('巡检计划');
    await generateTasks(db(), DEMO_TENANT, { day: await today() });
    const [task] = await tasksOf(planId);
    const [first, second, third] = await pointsOf(task.id, guard);
    expect(await guard.post('/system-property/patroltaskpoints/submit', { id: first.id })).toMatchObject(
      refused(400, '请选择巡检结果'),
    );
    const photo = await photoLink(server, guard);
    expect(
      (
        await guard.post('/system-property/patroltaskpoints/submit', {
          id: first.id,
          result: 2,
          remark: '监控离线',
          images: photo,
        })
      ).body,
    ).toMatchObject(ok);
    expect(await guard.post('/system-property/patroltaskpoints/submit', { id: first.id, result: 1 })).toMatchObject(
      refused(400, '该点位已巡检'),
    );
    const checked = (await guard.get('/system-property/patroltaskpoints/detail', { id: first.id })).body.data;
    expect(checked).toMatchObject({ status: 1, result: 2, images: photo, checkUserName: 'guard师傅' });
    expect((await admin.get('/system-property/patroltask/detail', { id: task.id })).body.data).toMatchObject({
      status: 1,
      checkedCount: 1,
    });
    await guard.post('/system-property/patroltaskpoints/submit', { id: second.id, result: 1 });
    await guard.post('/system-property/patroltaskpoints/submit', { id: third.id, result: 1 });
    expect((await admin.get('/system-property/patroltask/detail', { id: task.id })).body.data).toMatchObject({
      status: 2,
      checkedCount: 3,
    });
    const records = (await admin.get('/system-property/patrol/list', { taskId: task.id })).body.data.records;
    expect(records).toHaveLength(3);
    expect(records[0]).toMatchObject({ planName: '巡检计划', userName: 'guard师傅' });
    expect((await admin.get('/system-property/patrol/page', { taskId: task.id, result: 2 })).body.data.total).toBe(1);
    // Tasks come from plans: none by hand, only the remark changes.
    // (no 新增 button: refused before the rule that tasks come from plans)
    expect(await admin.post('/system-property/patroltask/submit', { remark: 'x' })).toMatchObject({ status: 403 });
    expect(
      (await admin.post('/system-property/patroltask/submit', { id: task.id, status: 0, remark: '雨天' })).body,
    ).toMatchObject(ok);
    expect((await admin.get('/system-property/patroltask/detail', { id: task.id })).body.data).toMatchObject({
      status: 2,
      remark: '雨天',
    });
  });

  it('flags the points a task’s hours ran out on as missed, and closes tasks by hand', async () => {
    const planId = await plan('漏巡计划');
    const day = '2026-03-01';
    await sql`update property_patrol_plan set start_date = ${day} where id = ${planId}`.execute(db());
    await generateTasks(db(), DEMO_TENANT, { day });
    const [task] = await tasksOf(planId);
    const [first] = await pointsOf(task.id);
    // Its day is over: no more checks.
    expect(await guard.post('/system-property/patroltaskpoints/submit', { id: first.id, result: 1 })).toMatchObject(
      refused(400, '该巡更任务已结束,不能再巡检'),
    );
    const result = await runPatrolJob(db(), DEMO_TENANT, { day: '2026-03-02' });
    expect(result.expired).toBeGreaterThanOrEqual(1);
    expect((await admin.get('/system-property/patroltask/detail', { id: task.id })).body.data).toMatchObject({
      status: 4,
      missedCount: 3,
    });
    expect((await pointsOf(task.id)).every((p: { status: number }) => p.status === 2)).toBe(true);
    expect((await admin.get('/system-property/patrol/list', { taskId: task.id, status: 2 })).body.data.total).toBe(3);

    const open = await plan('手动关闭');
    await generateTasks(db(), DEMO_TENANT, { day: await today() });
    const [openTask] = await tasksOf(open);
    expect((await admin.post('/system-property/patroltask/close', undefined, { id: openTask.id })).body).toMatchObject(ok);
    const [point] = await pointsOf(openTask.id);
    expect(await guard.post('/system-property/patroltaskpoints/submit', { id: point.id, result: 1 })).toMatchObject(
      refused(400, '该巡更任务已结束,不能再巡检'),
    );
    expect(await admin.post('/system-property/patroltask/close', { id: openTask.id })).toMatchObject(
      refused(400, '该巡更任务已结束,不能再巡检'),
    );
  });

  it('keeps garden-bound walkers to their garden and tenants apart', async () => {
    const theirsPlan = await plan('外园计划', {
      gardenId: theirs,
      pointIds: (await admin.get('/system-property/patrolpoint/list', { name_equal: '别处岗亭' })).body.data.records[0].id,
    });
    await generateTasks(db(), DEMO_TENANT, { day: await today() });
    const [foreignTask] = await tasksOf(theirsPlan);
    expect(foreignTask).toBeDefined();
    const seen = (await guard.get('/system-property/patroltask/list', { size: 100 })).body.data.records.map(
      (t: { id: string }) => t.id,
    );
    expect(seen).not.toContain(foreignTask.id);
    expect(seen.length).toBeGreaterThan(0);
    const [foreignPoint] = await pointsOf(foreignTask.id);
    expect(await guard.post('/system-property/patroltaskpoints/submit', { id: foreignPoint.id, result: 1 })).toMatchObject({
      status: 404,
    });
    expect(await other.post('/system-property/patroltask/close', { id: foreignTask.id })).toMatchObject(
      refused(400, '巡更任务不存在或已被删除'),
    );
    // A point on an open plan's route stays.
    expect(await admin.post('/system-property/patrolpoint/remove', undefined, { ids: pointIds[0] })).toMatchObject(
      refused(400, '该点位在未关闭的巡更计划中,不能删除'),
    );
  });
});
