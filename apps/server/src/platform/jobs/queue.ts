import type { ErrorKey, MessageParams } from '@property/domain';
import { sql, type Transaction } from 'kysely';
import { fromKysely, PgBoss, type Job, type JobWithMetadata, type QueueOptions } from 'pg-boss';
import type { Database, Db } from '../db/database';
import { abandonRun, claimRun, finishRun, insertRun, recordProgress, requeueRun, requestCancel } from './runs';

/**
 * The job queue every long or scheduled task runs on (docs/architecture.md,
 * "Jobs"). pg-boss keeps the queue in the database (schema `pgboss`, on PGlite
 * and PostgreSQL alike), so every instance shares it: a job is taken by one
 * worker, a job whose instance died is taken up again, and a schedule fires
 * once across instances. Beside it each run has a row in blade_job_run (the
 * jobRun entity) with its tenant, starter, state, progress and outcome, which
 * the console polls.
 *
 * A module registers a handler for a kind, then enqueues runs of it:
 *
 *   services.jobs.registerJob('billGeneration', async ({ tenantId, params, progress, signal, db }) => {
 *     const houses = await housesToBill(db, tenantId, params);
 *     for (let i = 0; i < houses.length; i += 500) {
 *       signal.throwIfAborted();                    // cancelled, or the instance is stopping
 *       await db.transaction().execute(async (tx) => {
 *         // one chunk, keyed so a rerun skips what is done: insert … on conflict (house, period) do nothing
 *       });
 *       await progress(Math.min(i + 500, houses.length), houses.length);
 *     }
 *     return { key: 'billsGenerated', params: { count: houses.length } };
 *   });
 *   const runId = await services.jobs.enqueue('billGeneration', { gardenId, period }, ctx.auth);
 *
 * A handler may run more than once for one run (its instance was killed or
 * stopped mid-run, or an attempt failed and is retried): each chunk commits in
 * its own transaction and is written so that doing it again changes nothing,
 * so a rerun completes the work without duplicates ("a killed generation
 * leaves no half period").
 */

/** What a handler is given. */
export interface JobContext<P = Record<string, unknown>> {
  runId: string;
  tenantId: string;
  params: P;
  /** Who started the run (a user id), or null when a schedule did. */
  startedBy: string | null;
  /** 1 on the first attempt; more when the run is taken up again after a kill, a stop or a failure. */
  attempt: number;
  /** Records progress (units done of the total); the console polls it. Aborts `signal` when a cancel was asked for. */
  progress(done: number, total?: number): Promise<void>;
  /** Aborted when the run is cancelled or this instance stops: stop at the next chunk boundary (`signal.throwIfAborted()`). */
  signal: AbortSignal;
  /** The database; open a transaction per chunk. */
  db: Db;
}

/** A handler's outcome: a message key (errors section) and its params, shown in the reader's language. */
export interface JobOutcome {
  key: ErrorKey;
  params?: MessageParams;
}

export type JobHandler<P = Record<string, unknown>> = (job: JobContext<P>) => Promise<JobOutcome | void>;

export interface JobKindOptions {
  /** Runs of this kind one instance works on at once (default 1). */
  concurrency?: number;
  /** Attempts retried before the run is failed (default 3). A killed worker costs one; a graceful stop costs none. */
  retryLimit?: number;
  /** Longest a run may take before pg-boss takes it from its worker (default 4 hours). */
  expireInSeconds?: number;
}

/** Who starts a run: the caller's auth (tenant, user, department), or a tenant alone. */
export interface JobStarter {
  tenantId: string;
  userId?: string | null;
  deptId?: string | null;
}

export interface EnqueueOptions {
  /** Idempotency: a second enqueue with the same key in the tenant answers the first run and starts nothing. */
  key?: string;
  /** The caller's open transaction: the run and its queue job commit (or vanish) with the caller's work. */
  db?: Transaction<unknown>;
}

