import { datetime, entity, int, json, text } from '../../define';

/** The states of a job run (dictionary job_state), in the order a run passes through them. */
export const JOB_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];
/** States a run never leaves. */
export const FINISHED_JOB_STATES: ReadonlyArray<JobState> = ['done', 'failed', 'cancelled'];

/**
 * One run of a long or scheduled job (bill generation, patrol tasks,
 * reminder batches) on the job queue (apps/server/src/platform/jobs). The
 * platform keeps the table; each tenant lists its own runs, and whoever
 * started a run can follow and cancel it. Written by the server only.
 */
export const jobRunEntity = entity({
  name: 'jobRun',
  table: 'blade_job_run',
  base: '/blade-system/job-run',
  owner: 'tenant',
  permission: 'job_run',
  routes: ['page', 'list', 'detail'],
  fields: {
    /** What the run does: the kind its handler was registered under (billGeneration, patrolTasks...; its name is jobs.kinds.<kind> in the messages). */
    kind: text({ readOnly: true, maxLength: 100, search: 'equal' }),
    /** What the handler was given (a garden, a period...). */
    params: json({ readOnly: true }),
    state: text({ readOnly: true, maxLength: 20, dict: 'job_state', search: 'equal' }),
    /** Units of work done of the total the handler announced (0 of 0 until it announces one). */
    progressDone: int({ readOnly: true, default: 0 }),
    progressTotal: int({ readOnly: true, default: 0 }),
    /** The outcome as a message key of the errors/messages section and its params, rendered in the reader's language. */
    outcomeKey: text({ readOnly: true, maxLength: 100 }),
    outcomeParams: json({ readOnly: true }),
    /** Why the last attempt failed (a developer's words, not shown as a message). */
    error: text({ readOnly: true, maxLength: 2000 }),
    startedAt: datetime({ readOnly: true }),
    finishedAt: datetime({ readOnly: true }),
    /** How many times a worker took the run up (more than 1 after a retry or a restart). */
    attempts: int({ readOnly: true, default: 0 }),
    /** 1 once someone asked to cancel it: the handler's signal aborts at its next chunk. */
    cancelRequested: int({ readOnly: true, default: 0 }),
    /** 1 when a schedule started it (no person: create_user is empty). */
    scheduled: int({ readOnly: true, default: 0, dict: 'yes_no' }),
    /** Makes enqueueing idempotent: a second enqueue with the same key answers the first run. */
    runKey: text({ readOnly: true, maxLength: 200 }),
  },
  unique: [{ fields: ['runKey'], message: 'jobRunDuplicate' }],
  indexes: [['kind'], ['state']],
  sort: { descs: ['createTime'] },
});
