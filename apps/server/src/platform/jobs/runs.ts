import { jobRunEntity, type ErrorKey, type JobState, type MessageParams } from '@property/domain';
import { sql } from 'kysely';
import type { Db } from '../db/database';

/**
 * The job run records (blade_job_run, entity jobRun): what each state change
 * writes. Every change is one statement guarded by the state it leaves, so a
 * run changes state once even when two workers or a cancel race for it.
 */
export interface RunRow {
  id: string;
  tenant_id: string;
  kind: string;
  params: unknown;
  state: JobState;
  progress_done: number;
  progress_total: number;
  cancel_requested: number;
  create_user: string | null;
  attempts: number;
}

const table = sql.table(jobRunEntity.table);
const now = sql`localtimestamp(0)`;

export interface NewRun {
  tenantId: string;
  kind: string;
  params: unknown;
  userId: string | null;
  deptId: string | null;
  scheduled: boolean;
  runKey: string | null;
}

/** Inserts a queued run; with a key already taken in the tenant, answers that run's id instead (`created` false). */
export async function insertRun(db: Db, run: NewRun): Promise<{ id: string; created: boolean }> {
  const inserted = await sql<{ id: string }>`insert into ${table}
      (tenant_id, kind, params, state, scheduled, run_key, create_user, create_dept, update_user)
    values (${run.tenantId}, ${run.kind}, ${JSON.stringify(run.params ?? {})}::jsonb, 'queued', ${run.scheduled ? 1 : 0},
      ${run.runKey}, ${run.userId}, ${run.deptId}, ${run.userId})
    on conflict (tenant_id, run_key) where is_deleted = 0 do nothing
    returning id`.execute(db);
  if (inserted.rows[0]) return { id: String(inserted.rows[0].id), created: true };
  const existing = await sql<{ id: string }>`select id from ${table}
    where tenant_id = ${run.tenantId} and run_key = ${run.runKey} and is_deleted = 0`.execute(db);
  return { id: String(existing.rows[0]!.id), created: false };
}

/**
 * A worker takes the run up: queued (or running, when an earlier attempt died
 * with its instance) becomes running. Answers nothing when the run is
 * finished or was cancelled before it started, so a stale queue job is a no-op.
 */
export async function claimRun(db: Db, runId: string): Promise<RunRow | undefined> {
  const claimed = await sql<RunRow>`update ${table} set state = 'running', attempts = attempts + 1,
      started_at = coalesce(started_at, ${now}), error = null, update_time = ${now}
    where id = ${runId} and is_deleted = 0 and state in ('queued', 'running') and cancel_requested = 0
    returning *`.execute(db);
  if (claimed.rows[0]) return normalise(claimed.rows[0]);
  // Cancelled while it waited, or while its last worker was dying: it ends here, and says so.
  await sql`update ${table} set state = 'cancelled', finished_at = ${now}, outcome_key = ${'jobCancelled'}, update_time = ${now}
    where id = ${runId} and state in ('queued', 'running') and cancel_requested = 1`.execute(db);
  return undefined;
}

/** Records progress; answers whether someone asked to cancel meanwhile. */
export async function recordProgress(db: Db, runId: string, done: number, total: number | undefined): Promise<boolean> {
  const result = await sql<{ cancel_requested: number }>`update ${table} set progress_done = ${done},
      progress_total = coalesce(${total ?? null}::integer, progress_total), update_time = ${now}
    where id = ${runId} and state = 'running' returning cancel_requested`.execute(db);
  return Number(result.rows[0]?.cancel_requested ?? 0) === 1;
}

export async function cancelRequested(db: Db, runId: string): Promise<boolean> {
  const result = await sql<{ cancel_requested: number }>`select cancel_requested from ${table} where id = ${runId}`.execute(db);
  return Number(result.rows[0]?.cancel_requested ?? 0) === 1;
}

export async function finishRun(
  db: Db,
  runId: string,
  state: Extract<JobState, 'done' | 'failed' | 'cancelled'>,
  outcome: { key: ErrorKey; params?: MessageParams },
  error: string | null = null,
): Promise<void> {
  await sql`update ${table} set state = ${state}, outcome_key = ${outcome.key},
      outcome_params = ${outcome.params ? JSON.stringify(outcome.params) : null}::jsonb,
      error = ${error ? error.slice(0, 2000) : null}, finished_at = ${now}, update_time = ${now}
    where id = ${runId} and state = 'running'`.execute(db);
}

/** Back to the queue (the instance stops, or the attempt failed and will be retried); the error of the attempt is kept. */
export async function requeueRun(db: Db, runId: string, error: string | null): Promise<boolean> {
  const result = await sql`update ${table} set state = 'queued', error = ${error ? error.slice(0, 2000) : null},
      update_time = ${now} where id = ${runId} and state = 'running'`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/**
 * The queue gave up on a run without its handler saying so (its last
 * attempt's worker died, or it ran past its time): failed, unless it ended.
 */
export async function abandonRun(db: Db, runId: string, error: string): Promise<void> {
  await sql`update ${table} set state = 'failed', outcome_key = ${'jobFailed'}, error = coalesce(error, ${error}),
      finished_at = ${now}, update_time = ${now} where id = ${runId} and state in ('queued', 'running')`.execute(db);
}

/**
 * Asks a run to stop. A queued run is cancelled at once; a running one when
 * its handler next reports progress or its instance next looks (every few
 * seconds). Answers the state it was in, or undefined when there is no such run.
 */
export async function requestCancel(db: Db, runId: string): Promise<JobState | undefined> {
  return db.transaction().execute(async (tx) => {
    const locked = await sql<{
      state: JobState;
    }>`select state from ${table} where id = ${runId} and is_deleted = 0 for update`.execute(tx);
    const state = locked.rows[0]?.state;
    if (state === 'queued') {
      await sql`update ${table} set cancel_requested = 1, state = 'cancelled', finished_at = ${now},
          outcome_key = ${'jobCancelled'}, update_time = ${now} where id = ${runId}`.execute(tx);
    } else if (state === 'running') {
      await sql`update ${table} set cancel_requested = 1, update_time = ${now} where id = ${runId}`.execute(tx);
    }
    return state;
  });
}

function normalise(row: RunRow): RunRow {
  return {
    ...row,
    id: String(row.id),
    progress_done: Number(row.progress_done),
    progress_total: Number(row.progress_total),
    cancel_requested: Number(row.cancel_requested),
    attempts: Number(row.attempts),
    create_user: row.create_user === null ? null : String(row.create_user),
    params: typeof row.params === 'string' ? JSON.parse(row.params) : row.params,
  };
}
