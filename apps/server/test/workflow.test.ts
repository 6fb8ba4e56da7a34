import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../src/seed/seed';
import type { ApiClient } from './client';
import { ok, otherTenant, refused, signedIn } from './facility-fixtures';
import { CLIENT_BASIC, startServer, usingPostgres, type TestServer } from './harness';
import { eventually } from './jobs/test-kinds';
import { userWithRole } from './workflow-fixtures';
import { FLOW_TIMER_CRON, FLOW_TIMER_JOB } from '../src/modules/workflow/index';

/**
 * Workflow (issue 17): the seeded leave process through approval and
 * rejection on bpmn-engine, claim rules, a restart mid-process, BPMN upload,
 * tenant isolation and permissions — over real HTTP on a real database.
 */
let server: TestServer;
let admin: ApiClient;
let employee: ApiClient;
let manager: ApiClient;
let otherManager: ApiClient;
let boss: ApiClient;
/** A colleague of the employee's (same role) with no part in their processes. */
let colleague: ApiClient;
let leaveDefinitionId: string;
/** The second server of the PostgreSQL run (see the restart test). */
let second: TestServer | undefined;

const fileLeave = (client: ApiClient, days: number) =>
  client.post('/blade-desk/process/leave/start-process', {
    processDefinitionId: leaveDefinitionId,
    startTime: '2026-03-02 09:00:00',
    endTime: `2026-03-${String(2 + days).padStart(2, '0')} 09:00:00`,
    reason: '回家探亲',
  });
const claimList = async (client: ApiClient) => (await client.get('/blade-flow/work/claim-list', { size: 50 })).body.data.records;
const todoList = async (client: ApiClient) => (await client.get('/blade-flow/work/todo-list', { size: 50 })).body.data.records;
const taskOf = async (client: ApiClient, instanceId: string) =>
  (await claimList(client)).find((t: { processInstanceId: string }) => t.processInstanceId === instanceId);
const claim = (client: ApiClient, taskId: string) => client.post('/blade-flow/work/claim-task', undefined, { taskId });
const complete = (client: ApiClient, taskId: string, pass: boolean, comment: string) =>
  client.post('/blade-flow/work/complete-task', { taskId, pass, comment });

