import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashTypedPassword } from '../src/platform/auth/password';
import type { Db } from '../src/platform/db/database';
import { DEMO_TENANT } from '../src/seed/seed';
import type { ApiClient } from './client';
import { ok, otherTenant, refused, signedIn } from './facility-fixtures';
import { CLIENT_BASIC, startServer, usingPostgres, type TestServer } from './harness';

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

/** A role and a user holding it in the demo tenant, made directly in its tables. */
async function userWithRole(db: Db, account: string, alias: string): Promise<void> {
  const role = await sql<{
    id: string;
  }>`select id from blade_role where tenant_id = ${DEMO_TENANT} and role_alias = ${alias}`.execute(db);
  let roleId = role.rows[0]?.id;
  if (!roleId) {
    const made = await sql<{ id: string }>`insert into blade_role (tenant_id, parent_id, role_name, sort, role_alias)
      values (${DEMO_TENANT}, 0, ${alias}, 9, ${alias}) returning id`.execute(db);
    roleId = made.rows[0]!.id;
  }
  await sql`insert into blade_user (tenant_id, user_type, account, password, name, real_name, role_id, status)
    values (${DEMO_TENANT}, 1, ${account}, ${await hashTypedPassword('pass1234')}, ${account}, ${account}, ${String(roleId)}, 1)`.execute(
    db,
  );
}

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
