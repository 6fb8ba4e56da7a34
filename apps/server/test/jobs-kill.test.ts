import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createSeededTestDatabase, seededPgliteFiles, usingPostgres } from './harness';
import { createTestTables, eventually, FAST_JOBS, registerTestJobs } from './jobs/test-kinds';

/**
 * A worker SIGKILLed in the middle of a chunk: its process is gone without a
 * word, the chunk's transaction with it. Another instance (PostgreSQL), or the
 * same database started again (PGlite, its files on disk), notices the dead
 * worker by its missing heartbeat and takes the run up again; the rerun
 * skips the committed chunks and completes the run, each item once.
 */
const WORKER = fileURLToPath(new URL('./jobs/worker-process.ts', import.meta.url));
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function environment(place: { dataDir: string; databaseUrl?: string }): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: join(place.dataDir, 'db'),
    DATABASE_URL: place.databaseUrl ?? '',
    REDIS_URL: '',
    JWT_SECRET: 'jobs-kill-secret-0123456789abcdef',
    CAPTCHA_ENABLED: 'false',
    SEED_DEMO: 'false',
    WEB_ROOT: '/nonexistent',
  };
}

/** Starts the worker process and answers its run id once it has committed `chunks` chunks (and sits in the next). */
async function workerMidRun(env: NodeJS.ProcessEnv, afterItems: number): Promise<{ child: ChildProcess; runId: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    env: { ...env, JOB_TEST_ENQUEUE: '50,10,1500' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cleanups.push(() => void child.kill('SIGKILL'));
  const lines = createInterface({ input: child.stdout! });
  let runId = '';
  const reached = new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`worker exited with ${code} before the chunk`)));
    lines.on('line', (line) => {
      const [word, id, done] = line.split(' ');
      if (word === 'run') runId = id!;
      if (word === 'chunk' && id === runId && Number(done) === afterItems) resolve(runId);
    });
  });
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('worker too slow')), 120_000).unref());
  return { child, runId: await Promise.race([reached, timeout]) };
}

it('a run whose worker is killed mid-chunk is completed by another worker, each item once', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pc-jobs-kill-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  // A copy of the run's seeded database (platform only), as every test server starts from.
  let databaseUrl: string | undefined;
  let tar: string | undefined;
  if (usingPostgres()) {
    const database = await createSeededTestDatabase({ seedDemo: false });
    databaseUrl = database.url;
    cleanups.push(() => database.drop());
  } else {
    tar = join(dataDir, 'seeded.tar');
    writeFileSync(tar, Buffer.from(await (await seededPgliteFiles({ seedDemo: false })).arrayBuffer()));
  }
  const env = { ...environment({ dataDir, databaseUrl }), ...(tar ? { JOB_TEST_DATA_TAR: tar } : {}) };

  // Two chunks of ten committed; the third is inside its transaction (1.5 s) when the process dies.
  const { child, runId } = await workerMidRun(env, 20);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;

  const resumer: BuiltApp = await buildApp({ ...loadConfig(env), logLevel: 'silent', jobs: FAST_JOBS }, { logger: false });
  cleanups.push(() => resumer.close());
  const { db, jobs } = resumer.services;
  await createTestTables(db);
  registerTestJobs(jobs, 'resumer');

  const midway = await sql<{ state: string; progress_done: number }>`select state, progress_done from blade_job_run
    where id = ${runId}`.execute(db);
  expect(midway.rows[0]).toMatchObject({ state: 'running', progress_done: 20 });

  // The dead worker's heartbeat stops; after heartbeatSeconds (10 s) the job is retried (retry delay 5 s).
  const run = await eventually(
    async () => {
      const rows = await sql<{ state: string; attempts: number; progress_done: number; progress_total: number }>`
      select state, attempts, progress_done, progress_total from blade_job_run where id = ${runId}`.execute(db);
      return rows.rows[0]?.state === 'done' ? rows.rows[0] : undefined;
    },
    90_000,
    'the rerun to complete the run',
  );
  expect(run).toMatchObject({ attempts: 2, progress_done: 50, progress_total: 50 });

  const items = await sql<{ instance: string; n: string }>`select instance, count(*) as n from job_test_item
    where run_id = ${runId} group by instance order by instance`.execute(db);
  // The killed worker's two committed chunks stay; its third rolled back and was written by the rerun.
  expect(items.rows.map((r) => [r.instance, Number(r.n)])).toEqual([
    ['killed', 20],
    ['resumer', 30],
  ]);
  const attempts = await sql<{ instance: string }>`select instance from job_test_attempt where run_id = ${runId}
    order by at`.execute(db);
  expect(attempts.rows.map((r) => r.instance)).toEqual(['killed', 'resumer']);
}, 240_000);
