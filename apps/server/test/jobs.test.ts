import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../src/seed/seed';
import type { ApiClient } from './client';
import { ok, otherTenant, refused, signedIn } from './facility-fixtures';
import { startServer, type TestServer } from './harness';
import { createTestTables, eventually, FAST_JOBS, registerTestJobs, type ItemsParams } from './jobs/test-kinds';

/**
 * The job queue on one instance (PGlite, and PostgreSQL in the postgres
 * project): a run goes queued → running → done with its progress visible,
 * is cancelled queued or running, and each tenant sees only its own runs.
 * Several instances, kills and schedules: jobs-instances.test.ts, jobs-kill.test.ts.
 */
let server: TestServer;
let admin: ApiClient;
let other: ApiClient;
let staff: ApiClient;
let adminId: string;

/** Runs held after a chunk until the test lets them go, by the `hold` name in their params. */
const holds = new Map<string, { at: number; reached: () => void; release?: () => void }>();
function holdAfter(name: string, at: number): Promise<void> {
  return new Promise((reached) => holds.set(name, { at, reached }));
}
const release = (name: string) => holds.get(name)?.release?.();

const db = () => server.built.services.db;
const jobs = () => server.built.services.jobs;
const items = async (runId: string) =>
  Number((await sql<{ n: string }>`select count(*) as n from job_test_item where run_id = ${runId}`.execute(db())).rows[0]!.n);
const detail = async (client: ApiClient, id: string, language?: string) =>
  (
    await client.call('GET', '/blade-system/job-run/detail', {
      query: { id },
      headers: language ? { 'Accept-Language': language } : {},
    })
  ).body.data;
const finished = (client: ApiClient, id: string) =>
  eventually(
    async () => {
      const run = await detail(client, id);
      return run && ['done', 'failed', 'cancelled'].includes(run.state) ? run : undefined;
    },
    20_000,
    `run ${id} to finish`,
  );

/** Enqueued as the demo tenant's administrator would from a screen. */
const enqueue = (params: ItemsParams, by: { tenantId: string; userId: string } = { tenantId: DEMO_TENANT, userId: adminId }) =>
  jobs().enqueue('testItems', params as unknown as Record<string, unknown>, by);

beforeAll(async () => {
  server = await startServer({ jobs: FAST_JOBS });
  await createTestTables(db());
  registerTestJobs(jobs(), 'one', {
    afterChunk: async (params, done) => {
      const hold = params.hold ? holds.get(params.hold) : undefined;
      if (hold && hold.at === done) {
        const released = new Promise<void>((resolve) => (hold.release = resolve));
        hold.reached();
        await released;
      }
    },
  });
  // Runs past its time (1 s) with no retry: pg-boss takes the job back, aborts its signal and dead-letters it.
  jobs().registerJob(
    'testHang',
    async ({ signal }) => {
      await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
    },
    { retryLimit: 0, expireInSeconds: 1 },
  );
  // Fails its first attempt (and every one when params.always): retried once, after a second.
  jobs().registerJob<{ always?: boolean }>(
    'testFlaky',
    async ({ attempt, params }) => {
      if (params.always || attempt === 1) throw new Error(`attempt ${attempt} broke`);
      return { key: 'jobDone' };
    },
    { retryLimit: 1 },
  );
  admin = await signedIn(server, 'admin', 'admin', DEMO_TENANT);
  other = await otherTenant(server, '任务测试物业');
  staff = await signedIn(server, 'staff', 'staff123', '000000');
  adminId = String((await admin.get('/blade-system/user/info')).body.data.id);
});
afterAll(async () => server?.close());