export interface ScheduleOptions {
  /** One tenant's runs; without it every live tenant but the platform (000000) gets a run per firing. */
  tenantId?: string;
  /** Zone the cron expression is read in (default the server's, TZ_NAME). */
  tz?: string;
}

export interface JobQueueOptions {
  /** Take jobs and fire schedules on this instance (JOB_WORKERS); false: enqueue only. */
  workers: boolean;
  timeZone: string;
  /** How often an idle worker looks for a job, in seconds (at least 0.5). */
  pollingSeconds: number;
  /** A running job's heartbeat; a worker silent this long is taken for dead and its job retried (at least 10). */
  heartbeatSeconds: number;
  /** How often instances look for dead workers' jobs. */
  superviseSeconds: number;
  /** How often instances look for schedules that came due (1–45). */
  cronSeconds: number;
  /** Wait before a failed attempt (or a dead worker's run) is tried again. */
  retryDelaySeconds: number;
  /** How long a stopping instance waits for its handlers to reach a chunk boundary. */
  stopTimeoutMs: number;
  log(level: 'warn' | 'error', message: string, error?: unknown): void;
}

/** Why a handler's signal was aborted: a cancel, this instance stopping, or pg-boss taking the job back. */
const CANCELLED = 'cancelled';
const SHUTDOWN = 'shutdown';
const LOST = 'lost';

/** A kind is one camelCase word: it names the run's label in the messages (jobs.kinds.<kind>). */
const KIND = /^[a-z][a-zA-Z0-9]*$/;
const runQueue = (kind: string) => `run.${kind}`;
const fireQueue = (kind: string) => `fire.${kind}`;
/** Where pg-boss moves a run's job it gave up on (retries spent): a worker there marks the run failed. */
const deadQueue = (kind: string) => `dead.${kind}`;
const PLATFORM_TENANT = '000000';
/** An arbitrary constant (beside the migrations' and the seed's): held while an instance starts pg-boss. */
const JOBS_START_LOCK = 727_003;

interface Registration {
  handler: JobHandler<never>;
  options: JobKindOptions;
}
interface ScheduleSpec {
  kind: string;
  cron: string;
  params: Record<string, unknown>;
  options: ScheduleOptions;
}
interface RunJobData {
  runId: string;
}
interface FireJobData {
  params: Record<string, unknown>;
  tenantId?: string;
}

export class JobQueue {
  private boss: PgBoss | undefined;
  private readonly kinds = new Map<string, Registration>();
  private readonly schedules: ScheduleSpec[] = [];
  /** Queues and workers set up so far; later registrations chain onto it. */
  private ready: Promise<void> = Promise.resolve();
  private readonly running = new Map<string, AbortController>();
  private cancelWatch: ReturnType<typeof setInterval> | undefined;
  private stopped = false;

  constructor(
    private readonly database: Database,
    private readonly options: JobQueueOptions,
  ) {}

  /** The handler of a kind (one camelCase word: `billGeneration`, `patrolTasks`). Once per kind. */
  registerJob<P = Record<string, unknown>>(kind: string, handler: JobHandler<P>, options: JobKindOptions = {}): void {
    if (!KIND.test(kind)) throw new Error(`Job kind "${kind}": one camelCase word`);
    if (this.kinds.has(kind)) throw new Error(`Job kind "${kind}" is registered twice`);
    this.kinds.set(kind, { handler: handler as JobHandler<never>, options });
    if (this.boss) this.chain(() => this.setUpKind(kind));
  }

  /**
   * Runs `kind` on a cron schedule (`0 2 1 * *`: 02:00 on the 1st), once per
   * firing across all instances; each firing makes one run per tenant (or for
   * the one tenant given). Schedules are kept in the database: calling this
   * again on every start updates the same schedule.
   */
  schedule(kind: string, cron: string, params: Record<string, unknown> = {}, options: ScheduleOptions = {}): void {
    const spec = { kind, cron, params, options };
    this.schedules.push(spec);
    if (this.boss) this.chain(() => this.setUpSchedule(spec));
  }

