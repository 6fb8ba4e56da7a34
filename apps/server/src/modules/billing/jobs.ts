import { BILL_STATUS, type Locale } from '@property/domain';
import { sql } from 'kysely';
import { jobCrudContext, type JobContext, type JobHandler, type JobQueue } from '../../platform/jobs';
import type { Row } from '../../platform/crud/engine';
import { generatePeriod } from './generation';
import { byPhone, enabledSmsConfig, remindPhone, type SmsProvider } from './sms';

/**
 * Billing's work on the job queue (platform/jobs): a period's generation for
 * a garden (started from the console, or by the monthly schedule for every
 * garden with bindings) and reminder batches. Each handler works in chunks,
 * one transaction each, written so a rerun after a kill or a stop completes
 * the run without doing anything twice.
 */
export const GENERATION_JOB = 'billGeneration';
export const MONTHLY_JOB = 'billMonthly';
export const REMINDER_JOB = 'billReminders';
/** 02:00 on the 1st of each month (the server's zone): the month that begins is billed. */
export const MONTHLY_CRON = '0 2 1 * *';

export interface GenerationParams {
  gardenId: string;
  buildingId?: string;
  unitId?: string;
  itemIds?: string[];
  period: string;
  /** Bills a chunk (default 2,000). */
  chunk?: number;
}

export interface MonthlyParams {
  /** 0: the month the schedule fires in; 1: the month after (bills issued ahead). */
  monthsAhead?: number;
}

export interface ReminderParams {
  /** The bills the starter chose (already limited to their gardens and data scope when enqueued). */
  billIds: string[];
  /** The language the messages are written in. */
  locale: Locale;
}

/** Phones reminded per transaction. */
const REMINDER_CHUNK = 50;

/** A garden's period: the bills of its bound houses and spaces, in chunks, with progress in bills. */
export const generationHandler: JobHandler<GenerationParams> = async (job) => {
  const ctx = await jobCrudContext(job.db, job.tenantId, job.startedBy);
  const { gardenId, buildingId, unitId, itemIds, period, chunk } = job.params;
  const outcome = await generatePeriod(ctx, { gardenId, buildingId, unitId, itemIds, period }, 'zh', {
    progress: (done, of) => job.progress(done, of),
    signal: job.signal,
    chunk,
  });
  const params = {
    period,
    created: outcome.count,
    total: outcome.total,
    existing: outcome.existing,
    problems: outcome.problemCount,
  };
  // With auto-deduct items in the scope the outcome also says how many bills their balances paid.
  return outcome.deducted === undefined
    ? { key: 'billsGenerated', params }
    : { key: 'billsGeneratedDeducted', params: { ...params, deducted: outcome.deducted } };
};

/**
 * The monthly schedule's run for one tenant: a generation run per garden with
 * live bindings, each keyed by garden and period, so a firing retried (or a
 * month fired twice) queues nothing new.
 */
export function monthlyHandler(jobs: JobQueue): JobHandler<MonthlyParams> {
  return async (job: JobContext<MonthlyParams>) => {
    const ahead = Math.max(0, Math.min(12, Number(job.params.monthsAhead ?? 0)));
    const period = (
      await sql<{ p: string }>`select to_char(localtimestamp + make_interval(months => ${ahead}::int), 'YYYY-MM') as p`.execute(
        job.db,
      )
    ).rows[0]!.p;
    const gardens = await sql<{ garden_id: string }>`select distinct b.garden_id from property_payment_item_house b
        join property_payment_item i on i.id = b.item_id and i.is_deleted = 0
      where b.is_deleted = 0 and b.tenant_id = ${job.tenantId} order by b.garden_id`.execute(job.db);
    const ids = gardens.rows.map((r) => String(r.garden_id));
    await job.progress(0, ids.length);
    for (const [index, gardenId] of ids.entries()) {
      job.signal.throwIfAborted();
      await jobs.enqueue(
        GENERATION_JOB,
        { gardenId, period } satisfies GenerationParams,
        { tenantId: job.tenantId },
        {
          key: `monthly:${gardenId}:${period}`,
        },
      );
      await job.progress(index + 1, ids.length);
    }
    return { key: 'billsMonthlyQueued', params: { gardens: ids.length, period } };
  };
}

/**
 * A reminder batch: one message per owner phone of the chosen bills still
 * unpaid, fifty phones a transaction. smsuse keeps the run with each message
 * (unique per run and phone), so a rerun skips the phones reminded already.
 * A message the gateway took in a chunk that then died is sent again: a
 * gateway cannot take a message back.
 */
export function reminderHandler(provider: SmsProvider): JobHandler<ReminderParams> {
  return async (job) => {
    const ctx = await jobCrudContext(job.db, job.tenantId, job.startedBy);
    const ids = job.params.billIds.filter((id) => /^\d{1,19}$/.test(String(id)));
    const unpaid =
      ids.length === 0
        ? []
        : (
            await sql<Row>`select * from property_payment_bill where tenant_id = ${job.tenantId} and is_deleted = 0
              and bill_status = ${BILL_STATUS.unpaid} and id in (${sql.join(ids)}) order by id`.execute(job.db)
          ).rows;
    const groups = [...byPhone(unpaid).entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const done = new Set(
      (
        await sql<{ phone: string }>`select phone from property_sms_use where tenant_id = ${job.tenantId}
          and job_run_id = ${job.runId} and is_deleted = 0`.execute(job.db)
      ).rows.map((r) => r.phone),
    );
    // The configuration enabled as the run starts names every message of the run.
    const config = await enabledSmsConfig(job.db, job.tenantId);
    let phones = done.size;
    await job.progress(phones, groups.length);
    const todo = groups.filter(([phone]) => !done.has(phone));
    for (let i = 0; i < todo.length; i += REMINDER_CHUNK) {
      job.signal.throwIfAborted();
      const chunk = todo.slice(i, i + REMINDER_CHUNK);
      await job.db.transaction().execute(async (db) => {
        const tx = { ...ctx, db };
        // Locked and read again: a bill paid since the batch began is not reminded.
        const still =
          await sql<Row>`select * from property_payment_bill where id in (${sql.join(chunk.flatMap(([, g]) => g.map((b) => b.id)))})
            and bill_status = ${BILL_STATUS.unpaid} and is_deleted = 0 order by id for update`.execute(db);
        for (const [phone, group] of byPhone(still.rows)) {
          if (!chunk.some(([p]) => p === phone)) continue;
          await remindPhone(tx, provider, job.params.locale, phone, group, config, job.runId);
        }
      });
      phones += chunk.length;
      await job.progress(phones, groups.length);
    }
    // Counted from the records, so messages an earlier attempt sent are in the outcome too.
    const sent = await sql<{ phones: number; bills: number }>`select count(*)::int as phones,
        coalesce(sum(bill_count), 0)::int as bills from property_sms_use
      where tenant_id = ${job.tenantId} and job_run_id = ${job.runId} and is_deleted = 0`.execute(job.db);
    return { key: 'remindersSent', params: { phones: sent.rows[0]!.phones, bills: sent.rows[0]!.bills } };
  };
}

/** Registers billing's job kinds and the monthly schedule (every tenant). */
export function registerBillingJobs(jobs: JobQueue, provider: SmsProvider): void {
  jobs.registerJob(GENERATION_JOB, generationHandler, { concurrency: 1 });
  jobs.registerJob(MONTHLY_JOB, monthlyHandler(jobs));
  jobs.registerJob(REMINDER_JOB, reminderHandler(provider));
  jobs.schedule(MONTHLY_JOB, MONTHLY_CRON, { monthsAhead: 0 } satisfies MonthlyParams);
}