async function upload(client: ApiClient, name: string, text: string) {
  const form = new FormData();
  form.set('file', new Blob([text], { type: 'application/xml' }), name);
  const response = await fetch(`${server.url}/api/blade-flow/manager/deploy-upload`, {
    method: 'POST',
    headers: { Authorization: CLIENT_BASIC, 'Blade-Auth': `bearer ${client.token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as { msg: string; data: { id: string } } };
}

async function signInAll(target: TestServer) {
  admin = await signedIn(target, 'admin', 'admin', DEMO_TENANT);
  employee = await signedIn(target, 'emp', 'pass1234', DEMO_TENANT);
  manager = await signedIn(target, 'mgr1', 'pass1234', DEMO_TENANT);
  otherManager = await signedIn(target, 'mgr2', 'pass1234', DEMO_TENANT);
  boss = await signedIn(target, 'boss1', 'pass1234', DEMO_TENANT);
  colleague = await signedIn(target, 'emp2', 'pass1234', DEMO_TENANT);
}

beforeAll(async () => {
  server = await startServer();
  const db = server.built.services.db;
  await userWithRole(db, 'emp', 'user');
  await userWithRole(db, 'emp2', 'user');
  await userWithRole(db, 'mgr1', 'manager');
  await userWithRole(db, 'mgr2', 'manager');
  await userWithRole(db, 'boss1', 'boss');
  await signInAll(server);
  const startable = (await employee.get('/blade-flow/work/start-list')).body.data.records;
  leaveDefinitionId = startable.find((d: { processKey: string }) => d.processKey === 'leave').id;
}, 120_000);
afterAll(async () => {
  await second?.close();
  await server?.close();
});

describe('the leave process', () => {
  it('goes through approval: filed, claimed by a manager, approved, done with its history and diagram', async () => {
    const filed = await fileLeave(employee, 2);
    expect(filed.body).toMatchObject(ok);
    const { businessId, processInstanceId } = filed.body.data;
    const sent = (await employee.get('/blade-flow/work/send-list')).body.data.records;
    expect(sent.find((r: { processInstanceId: string }) => r.processInstanceId === processInstanceId)).toMatchObject({
      businessId,
      flag: 'leave',
      status: 'todo',
      historyActivityId: 'managerApproval',
    });
    // Only users with the manager role may claim it.
    expect(await taskOf(employee, processInstanceId)).toBeUndefined();
    expect(await taskOf(boss, processInstanceId)).toBeUndefined();
    const task = await taskOf(manager, processInstanceId);
    expect(task).toMatchObject({ taskName: '经理审批', taskDefinitionKey: 'managerApproval', assignee: null });
    expect(await claim(boss, task.taskId)).toMatchObject(refused(400, '您不是该任务的候选人,不能签收'));

    expect((await claim(manager, task.taskId)).body).toMatchObject(ok);
    expect(await claim(otherManager, task.taskId)).toMatchObject(refused(400, '该任务已被他人签收'));
    expect(await taskOf(otherManager, processInstanceId)).toBeUndefined();
    expect(await complete(otherManager, task.taskId, true, '我来')).toMatchObject(refused(400, '只有任务的办理人才能办理该任务'));
    expect((await todoList(manager)).map((t: { taskId: string }) => t.taskId)).toContain(task.taskId);

    expect((await complete(manager, task.taskId, true, '同意')).body).toMatchObject(ok);
    expect((await todoList(manager)).map((t: { taskId: string }) => t.taskId)).not.toContain(task.taskId);
    const done = (await manager.get('/blade-flow/work/done-list')).body.data.records;
    expect(done.find((t: { taskId: string }) => t.taskId === task.taskId)).toMatchObject({
      comment: '同意',
      isPass: true,
      status: 'finished',
    });

    const detail = (await employee.get('/blade-desk/process/leave/detail', { businessId })).body.data;
    expect(detail).toMatchObject({ days: 2, reason: '回家探亲', finished: true, approved: true, processInstanceId });
    const history = (await employee.get('/blade-flow/process/history-flow-list', { processInstanceId })).body.data;
    expect(history.map((h: { historyActivityId: string }) => h.historyActivityId)).toEqual([
      'start',
      'managerApproval',
      'managerResult',
      'daysGateway',
      'end',
    ]);
    expect(history[1]).toMatchObject({ assigneeName: 'mgr1', comment: '同意', isPass: true });
    expect(history[1].endTime).toBeTruthy();
    const view = (await employee.get('/blade-flow/process/model-view', { processInstanceId })).body.data;
    expect(view.xml).toContain('<bpmn:process id="leave"');
    expect(view.current).toEqual([]);
    expect(view.completed).toEqual(expect.arrayContaining(['start', 'managerApproval', 'approvedFlow', 'shortLeave', 'end']));
    expect(view.completed).not.toContain('bossApproval');
    expect(view.completed).not.toContain('rejectedFlow');
  });

  it('ends at a rejection, whatever the days', async () => {
    const { businessId, processInstanceId } = (await fileLeave(employee, 5)).body.data;
    const task = await taskOf(manager, processInstanceId);
    await claim(manager, task.taskId);
    expect((await complete(manager, task.taskId, false, '人手不足')).body).toMatchObject(ok);
    const detail = (await employee.get('/blade-desk/process/leave/detail', { businessId })).body.data;
    expect(detail).toMatchObject({ days: 5, finished: true, approved: false });
    const view = (await employee.get('/blade-flow/process/model-view', { processInstanceId })).body.data;
    expect(view.completed).toEqual(expect.arrayContaining(['rejectedFlow', 'rejected']));
    expect(view.completed).not.toContain('bossApproval');
    expect(await taskOf(boss, processInstanceId)).toBeUndefined();
  });

  it('goes to the approver the form names: theirs at once, no one else’s to claim', async () => {
    const approvers = (await employee.get('/blade-desk/process/leave/approvers')).body.data;
    const mgr2 = approvers.find((a: { realName: string }) => a.realName === 'mgr2');
    expect(mgr2).toBeDefined();
    // The platform tenant's people are not of this tenant: not offered, and refused if named anyway.
    const platformStaff = await sql<{
      id: string;
    }>`select id from blade_user where tenant_id = '000000' and account = 'staff'`.execute(server.built.services.db);
    const outsider = String(platformStaff.rows[0]!.id);
    expect(approvers.map((a: { id: string }) => a.id)).not.toContain(outsider);
    const named = (taskUser: string) =>
      employee.post('/blade-desk/process/leave/start-process', {
        processDefinitionId: leaveDefinitionId,
        startTime: '2026-04-01 09:00:00',
        endTime: '2026-04-02 09:00:00',
        reason: '指定审批人',
        taskUser,
      });
    const before = await sql`select count(*) as n from blade_process_leave`.execute(server.built.services.db);
    expect(await named(outsider)).toMatchObject(refused(400, 'taskUser 所选数据不存在或已被删除'));
    const after = await sql`select count(*) as n from blade_process_leave`.execute(server.built.services.db);
    expect(after.rows).toEqual(before.rows);

    const filed = await named(mgr2.id);
    expect(filed.body).toMatchObject(ok);
    const { processInstanceId } = filed.body.data;
    // Assigned to mgr2 (in their to-do list), so not offered to the other managers.
    expect(await taskOf(manager, processInstanceId)).toBeUndefined();
    const theirs = (await todoList(otherManager)).find(
      (t: { processInstanceId: string }) => t.processInstanceId === processInstanceId,
    );
    expect(theirs).toMatchObject({ taskDefinitionKey: 'managerApproval' });
    expect((await todoList(manager)).map((t: { taskId: string }) => t.taskId)).not.toContain(theirs.taskId);
    expect(await complete(manager, theirs.taskId, true, '我来')).toMatchObject(refused(400, '只有任务的办理人才能办理该任务'));
    expect((await complete(otherManager, theirs.taskId, true, '同意')).body).toMatchObject(ok);
  });

  it('refuses a leave that ends before it starts, and saves nothing', async () => {
    const before = await sql`select count(*) as n from blade_process_leave`.execute(server.built.services.db);
    const answer = await employee.post('/blade-desk/process/leave/start-process', {
      processDefinitionId: leaveDefinitionId,
      startTime: '2026-03-05 09:00:00',
      endTime: '2026-03-04 09:00:00',
      reason: '测试',
    });
    expect(answer).toMatchObject(refused(400, '结束时间必须晚于开始时间'));
    expect(
      await employee.post('/blade-desk/process/leave/start-process', { processDefinitionId: leaveDefinitionId }),
    ).toMatchObject(refused(400, '请选择开始时间'));
    const after = await sql`select count(*) as n from blade_process_leave`.execute(server.built.services.db);
    expect(after.rows).toEqual(before.rows);
  });
});

describe('who may read a process', () => {
  const reads = async (client: ApiClient, processInstanceId: string, businessId: string) => [
    (await client.get('/blade-desk/process/leave/detail', { businessId })).status,
    (await client.get('/blade-flow/process/history-flow-list', { processInstanceId })).status,
    (await client.get('/blade-flow/process/model-view', { processInstanceId })).status,
  ];
  const allowed = [200, 200, 200];
  const refusedAll = [403, 403, 403];

  it('is the starter, the assignees and candidates, and the flow menus; not any colleague of the tenant', async () => {
    const { businessId, processInstanceId } = (await fileLeave(employee, 5)).body.data;
    expect(await reads(employee, processInstanceId, businessId)).toEqual(allowed);
    expect(await reads(admin, processInstanceId, businessId)).toEqual(allowed);
    // Candidates of the waiting task (the manager role), before anyone claims it.
    expect(await reads(otherManager, processInstanceId, businessId)).toEqual(allowed);
    // A colleague, and the boss while the process has not reached them, are not in it.
    expect(await reads(colleague, processInstanceId, businessId)).toEqual(refusedAll);
    expect(await reads(boss, processInstanceId, businessId)).toEqual(refusedAll);
    const refusal = await colleague.get('/blade-flow/process/history-flow-list', { processInstanceId });
    expect(refusal.body).toMatchObject({ success: false, data: null });

    const task = await taskOf(manager, processInstanceId);
    await claim(manager, task.taskId);
    await complete(manager, task.taskId, true, '同意');
    // The boss is now a candidate; the manager stays readable as the one who did the task.
    expect(await reads(boss, processInstanceId, businessId)).toEqual(allowed);
    expect(await reads(manager, processInstanceId, businessId)).toEqual(allowed);
    expect(await reads(colleague, processInstanceId, businessId)).toEqual(refusedAll);
  });
});

describe('a restart in the middle of a process', () => {
  it('loses nothing: a new server on the same database completes the task and the boss approval follows', async () => {
    const { businessId, processInstanceId } = (await fileLeave(employee, 5)).body.data;
    const task = await taskOf(manager, processInstanceId);
    await claim(manager, task.taskId);

    // A new server on the same database carries on. PGlite: the first stops and the new one opens its files.
    // PostgreSQL: the new one connects to the first one's database (two instances, one database).
    if (usingPostgres()) {
      second = await startServer({}, { databaseUrl: server.built.services.config.databaseUrl });
      await signInAll(second);
    } else {
      const files = await server.built.services.database.dumpDataDir!();
      await server.close();
      server = await startServer({}, { loadDataDir: files });
      await signInAll(server);
    }

    expect((await todoList(manager)).map((t: { taskId: string }) => t.taskId)).toContain(task.taskId);
    expect((await complete(manager, task.taskId, true, '同意,转老板')).body).toMatchObject(ok);
    const bossTask = await taskOf(boss, processInstanceId);
    expect(bossTask).toMatchObject({ taskDefinitionKey: 'bossApproval', taskName: '老板审批' });
    await claim(boss, bossTask.taskId);
    expect((await complete(boss, bossTask.taskId, true, '准')).body).toMatchObject(ok);
    const detail = (await employee.get('/blade-desk/process/leave/detail', { businessId })).body.data;
    expect(detail).toMatchObject({ finished: true, approved: true });
    const history = (await employee.get('/blade-flow/process/history-flow-list', { processInstanceId })).body.data;
    expect(history.map((h: { historyActivityId: string }) => h.historyActivityId)).toEqual([
      'start',
      'managerApproval',
      'managerResult',
      'daysGateway',
      'bossApproval',
      'end',
    ]);
  }, 120_000);
});

/** A BPMN process of `body` (flow elements), without a diagram: the engine needs none. */
const bpmn = (key: string, body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d_${key}" targetNamespace="http://property.console/flow">
  <bpmn:process id="${key}" name="${key}" isExecutable="true">${body}</bpmn:process>
</bpmn:definitions>`;
const flow = (id: string, from: string, to: string, condition?: string) =>
  condition
    ? `<bpmn:sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${condition}</bpmn:conditionExpression></bpmn:sequenceFlow>`
    : `<bpmn:sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}" />`;
const userTask = (id: string, group: string) => `<bpmn:userTask id="${id}" name="${id}" camunda:candidateGroups="${group}" />`;

describe('the engine', () => {
  /** Deploys `xml` and starts it through the leave call (any definition may back a leave request). */
  async function started(xml: string, name: string) {
    const deployed = await upload(admin, `${name}.bpmn`, xml);
    expect(deployed.body.msg, deployed.body.msg).toBe('操作成功');
    const filed = await employee.post('/blade-desk/process/leave/start-process', {
      processDefinitionId: deployed.body.data.id,
      startTime: '2026-03-02 09:00:00',
      endTime: '2026-03-03 09:00:00',
      reason: name,
    });
    expect(filed.body).toMatchObject(ok);
    return String(filed.body.data.processInstanceId);
  }
  const tasksOf = async (client: ApiClient, instanceId: string) =>
    (await claimList(client)).filter((t: { processInstanceId: string }) => t.processInstanceId === instanceId);
  const takeAndDo = async (client: ApiClient, instanceId: string, key: string, variables: Record<string, unknown> = {}) => {
    const task = (await tasksOf(client, instanceId)).find((t: { taskDefinitionKey: string }) => t.taskDefinitionKey === key);
    expect(task, key).toBeDefined();
    expect((await claim(client, task.taskId)).body).toMatchObject(ok);
    const done = await client.post('/blade-flow/work/complete-task', { taskId: task.taskId, pass: true, variables });
    expect(done.body).toMatchObject(ok);
  };
  /** A run of the flow timer job in the demo tenant, as its schedule starts one; answers the finished run. */
  const runJob = async () => {
    const runId = await server.built.services.jobs.enqueue(FLOW_TIMER_JOB, {}, { tenantId: DEMO_TENANT });
    return eventually(
      async () => {
        const found = (await admin.get('/blade-system/job-run/detail', { id: runId })).body.data;
        return found && ['done', 'failed', 'cancelled'].includes(found.state) ? found : undefined;
      },
      30_000,
      'the flow timer run to finish',
    );
  };
  /** The timer events an instance waits on, as saved (the engine's due times). */
  const timersOf = async (instanceId: string) =>
    (
      await sql<{ timers: Array<{ id: string; due: string }> }>`select timers from blade_flow_instance
        where id = ${instanceId}`.execute(server.built.services.db)
    ).rows[0]!.timers;
  /** The clock moved on: the instance's timers came due a minute ago (what waiting out their time would do). */
  const makeDue = async (instanceId: string) => {
    const due = new Date(Date.now() - 60_000).toISOString();
    const timers = (await timersOf(instanceId)).map((t) => ({ ...t, due }));
    await sql`update blade_flow_instance set timers = ${JSON.stringify(timers)}::jsonb,
        timer_due = ${due}::timestamptz at time zone 'UTC' where id = ${instanceId}`.execute(server.built.services.db);
  };
  const keysOf = (tasks: Array<{ taskDefinitionKey: string }>) => tasks.map((t) => t.taskDefinitionKey);
  const statusOf = async (instanceId: string) =>
    Number(
      (
        await sql<{ status: number }>`select status from blade_flow_instance where id = ${instanceId}`.execute(
          server.built.services.db,
        )
      ).rows[0]!.status,
    );

  it('takes an exclusive gateway by a condition on a variable the task set', async () => {
    const xml = bpmn(
      'expense',
      `<bpmn:startEvent id="start" />${flow('f1', 'start', 'fill')}${userTask('fill', 'manager')}${flow('f2', 'fill', 'amountGate')}
      <bpmn:exclusiveGateway id="amountGate" default="small" />
      ${flow('large', 'amountGate', 'bossCheck', '${amount &gt;= 1000}')}${flow('small', 'amountGate', 'end')}
      ${userTask('bossCheck', 'boss')}${flow('f3', 'bossCheck', 'end')}<bpmn:endEvent id="end" />`,
    );
    const large = await started(xml, 'expense');
    await takeAndDo(manager, large, 'fill', { amount: 5000 });
    expect((await tasksOf(boss, large)).map((t: { taskDefinitionKey: string }) => t.taskDefinitionKey)).toEqual(['bossCheck']);
    const small = await started(xml, 'expense');
    await takeAndDo(manager, small, 'fill', { amount: 999 });
    expect(await tasksOf(boss, small)).toEqual([]);
    expect(await statusOf(small)).toBe(2);
    expect(await statusOf(large)).toBe(1);
  });

  it('runs parallel branches and joins them: the process ends only when both are done', async () => {
    const xml = bpmn(
      'countersign',
      `<bpmn:startEvent id="start" />${flow('f1', 'start', 'split')}<bpmn:parallelGateway id="split" />
      ${flow('a1', 'split', 'managerSign')}${flow('b1', 'split', 'bossSign')}
      ${userTask('managerSign', 'manager')}${userTask('bossSign', 'boss')}
      ${flow('a2', 'managerSign', 'join')}${flow('b2', 'bossSign', 'join')}<bpmn:parallelGateway id="join" />
      ${flow('f2', 'join', 'end')}<bpmn:endEvent id="end" />`,
    );
    const id = await started(xml, 'countersign');
    // 已发事务 of one process (the 请假流程 menu shows the leave's alone).
    const sentOf = async (processKey: string) =>
      (await employee.get('/blade-flow/work/send-list', { processKey, size: 200 })).body.data.records.map(
        (r: { processInstanceId: string }) => r.processInstanceId,
      );
    expect(await sentOf('countersign')).toEqual([id]);
    expect(await sentOf('leave')).not.toContain(id);
    expect((await tasksOf(manager, id)).map((t: { taskDefinitionKey: string }) => t.taskDefinitionKey)).toEqual(['managerSign']);
    expect((await tasksOf(boss, id)).map((t: { taskDefinitionKey: string }) => t.taskDefinitionKey)).toEqual(['bossSign']);
    await takeAndDo(manager, id, 'managerSign');
    expect(await statusOf(id)).toBe(1);
    const view = (await admin.get('/blade-flow/process/model-view', { processInstanceId: id })).body.data;
    expect(view.current).toEqual(expect.arrayContaining(['bossSign']));
    expect(view.completed).toContain('managerSign');
    await takeAndDo(boss, id, 'bossSign');
    expect(await statusOf(id)).toBe(2);
    const history = (await admin.get('/blade-flow/process/history-flow-list', { processInstanceId: id })).body.data;
    expect(history.map((h: { historyActivityId: string }) => h.historyActivityId)).toEqual(
      expect.arrayContaining(['managerSign', 'bossSign', 'join', 'end']),
    );
  });

  it('escalates after N days: the job queue fires the due timer, the task moves to the boss', async () => {
    const xml = bpmn(
      'escalation',
      `<bpmn:startEvent id="start" />${flow('f1', 'start', 'managerApproval')}${userTask('managerApproval', 'manager')}
      <bpmn:boundaryEvent id="overdue" attachedToRef="managerApproval" cancelActivity="true">
        <bpmn:timerEventDefinition><bpmn:timeDuration xsi:type="bpmn:tFormalExpression">P3D</bpmn:timeDuration></bpmn:timerEventDefinition>
      </bpmn:boundaryEvent>
      ${flow('f2', 'managerApproval', 'end')}${flow('f3', 'overdue', 'bossEscalation')}${userTask('bossEscalation', 'boss')}
      ${flow('f4', 'bossEscalation', 'end')}<bpmn:endEvent id="end" />`,
    );
    const db = server.built.services.db;
    const id = await started(xml, 'escalation');
    const saved = await sql<{ timers: Array<{ id: string; due: string }>; in_days: number }>`select timers,
        extract(epoch from (timer_due - (now() at time zone 'UTC'))) / 86400 as in_days
      from blade_flow_instance where id = ${id}`.execute(db);
    expect(saved.rows[0]!.timers.map((t) => t.id)).toEqual(['overdue']);
    expect(Number(saved.rows[0]!.in_days)).toBeGreaterThan(2.9);
    expect(Number(saved.rows[0]!.in_days)).toBeLessThan(3.01);

    // Not due yet: nothing moves.
    expect(await runJob()).toMatchObject({ state: 'done', outcome: '0 个流程的定时事件已触发' });
    expect((await tasksOf(manager, id)).length).toBe(1);
    // Three days later (the saved due time moved back): the manager's task is cancelled and the boss has it.
    await sql`update blade_flow_instance set timer_due = timer_due - interval '4 days',
        timers = jsonb_build_array(jsonb_build_object('id', 'overdue', 'due', to_char((now() at time zone 'UTC') - interval '1 day', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')))
      where id = ${id}`.execute(db);
    expect(await runJob()).toMatchObject({ state: 'done', outcome: '1 个流程的定时事件已触发' });
    expect(await tasksOf(manager, id)).toEqual([]);
    expect((await tasksOf(boss, id)).map((t: { taskDefinitionKey: string }) => t.taskDefinitionKey)).toEqual(['bossEscalation']);
    const cancelled = await sql<{ status: number }>`select status from blade_flow_task where instance_id = ${id}
      and task_definition_key = 'managerApproval'`.execute(db);
    expect(cancelled.rows.map((r) => Number(r.status))).toEqual([3]);
    await takeAndDo(boss, id, 'bossEscalation');
    expect(await statusOf(id)).toBe(2);
  }, 90_000);

  it('waits at an intermediate timer (a duration) until the job queue fires it, then goes on', async () => {
    const xml = bpmn(
      'cooling',
      `<bpmn:startEvent id="start" />${flow('f1', 'start', 'coolOff')}
      <bpmn:intermediateCatchEvent id="coolOff">
        <bpmn:timerEventDefinition><bpmn:timeDuration xsi:type="bpmn:tFormalExpression">PT2H</bpmn:timeDuration></bpmn:timerEventDefinition>
      </bpmn:intermediateCatchEvent>
      ${flow('f2', 'coolOff', 'managerApproval')}${userTask('managerApproval', 'manager')}${flow('f3', 'managerApproval', 'end')}
      <bpmn:endEvent id="end" />`,
    );
    const before = Date.now();
    const id = await started(xml, 'cooling');
    const [timer] = await timersOf(id);
    expect(timer!.id).toBe('coolOff');
    // Due two hours after the start, by the engine's reading of PT2H.
    expect(Date.parse(timer!.due) - before).toBeGreaterThanOrEqual(2 * 3600_000);
    expect(Date.parse(timer!.due) - Date.now()).toBeLessThanOrEqual(2 * 3600_000);
    expect(await tasksOf(manager, id)).toEqual([]);
    // Not due: the job leaves it waiting.
    expect(await runJob()).toMatchObject({ state: 'done' });
    expect(await tasksOf(manager, id)).toEqual([]);
    expect((await timersOf(id)).map((t) => t.id)).toEqual(['coolOff']);
    await makeDue(id);
    expect(await runJob()).toMatchObject({ state: 'done', outcome: '1 个流程的定时事件已触发' });
    expect(keysOf(await tasksOf(manager, id))).toEqual(['managerApproval']);
    expect(await timersOf(id)).toEqual([]);
    await takeAndDo(manager, id, 'managerApproval');
    expect(await statusOf(id)).toBe(2);
  }, 90_000);

  it('waits for a timer on a date: due at that instant, fired by the job queue once it has come', async () => {
    const xml = bpmn(
      'dated',
      `<bpmn:startEvent id="start" />${flow('f1', 'start', 'onTheDay')}
      <bpmn:intermediateCatchEvent id="onTheDay">
        <bpmn:timerEventDefinition><bpmn:timeDate xsi:type="bpmn:tFormalExpression">2030-01-01T08:00:00Z</bpmn:timeDate></bpmn:timerEventDefinition>
      </bpmn:intermediateCatchEvent>
      ${flow('f2', 'onTheDay', 'managerApproval')}${userTask('managerApproval', 'manager')}${flow('f3', 'managerApproval', 'end')}
      <bpmn:endEvent id="end" />`,
    );
    const id = await started(xml, 'dated');
    expect(await timersOf(id)).toEqual([{ id: 'onTheDay', due: '2030-01-01T08:00:00.000Z' }]);
    const saved = await sql<{ due: string }>`select to_char(timer_due, 'YYYY-MM-DD HH24:MI:SS') as due from blade_flow_instance
      where id = ${id}`.execute(server.built.services.db);
    expect(saved.rows[0]!.due).toBe('2030-01-01 08:00:00');
    expect(await runJob()).toMatchObject({ state: 'done' });
    expect(await tasksOf(manager, id)).toEqual([]);
    await makeDue(id);
    expect(await runJob()).toMatchObject({ state: 'done', outcome: '1 个流程的定时事件已触发' });
    expect(keysOf(await tasksOf(manager, id))).toEqual(['managerApproval']);
    await takeAndDo(manager, id, 'managerApproval');
    expect(await statusOf(id)).toBe(2);
  }, 90_000);

  it('repeats a cycle timer once per due time: each firing sets the next, the task it is on stays', async () => {
    const xml = bpmn(
      'reminded',
      `<bpmn:startEvent id="start" />${flow('f1', 'start', 'managerApproval')}${userTask('managerApproval', 'manager')}
      <bpmn:boundaryEvent id="remind" attachedToRef="managerApproval" cancelActivity="false">
        <bpmn:timerEventDefinition><bpmn:timeCycle xsi:type="bpmn:tFormalExpression">R2/PT1H</bpmn:timeCycle></bpmn:timerEventDefinition>
      </bpmn:boundaryEvent>
      ${flow('f2', 'managerApproval', 'end')}${flow('f3', 'remind', 'bossReminder')}${userTask('bossReminder', 'boss')}
      ${flow('f4', 'bossReminder', 'noted')}<bpmn:endEvent id="end" /><bpmn:endEvent id="noted" />`,
    );
    const id = await started(xml, 'reminded');
    expect((await timersOf(id)).map((t) => t.id)).toEqual(['remind']);
    await makeDue(id);
    const firedAt = Date.now();
    expect(await runJob()).toMatchObject({ state: 'done', outcome: '1 个流程的定时事件已触发' });
    // The first repetition: the boss is reminded, the manager keeps the task (not interrupting)…
    expect(keysOf(await tasksOf(boss, id))).toEqual(['bossReminder']);
    expect(keysOf(await tasksOf(manager, id))).toEqual(['managerApproval']);
    // …and the second waits an hour from now, not fired in the same run.
    const next = await timersOf(id);
    expect(next.map((t) => t.id)).toEqual(['remind']);
    expect(Date.parse(next[0]!.due) - firedAt).toBeGreaterThan(3500_000);
    await makeDue(id);
    expect(await runJob()).toMatchObject({ state: 'done', outcome: '1 个流程的定时事件已触发' });
    // Two repetitions (R2): none left.
    expect(await timersOf(id)).toEqual([]);
    expect(await runJob()).toMatchObject({ state: 'done', outcome: '0 个流程的定时事件已触发' });
    await takeAndDo(manager, id, 'managerApproval');
    expect(await statusOf(id)).toBe(1);
    await admin.post('/blade-flow/follow/delete-process-instance', undefined, {
      processInstanceId: id,
      deleteReason: '测试结束',
    });
  }, 90_000);

  it('fires timers in the platform tenant too: its own schedule beside every other tenant’s', async () => {
    const schedules = await sql<{ key: string; cron: string }>`select key, cron from pgboss.schedule
      where name = ${`fire.${FLOW_TIMER_JOB}`} order by key`.execute(server.built.services.db);
    expect(schedules.rows).toEqual([
      { key: '000000', cron: FLOW_TIMER_CRON },
      { key: 'all', cron: FLOW_TIMER_CRON },
    ]);
  });
});

describe('deployments', () => {
  it('refuses a file that is not BPMN, and deploys nothing', async () => {
    const count = async () => (await admin.get('/blade-flow/manager/list', { size: 100 })).body.data.total;
    const before = await count();
    const broken = await upload(admin, 'broken.bpmn', '<definitions><process id="x"></definitions>');
    expect(broken.status).toBe(400);
    expect(broken.body.msg).toMatch(/^流程文件无效/);
    const noProcess = await upload(
      admin,
      'empty.bpmn',
      '<?xml version="1.0"?><bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d"/>',
    );
    expect(noProcess.body.msg).toBe('流程文件无效: 没有可执行的流程');
    const text = await upload(admin, 'notes.txt', 'hello');
    expect(text.body.msg).toBe('请上传 BPMN 流程文件(.bpmn 或 .xml)');
    expect(await count()).toBe(before);
  });

  it('deploys an uploaded file as the next version of its key, and suspends and activates it', async () => {
    const view = (await admin.get('/blade-flow/process/model-view', { processDefinitionId: leaveDefinitionId })).body.data;
    const deployed = await upload(admin, 'leave.bpmn', view.xml);
    expect(deployed.body).toMatchObject({ code: 200, data: { processKey: 'leave', version: 2, category: '1' } });
    const id = deployed.body.data.id;
    expect(
      (await admin.post('/blade-flow/manager/change-state', undefined, { processId: id, state: 'suspend' })).body,
    ).toMatchObject(ok);
    const startable = (await employee.get('/blade-flow/work/start-list')).body.data.records;
    expect(startable.find((d: { processKey: string }) => d.processKey === 'leave').id).toBe(leaveDefinitionId);
    expect(
      await employee.post('/blade-desk/process/leave/start-process', {
        processDefinitionId: id,
        startTime: '2026-03-02 09:00:00',
        endTime: '2026-03-03 09:00:00',
        reason: '测试',
      }),
    ).toMatchObject(refused(400, '流程已挂起,不能发起'));
    await admin.post('/blade-flow/manager/change-state', undefined, { processId: id, state: 'active' });
    expect((await admin.post('/blade-flow/manager/delete-deployment', undefined, { deploymentIds: id })).body).toMatchObject(ok);
  });
});

describe('tracking', () => {
  it('lists running instances and deletes one with a reason, cancelling its task', async () => {
    const { processInstanceId } = (await fileLeave(employee, 1)).body.data;
    const running = (await admin.get('/blade-flow/follow/list', { size: 100 })).body.data.records;
    expect(running.map((r: { processInstanceId: string }) => r.processInstanceId)).toContain(processInstanceId);
    const del = (reason?: string) =>
      admin.post('/blade-flow/follow/delete-process-instance', undefined, { processInstanceId, deleteReason: reason });
    expect(await del()).toMatchObject(refused(400, '请输入删除原因'));
    expect((await del('填错了')).body).toMatchObject(ok);
    expect(await taskOf(manager, processInstanceId)).toBeUndefined();
    const after = (await admin.get('/blade-flow/follow/list', { size: 100 })).body.data.records;
    expect(after.map((r: { processInstanceId: string }) => r.processInstanceId)).not.toContain(processInstanceId);
  });
});

describe('tenancy and permissions', () => {
  it('keeps each tenant’s processes to itself', async () => {
    const { processInstanceId } = (await fileLeave(employee, 1)).body.data;
    const task = await taskOf(manager, processInstanceId);
    const other = await otherTenant(server, '流程测试物业');
    // The other tenant has its own leave process, not ours.
    const theirs = (await other.get('/blade-flow/work/start-list')).body.data.records;
    expect(theirs).toHaveLength(1);
    expect(theirs[0].id).not.toBe(leaveDefinitionId);
    expect((await claimList(other)).map((t: { taskId: string }) => t.taskId)).not.toContain(task.taskId);
    expect(await claim(other, task.taskId)).toMatchObject(refused(400, '任务不存在或已办结'));
    expect(await other.get('/blade-flow/process/history-flow-list', { processInstanceId })).toMatchObject(
      refused(400, '流程实例不存在或已结束'),
    );
    const otherFollow = (await other.get('/blade-flow/follow/list', { size: 100 })).body.data.records;
    expect(otherFollow.map((r: { processInstanceId: string }) => r.processInstanceId)).not.toContain(processInstanceId);
    // Ours still sees it.
    expect(
      (await admin.get('/blade-flow/follow/list', { size: 100 })).body.data.records.map(
        (r: { processInstanceId: string }) => r.processInstanceId,
      ),
    ).toContain(processInstanceId);
  });

  it('lets a user without the menus see no deployments nor instances', async () => {
    const staff = await signedIn(server, 'staff', 'staff123', '000000');
    expect((await staff.get('/blade-flow/manager/list')).status).toBe(403);
    expect((await staff.get('/blade-flow/follow/list')).status).toBe(403);
    expect(
      (
        await employee.post('/blade-flow/follow/delete-process-instance', undefined, {
          processInstanceId: '1',
          deleteReason: 'x',
        })
      ).status,
    ).toBe(403);
  });
});
