import { sql } from 'kysely';
import type { Db } from '../../src/platform/db/database';
import type { JobQueue } from '../../src/platform/jobs/index';

/**
 * Job kinds the queue's tests run, written the way a module writes its own:
 * each chunk in its own transaction, keyed (job_test_item's primary key is
 * run + item) so a rerun after a kill or a stop skips what is done.
 */
export interface ItemsParams {
  count: number;
  chunk: number;
  /** Time spent inside each chunk's transaction, so a test can kill or stop the worker mid-chunk. */
  slowMs?: number;
  /** A name the test's afterChunk hook recognises (to hold the run there). */
  hold?: string;
}

export async function createTestTables(db: Db): Promise<void> {
  await sql`create table if not exists job_test_item (run_id bigint not null, item integer not null, instance text,
    primary key (run_id, item))`.execute(db);
  await sql`create table if not exists job_test_attempt (run_id bigint not null, instance text, attempt integer,
    at timestamp default clock_timestamp())`.execute(db);
}

export interface TestHooks {
  /** Called after each chunk commits; the handler waits for what it answers (a test holds a run there). */
  afterChunk?(params: ItemsParams, done: number, runId: string): Promise<void> | void;
}

/** `testItems`: writes items 1..count in chunks. `testTick`: records that a schedule fired. */
export function registerTestJobs(jobs: JobQueue, instance: string, hooks: TestHooks = {}): void {
  jobs.registerJob<ItemsParams>(
    'testItems',
    async ({ runId, params, progress, signal, db, attempt }) => {
      await sql`insert into job_test_attempt (run_id, instance, attempt) values (${runId}, ${instance}, ${attempt})`.execute(db);
      const { count, chunk, slowMs = 0 } = params;
      await progress(0, count);
      for (let from = 1; from <= count; from += chunk) {
        signal.throwIfAborted();
        const to = Math.min(from + chunk - 1, count);
        await db.transaction().execute(async (tx) => {
          await sql`insert into job_test_item (run_id, item, instance)
            select ${runId}, g, ${instance} from generate_series(${from}::integer, ${to}::integer) g
            on conflict do nothing`.execute(tx);
          if (slowMs) await new Promise((resolve) => setTimeout(resolve, slowMs));
        });
        await progress(to, count);
        await hooks.afterChunk?.(params, to, runId);
      }
      return { key: 'jobDone' };
    },
    { concurrency: 1 },
  );
  jobs.registerJob('testTick', async ({ runId, db, attempt }) => {
    await sql`insert into job_test_attempt (run_id, instance, attempt) values (${runId}, ${instance}, ${attempt})`.execute(db);
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` answers something truthy (polling), or fails after `ms`. */
export async function eventually<T>(check: () => Promise<T>, ms = 20_000, what = 'condition'): Promise<NonNullable<T>> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > until) throw new Error(`Timed out after ${ms} ms waiting for ${what}`);
    await sleep(100);
  }
}

/** Quick timings for tests: workers poll every half second, dead workers are noticed after 10 s. */
export const FAST_JOBS = {
  workers: true,
  pollingSeconds: 0.5,
  heartbeatSeconds: 10,
  superviseSeconds: 1,
  cronSeconds: 1,
  retryDelaySeconds: 1,
  stopTimeoutMs: 5000,
};