describe('a run', () => {
  it('runs once, to the end, with its progress and outcome', async () => {
    const id = await enqueue({ count: 25, chunk: 10 });
    const queued = await detail(admin, id);
    expect(queued).toMatchObject({ id, kind: 'testItems', tenantId: DEMO_TENANT, createUser: adminId, params: { count: 25 } });
    const run = await finished(admin, id);
    expect(run).toMatchObject({ state: 'done', progressDone: 25, progressTotal: 25, attempts: 1, outcomeKey: 'jobDone' });
    expect(run.outcome).toBe('任务已完成');
    expect(run.startedAt).toBeTruthy();
    expect(run.finishedAt).toBeTruthy();
    expect((await detail(admin, id, 'en')).outcome).toBe('The job is done');
    expect(await items(id)).toBe(25);
    const attempts = await sql`select * from job_test_attempt where run_id = ${id}`.execute(db());
    expect(attempts.rows).toHaveLength(1);
  });

  it('shows its progress while it runs', async () => {
    const reached = holdAfter('progress', 10);
    const id = await enqueue({ count: 30, chunk: 10, hold: 'progress' });
    await reached;
    expect(await detail(admin, id)).toMatchObject({ state: 'running', progressDone: 10, progressTotal: 30, outcome: null });
    release('progress');
    expect(await finished(admin, id)).toMatchObject({ state: 'done', progressDone: 30 });
  });

  it('answers the same run for the same key, and starts it once', async () => {
    const by = { tenantId: DEMO_TENANT, userId: adminId };
    const params = { count: 3, chunk: 3 };
    const first = await jobs().enqueue('testItems', params, by, { key: 'same-key' });
    const second = await jobs().enqueue('testItems', params, by, { key: 'same-key' });
    expect(second).toBe(first);
    await finished(admin, first);
    const runs = await sql`select id from blade_job_run where run_key = 'same-key'`.execute(db());
    expect(runs.rows).toHaveLength(1);
    expect((await sql`select 1 from job_test_attempt where run_id = ${first}`.execute(db())).rows).toHaveLength(1);
  });

  it('is not written when the transaction it was enqueued in rolls back', async () => {
    const before = (await sql`select count(*) as n from blade_job_run`.execute(db())).rows[0];
    await expect(
      db()
        .transaction()
        .execute(async (tx) => {
          await jobs().enqueue('testItems', { count: 1, chunk: 1 }, { tenantId: DEMO_TENANT }, { db: tx });
          throw new Error('the caller changed its mind');
        }),
    ).rejects.toThrow('the caller changed its mind');
    expect((await sql`select count(*) as n from blade_job_run`.execute(db())).rows[0]).toEqual(before);
  });
});

describe('a run the queue gives up on', () => {
  it('is retried after a failed attempt and ends done; failing every attempt, it ends failed with the last error', async () => {
    const retried = await jobs().enqueue('testFlaky', {}, { tenantId: DEMO_TENANT, userId: adminId });
    expect(await finished(admin, retried)).toMatchObject({ state: 'done', attempts: 2, error: null });
    const broken = await jobs().enqueue('testFlaky', { always: true }, { tenantId: DEMO_TENANT, userId: adminId });
    const run = await finished(admin, broken);
    expect(run).toMatchObject({ state: 'failed', attempts: 2, outcome: '任务执行失败,请稍后重试' });
    expect(run.error).toContain('attempt 2 broke');
  });

  it('is marked failed when its time runs out and no retry is left, though its handler never said so', async () => {
    const id = await jobs().enqueue('testHang', {}, { tenantId: DEMO_TENANT, userId: adminId });
    const run = await finished(admin, id);
    expect(run).toMatchObject({ state: 'failed', outcomeKey: 'jobFailed', outcome: '任务执行失败,请稍后重试' });
    expect(run.error).toBeTruthy();
  });
});

