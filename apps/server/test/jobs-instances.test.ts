import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../src/seed/seed';
import { createTestDatabase, startServer, usingPostgres, type TestServer } from './harness';
import { createTestTables, eventually, FAST_JOBS, registerTestJobs, sleep } from './jobs/test-kinds';

/**
 * Two server instances on one PostgreSQL database, as deployed behind a load
 * balancer: each run is worked on once, a cancel asked on one instance stops
 * the run the other works on, and a schedule fires once between them.
 * (PGlite is one process's database: one instance, see jobs.test.ts.)
 */
describe.skipIf(!usingPostgres())('the job queue on two instances', () => {
  let one: TestServer;
  let two: TestServer;
  let drop: () => Promise<void>;
  /** The last test stops one instance: the database is read through the one still up. */
  let stopped: TestServer | undefined;
  const db = () => (stopped === one ? two : one).built.services.db;
  /** Held runs (by params.hold) on either instance. */
  const holds = new Map<string, { reached: () => void; release?: () => void }>();

  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    const shared = { jobs: FAST_JOBS, jwtSecret: `jobs-${Date.now()}` };
    [one, two] = await Promise.all([
      startServer(shared, { databaseUrl: database.url }),
      startServer(shared, { databaseUrl: database.url }),
    ]);
    await createTestTables(db());
    for (const [name, server] of [
      ['one', one],
      ['two', two],
    ] as const) {
      registerTestJobs(server.built.services.jobs, name, {
        afterChunk: async (params) => {
          const hold = params.hold ? holds.get(params.hold) : undefined;
          if (!hold) return;
          await new Promise<void>((resolve) => {
            hold.release = resolve;
            hold.reached();
          });
        },
      });
      // Both instances declare the same schedule on start, as a module would: it is kept once.
      server.built.services.jobs.schedule('testTick', '* * * * *');
    }
  });
  afterAll(async () => {
    for (const server of [one, two]) if (server && server !== stopped) await server.close();
    await drop?.();
  });

  const runOf = (id: string) =>
    sql<{ state: string; attempts: number }>`select state, attempts from blade_job_run where id = ${id}`
      .execute(db())
      .then((r) => r.rows[0]);

  it('works on each run once, whichever instance takes it', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const via = i % 2 ? two : one;
      ids.push(await via.built.services.jobs.enqueue('testItems', { count: 20, chunk: 5 }, { tenantId: DEMO_TENANT }));
    }
    for (const id of ids) await eventually(async () => (await runOf(id))?.state === 'done', 30_000, `run ${id}`);
    const attempts = await sql<{ run_id: string; n: string }>`select run_id, count(*) as n from job_test_attempt
      where run_id in (${sql.join(ids)}) group by run_id`.execute(db());
    expect(attempts.rows).toHaveLength(8);
    expect(attempts.rows.every((r) => Number(r.n) === 1)).toBe(true);
    const items = await sql<{ n: string; distinct_n: string }>`select count(*) as n,
        count(distinct (run_id, item)) as distinct_n from job_test_item where run_id in (${sql.join(ids)})`.execute(db());
    expect(Number(items.rows[0]!.n)).toBe(160);
    expect(Number(items.rows[0]!.distinct_n)).toBe(160);
  });

  it('stops a run on one instance when the cancel is asked on the other', async () => {
    const reached = new Promise<void>((resolve) => holds.set('cross', { reached: resolve }));
    const id = await one.built.services.jobs.enqueue(
      'testItems',
      { count: 30, chunk: 10, hold: 'cross' },
      { tenantId: DEMO_TENANT },
    );
    await reached;
    const worker = (await sql<{ instance: string }>`select instance from job_test_attempt where run_id = ${id}`.execute(db()))
      .rows[0]!.instance;
    const elsewhere = worker === 'one' ? two : one;
    expect(await elsewhere.built.services.jobs.cancel(id)).toBe('running');
    // The working instance reads the request within its polling interval; the held handler then finds its signal aborted.
    await sleep(1500);
    holds.get('cross')!.release!();
    await eventually(async () => (await runOf(id))?.state === 'cancelled', 10_000, 'the cancel');
    const written = await sql<{ n: string }>`select count(*) as n from job_test_item where run_id = ${id}`.execute(db());
    expect(Number(written.rows[0]!.n)).toBe(10);
  });

  it('fires a schedule once across both instances: one run per tenant per firing', async () => {
    const fired = await eventually(
      async () => {
        const runs = await sql<{
          id: string;
          tenant_id: string;
          run_key: string;
        }>`select id, tenant_id, run_key from blade_job_run
        where kind = 'testTick'`.execute(db());
        return runs.rows.length > 0 ? runs.rows : undefined;
      },
      70_000,
      'the schedule to fire',
    );
    // Both instances look for due schedules every second: give them a few more passes.
    await sleep(4000);
    const runs = await sql<{ id: string; tenant_id: string; run_key: string; scheduled: number; create_user: string | null }>`
      select id, tenant_id, run_key, scheduled, create_user from blade_job_run where kind = 'testTick'`.execute(db());
    const firings = new Set(runs.rows.map((r) => r.run_key));
    // A minute boundary may fall inside the wait: at most two firings, never two runs of one tenant for one firing.
    expect(firings.size).toBeLessThanOrEqual(2);
    for (const firing of firings) {
      const ofFiring = runs.rows.filter((r) => r.run_key === firing);
      expect(ofFiring.map((r) => r.tenant_id)).toEqual([DEMO_TENANT]);
    }
    expect(fired[0]).toMatchObject({ tenant_id: DEMO_TENANT });
    // pg-boss's own record: one job in the fire queue per firing, never two in one minute.
    const fireJobs = await sql<{ id: string; minute: string }>`select id::text as id,
        to_char(created_on, 'YYYY-MM-DD HH24:MI') as minute from pgboss.job where name = 'fire.testTick'`.execute(db());
    expect(new Set(fireJobs.rows.map((j) => `fire:${j.id}`))).toEqual(firings);
    expect(new Set(fireJobs.rows.map((j) => j.minute)).size).toBe(fireJobs.rows.length);
    expect(runs.rows.every((r) => Number(r.scheduled) === 1 && r.create_user === null)).toBe(true);
    // The platform tenant gets no runs of a schedule for every tenant.
    expect(runs.rows.some((r) => r.tenant_id === '000000')).toBe(false);
    for (const run of runs.rows) await eventually(async () => (await runOf(run.id))?.state === 'done', 10_000, `tick ${run.id}`);
    const ticks = await sql<{ n: string }>`select count(*) as n from job_test_attempt
      where run_id in (${sql.join(runs.rows.map((r) => r.id))})`.execute(db());
    expect(Number(ticks.rows[0]!.n)).toBe(runs.rows.length);
  });

  it('hands a run back to the queue when its instance stops, and the other instance completes it', async () => {
    const reached = new Promise<void>((resolve) => holds.set('stop', { reached: resolve }));
    const id = await one.built.services.jobs.enqueue(
      'testItems',
      { count: 30, chunk: 10, hold: 'stop' },
      { tenantId: DEMO_TENANT },
    );
    await reached;
    const worker = (await sql<{ instance: string }>`select instance from job_test_attempt where run_id = ${id}`.execute(db()))
      .rows[0]!.instance;
    stopped = worker === 'one' ? one : two;
    // close() tells the handler to stop; it notices at its next chunk, once the test lets it go on.
    const closing = stopped.close();
    await sleep(200);
    // Released and forgotten: the instance that takes the run up again runs through.
    holds.get('stop')!.release!();
    holds.delete('stop');
    await closing;
    const handedBack = await runOf(id);
    expect(['queued', 'running']).toContain(handedBack?.state);
    const run = await eventually(
      async () => {
        const row = await runOf(id);
        return row?.state === 'done' ? row : undefined;
      },
      20_000,
      'the other instance to complete the run',
    );
    expect(Number(run.attempts)).toBe(2);
    const attempts = await sql<{
      instance: string;
    }>`select instance from job_test_attempt where run_id = ${id} order by at`.execute(db());
    expect(attempts.rows.map((r) => r.instance)).toEqual([worker, worker === 'one' ? 'two' : 'one']);
    const items = await sql<{ n: string }>`select count(*) as n from job_test_item where run_id = ${id}`.execute(db());
    expect(Number(items.rows[0]!.n)).toBe(30);
  });
});