  /** Queues a run of `kind` for the starter's tenant; answers the run's id (the console polls it). */
  async enqueue(kind: string, params: Record<string, unknown>, by: JobStarter, options: EnqueueOptions = {}): Promise<string> {
    if (!this.kinds.has(kind)) throw new Error(`Job kind "${kind}" is not registered`);
    return this.queueRun(kind, params, by, { key: options.key ?? null, scheduled: false, tx: options.db });
  }

  /**
   * Asks a run to stop (see runs.ts requestCancel); a run this instance is
   * working on is told at once, one on another instance within a polling
   * interval. Answers the state the run was in (undefined: no such run).
   */
  async cancel(runId: string): Promise<string | undefined> {
    const state = await requestCancel(this.database.db, runId);
    if (state === 'running') this.running.get(runId)?.abort(CANCELLED);
    return state;
  }

  async start(): Promise<void> {
    const { workers } = this.options;
    const boss = new PgBoss({
      db: { executeSql: (text, values) => this.database.executeSql(text, values) },
      backend: this.database.kind === 'pglite' ? 'pglite' : 'postgres',
      schema: 'pgboss',
      // An instance that takes no jobs neither fires schedules nor supervises others' jobs.
      schedule: workers,
      supervise: workers,
      superviseIntervalSeconds: this.options.superviseSeconds,
      // Jobs of dead workers (no heartbeat) are failed by the per-queue monitor pass, not the supervise pass: same pace.
      monitorIntervalSeconds: this.options.superviseSeconds,
      cronMonitorIntervalSeconds: this.options.cronSeconds,
      cronWorkerIntervalSeconds: this.options.cronSeconds,
      // The embedded database is one connection: keep pg-boss's housekeeping to what the queue needs.
      ...(this.database.kind === 'pglite' ? { reindex: false, monitorVacuum: false } : {}),
    });
    boss.on('error', (error: unknown) => this.options.log('error', 'job queue', error));
    await this.startSerialised(boss);
    this.boss = boss;
    for (const kind of this.kinds.keys()) this.chain(() => this.setUpKind(kind));
    for (const spec of this.schedules) this.chain(() => this.setUpSchedule(spec));
    if (workers) {
      const every = Math.max(500, this.options.pollingSeconds * 1000);
      this.cancelWatch = setInterval(() => void this.watchCancels(), every);
      this.cancelWatch.unref();
    }
    await this.ready;
  }