describe('cancel', () => {
  it('stops a running run at its next chunk, keeping what is done; a finished run cannot be cancelled', async () => {
    const reached = holdAfter('cancel-running', 10);
    const id = await enqueue({ count: 50, chunk: 10, hold: 'cancel-running' });
    await reached;
    const asked = await admin.post('/blade-system/job-run/cancel', undefined, { id });
    expect(asked.body).toMatchObject({ ...ok, data: { id, state: 'running', cancelRequested: 1 } });
    release('cancel-running');
    const run = await finished(admin, id);
    expect(run).toMatchObject({ state: 'cancelled', outcome: '任务已取消', progressDone: 10 });
    expect(await items(id)).toBe(10);
    expect(await admin.post('/blade-system/job-run/cancel', undefined, { id })).toMatchObject(
      refused(400, '该任务已结束,不能取消'),
    );
  });

  it('cancels a queued run before it starts, so it never runs', async () => {
    // The kind works on one run at a time: the second waits in the queue while the first is held.
    const reached = holdAfter('cancel-queued', 10);
    const first = await enqueue({ count: 20, chunk: 10, hold: 'cancel-queued' });
    await reached;
    const second = await enqueue({ count: 5, chunk: 5 });
    expect((await detail(admin, second)).state).toBe('queued');
    expect((await admin.post('/blade-system/job-run/cancel', undefined, { id: second })).body.data).toMatchObject({
      state: 'cancelled',
    });
    release('cancel-queued');
    expect((await finished(admin, first)).state).toBe('done');
    // The second's queue job is taken and dropped: its run stays cancelled and wrote nothing.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await detail(admin, second)).toMatchObject({ state: 'cancelled', attempts: 0 });
    expect(await items(second)).toBe(0);
  });
});

describe('who sees and cancels runs', () => {
  let demoRun: string;
  let staffRun: string;
  let staffId: string;
  beforeAll(async () => {
    demoRun = await enqueue({ count: 2, chunk: 2 });
    staffId = String((await staff.get('/blade-system/user/info')).body.data.id);
    staffRun = await enqueue({ count: 2, chunk: 2 }, { tenantId: '000000', userId: staffId });
    await finished(admin, demoRun);
  });

  it('lists a tenant its own runs only', async () => {
    const demo = (await admin.get('/blade-system/job-run/page', { size: 100 })).body.data.records.map(
      (r: { id: string }) => r.id,
    );
    expect(demo).toContain(demoRun);
    expect(demo).not.toContain(staffRun);
    const others = await other.get('/blade-system/job-run/page', { size: 100 });
    expect(others.body).toMatchObject(ok);
    expect(others.body.data.records.map((r: { id: string }) => r.id)).not.toContain(demoRun);
    expect(await detail(other, demoRun)).toBeNull();
    expect(await other.post('/blade-system/job-run/cancel', undefined, { id: demoRun })).toMatchObject(
      refused(404, '数据不存在或已被删除'),
    );
  });

  it('filters by kind and state', async () => {
    const page = (await admin.get('/blade-system/job-run/page', { kind_equal: 'testItems', state_equal: 'done', size: 100 })).body
      .data;
    expect(page.records.length).toBeGreaterThan(0);
    expect(page.records.every((r: { kind: string; state: string }) => r.kind === 'testItems' && r.state === 'done')).toBe(true);
  });

  it('lets a user without the menu follow the runs they started, and no others', async () => {
    expect(await staff.get('/blade-system/job-run/page')).toMatchObject(refused(403, '请求被拒绝'));
    expect((await detail(staff, staffRun))?.id).toBe(staffRun);
    const platformAdmin = await signedIn(server, 'admin', 'admin', '000000');
    const platformRun = await enqueue({ count: 1, chunk: 1 }, { tenantId: '000000', userId: '1' });
    expect(await detail(staff, platformRun)).toBeNull();
    expect(await staff.post('/blade-system/job-run/cancel', undefined, { id: platformRun })).toMatchObject(
      refused(404, '数据不存在或已被删除'),
    );
    // The platform administrator holds the menu and its cancel button: every run of the tenant.
    expect((await detail(platformAdmin, staffRun))?.id).toBe(staffRun);
  });
});