  /**
   * Graceful stop: running handlers are told to stop at their next chunk
   * boundary and their runs go back to the queue (another instance, or this
   * one after a restart, resumes them); then pg-boss stops.
   */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.cancelWatch);
    for (const controller of this.running.values()) controller.abort(SHUTDOWN);
    await this.ready.catch(() => undefined);
    await this.boss?.stop({ graceful: true, timeout: this.options.stopTimeoutMs, close: true });
  }

  /**
   * pg-boss installs its schema on first start with CREATE SCHEMA IF NOT
   * EXISTS, which fails in one of two instances starting together on a new
   * database ("duplicate key … pg_namespace"): instances start it one at a
   * time, holding an advisory lock on one connection while pg-boss uses
   * others. PGlite is one process's database and one connection: no lock.
   */
  private async startSerialised(boss: PgBoss): Promise<void> {
    if (this.database.kind === 'pglite') {
      await boss.start();
      return;
    }
    await this.database.db.connection().execute(async (connection) => {
      await sql`select pg_advisory_lock(${JOBS_START_LOCK})`.execute(connection);
      try {
        await boss.start();
      } finally {
        await sql`select pg_advisory_unlock(${JOBS_START_LOCK})`.execute(connection);
      }
    });
  }

  private chain(step: () => Promise<void>): void {
    this.ready = this.ready.then(step);
    this.ready.catch((error) => this.options.log('error', 'job queue set-up', error));
  }

  private async setUpKind(kind: string): Promise<void> {
    const boss = this.boss!;
    const { options } = this.kinds.get(kind)!;
    const name = runQueue(kind);
    await this.ensureQueue(deadQueue(kind), { retryLimit: 5, retryDelay: this.options.retryDelaySeconds });
    await this.ensureQueue(
      name,
      {
        retryLimit: options.retryLimit ?? 3,
        retryDelay: this.options.retryDelaySeconds,
        heartbeatSeconds: this.options.heartbeatSeconds,
        expireInSeconds: options.expireInSeconds ?? 4 * 60 * 60,
        deadLetter: deadQueue(kind),
      },
      true,
    );
    if (!this.options.workers) return;
    await boss.work(
      deadQueue(kind),
      { batchSize: 1, pollingIntervalSeconds: this.options.pollingSeconds },
      async ([job]: Job<RunJobData>[]) => {
        if (job)
          await abandonRun(
            this.database.db,
            job.data.runId,
            'The job queue gave up on the run: its last attempt stopped answering or ran out of time',
          );
      },
    );
    await boss.work(
      name,
      {
        includeMetadata: true as const,
        batchSize: 1,
        pollingIntervalSeconds: this.options.pollingSeconds,
        localConcurrency: options.concurrency ?? 1,
      },
      async ([job]: JobWithMetadata<RunJobData>[]) => {
        if (job) await this.runJob(kind, job);
      },
    );
  }

  /** Creates a queue, or (`update`) brings an existing one to these options; another instance may be making it meanwhile. */
  private async ensureQueue(name: string, options: QueueOptions & { deadLetter?: string }, update = false): Promise<void> {
    const boss = this.boss!;
    if (await boss.getQueue(name)) {
      if (update) await boss.updateQueue(name, options);
      return;
    }
    await boss.createQueue(name, options).catch(async (error) => {
      if (!(await boss.getQueue(name))) throw error;
    });
  }

  private async setUpSchedule(spec: ScheduleSpec): Promise<void> {
    const boss = this.boss!;
    const name = fireQueue(spec.kind);
    await this.ensureQueue(name, { retryLimit: 5, retryDelay: this.options.retryDelaySeconds });
    const data: FireJobData = { params: spec.params, ...(spec.options.tenantId ? { tenantId: spec.options.tenantId } : {}) };
    await boss.schedule(name, spec.cron, data, {
      tz: spec.options.tz ?? this.options.timeZone,
      key: spec.options.tenantId ?? 'all',
    });
    if (!this.options.workers) return;
    // One worker per fire queue, however many schedules (tenants) feed it.
    if (this.schedules.findIndex((s) => s.kind === spec.kind) !== this.schedules.indexOf(spec)) return;
    await boss.work<FireJobData>(name, { batchSize: 1, pollingIntervalSeconds: this.options.pollingSeconds }, async ([job]) => {
      if (job) await this.fire(spec.kind, job.id, job.data);
    });
  }

  /**
   * A schedule came due (pg-boss sends one job per firing across instances):
   * one run per tenant, keyed by the firing, so a retried firing adds none.
   */
  private async fire(kind: string, fireId: string, data: FireJobData): Promise<void> {
    const tenants = data.tenantId
      ? [data.tenantId]
      : (
          await sql<{ tenant_id: string }>`select tenant_id from blade_tenant
            where is_deleted = 0 and tenant_id <> ${PLATFORM_TENANT} order by tenant_id`.execute(this.database.db)
        ).rows.map((r) => r.tenant_id);
    for (const tenantId of tenants) {
      await this.queueRun(kind, data.params, { tenantId }, { key: `fire:${fireId}`, scheduled: true });
    }
  }

  private async queueRun(
    kind: string,
    params: Record<string, unknown>,
    by: JobStarter,
    how: { key: string | null; scheduled: boolean; tx?: Transaction<unknown> },
  ): Promise<string> {
    await this.ready;
    const boss = this.boss;
    if (!boss) throw new Error('The job queue is not started');
    const write = async (tx: Transaction<unknown>) => {
      const run = await insertRun(tx as unknown as Db, {
        tenantId: by.tenantId,
        kind,
        params,
        userId: by.userId || null,
        deptId: by.deptId || null,
        scheduled: how.scheduled,
        runKey: how.key,
      });
      // In the same transaction: a run is never without its queue job, nor a job without its run.
      if (run.created) await boss.send(runQueue(kind), { runId: run.id } satisfies RunJobData, { db: fromKysely(tx) });
      return run.id;
    };
    return how.tx ? write(how.tx) : this.database.db.transaction().execute(write);
  }

  private async runJob(kind: string, job: JobWithMetadata<RunJobData>): Promise<void> {
    const { db } = this.database;
    const registration = this.kinds.get(kind)!;
    const run = await claimRun(db, job.data.runId);
    if (!run) return;
    const controller = new AbortController();
    this.running.set(run.id, controller);
    if (this.stopped) controller.abort(SHUTDOWN);
    // pg-boss aborts the job's own signal when it no longer holds the job for this worker (its heartbeat found
    // the claim gone, or it failed the job as expired): stop, and leave the run to whoever has the job now.
    const lost = () => {
      if (!controller.signal.aborted) controller.abort(LOST);
    };
    job.signal?.addEventListener('abort', lost, { once: true });
    const context: JobContext<never> = {
      runId: run.id,
      tenantId: run.tenant_id,
      params: run.params as never,
      startedBy: run.create_user,
      attempt: run.attempts,
      db,
      signal: controller.signal,
      progress: async (done, total) => {
        const cancelAsked = await recordProgress(db, run.id, done, total);
        if (cancelAsked && !controller.signal.aborted) controller.abort(CANCELLED);
      },
    };
    try {
      const outcome = await registration.handler(context);
      if (controller.signal.aborted) await this.interrupted(kind, run.id, controller.signal.reason);
      else await finishRun(db, run.id, 'done', outcome ?? { key: 'jobDone' });
    } catch (error) {
      if (controller.signal.aborted) {
        await this.interrupted(kind, run.id, controller.signal.reason);
        return;
      }
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      if (job.retryCount < job.retryLimit) await requeueRun(db, run.id, message);
      else await finishRun(db, run.id, 'failed', { key: 'jobFailed' }, message);
      // pg-boss retries the job (or records its failure).
      throw error;
    } finally {
      job.signal?.removeEventListener('abort', lost);
      this.running.delete(run.id);
    }
  }

  /**
   * A handler stopped because it was asked to: a cancel ends the run, a stop
   * sends it back to the queue (a new queue job, so no retry is spent), and a
   * job pg-boss took back is left to its retry or its dead letter.
   */
  private async interrupted(kind: string, runId: string, reason: unknown): Promise<void> {
    const { db } = this.database;
    if (reason === SHUTDOWN) {
      await db.transaction().execute(async (tx) => {
        if (await requeueRun(tx, runId, null)) {
          await this.boss!.send(runQueue(kind), { runId } satisfies RunJobData, { db: fromKysely(tx) });
        }
      });
    } else if (reason === CANCELLED) {
      await finishRun(db, runId, 'cancelled', { key: 'jobCancelled' });
    }
  }

  /** Cancels asked for on another instance reach this one's handlers here. */
  private async watchCancels(): Promise<void> {
    if (this.running.size === 0 || this.stopped) return;
    try {
      const ids = [...this.running.keys()];
      const asked = await sql<{ id: string }>`select id from blade_job_run
        where id in (${sql.join(ids)}) and cancel_requested = 1`.execute(this.database.db);
      for (const { id } of asked.rows) this.running.get(String(id))?.abort(CANCELLED);
    } catch (error) {
      this.options.log('warn', 'job queue: reading cancel requests', error);
    }
  }
}
