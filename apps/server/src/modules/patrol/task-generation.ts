import { PLAN_STATUS, TASK_POINT_STATUS, TASK_STATUS } from '@property/domain';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { NEXT_UPDATE_TIME } from '../../platform/crud/engine';

/** What one run did. */
export interface GenerationResult {
  created: number;
  expired: number;
}

export interface GenerationOptions {
  /** The day to make tasks for (yyyy-MM-dd); the database's today when absent. */
  day?: string;
  /** Checked between plans: a stopping instance or a cancelled run stops at a plan boundary. */
  signal?: AbortSignal;
  /** Called after each plan's task is committed (tests stop a run here to prove a rerun completes it). */
  afterPlan?: (planId: string) => void | Promise<void>;
}

/**
 * Ends tasks whose hours are over: their unchecked points are flagged missed,
 * the task is expired (or done when nothing was missed). One statement per
 * table, in one transaction, so a task is never half-ended.
 */
export async function expireTasks(db: Db, tenantId: string): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const ended = await sql<{ id: string }>`select id from property_patrol_task where tenant_id = ${tenantId} and is_deleted = 0
        and status in (${TASK_STATUS.pending}, ${TASK_STATUS.running}) and end_time < localtimestamp(0) for update`.execute(tx);
    const ids = ended.rows.map((r) => String(r.id));
    if (ids.length === 0) return 0;
    await sql`update property_patrol_task_point set status = ${TASK_POINT_STATUS.missed}, update_time = ${NEXT_UPDATE_TIME}
      where task_id in (${sql.join(ids)}) and status = ${TASK_POINT_STATUS.waiting} and is_deleted = 0`.execute(tx);
    await sql`update property_patrol_task t set
        missed_count = (select count(*) from property_patrol_task_point p
          where p.task_id = t.id and p.status = ${TASK_POINT_STATUS.missed} and p.is_deleted = 0),
        status = case when exists (select 1 from property_patrol_task_point p
          where p.task_id = t.id and p.status = ${TASK_POINT_STATUS.missed} and p.is_deleted = 0)
          then ${TASK_STATUS.expired}::int else ${TASK_STATUS.done}::int end,
        update_time = ${NEXT_UPDATE_TIME}
      where id in (${sql.join(ids)})`.execute(tx);
    return ids.length;
  });
}

/**
 * Makes today's task of every open plan of the tenant that is due (its dates
 * hold the day and the day falls on its cycle), each plan in its own
 * transaction (makeTask): the task and its points are written together or
 * not at all. The task is unique per plan and day
 * (a unique index), so a run taken up again after a kill, or a second
 * instance, skips what is made and completes the rest, never duplicating.
 */
export async function generateTasks(db: Db, tenantId: string, options: GenerationOptions = {}): Promise<number> {
  const day = options.day ? sql`${options.day}::date` : sql`current_date`;
  const plans = await sql<{ id: string }>`select id from property_patrol_plan where tenant_id = ${tenantId} and is_deleted = 0
      and status = ${PLAN_STATUS.open} and start_date <= ${day} and (end_date is null or end_date >= ${day})
      and mod(${day} - start_date, greatest(cycle_days, 1)) = 0
    order by id`.execute(db);
  let created = 0;
  for (const { id } of plans.rows) {
    options.signal?.throwIfAborted();
    created += await db.transaction().execute((tx) => makeTask(tx, id, options.day));
    await options.afterPlan?.(id);
  }
  return created;
}

/**
 * The task of one plan for one day with its points (the route's live points,
 * in order), unless it exists: answers 1 when made, 0 otherwise. Run it in a
 * transaction so the task and its points are written together.
 */
export async function makeTask(tx: Db, planId: string, dayText?: string): Promise<number> {
  const day = dayText ? sql`${dayText}::date` : sql`current_date`;
  const task = await sql<{ id: string }>`insert into property_patrol_task (tenant_id, garden_id, plan_id, plan_name, user_id,
      user_name, task_date, start_time, end_time, status, create_user, create_dept, update_user)
    select tenant_id, garden_id, id, name, user_id, user_name, ${day},
      ${day} + start_time::time, ${day} + end_time::time, ${TASK_STATUS.pending}, create_user, create_dept, create_user
    from property_patrol_plan where id = ${planId} and is_deleted = 0 and status = ${PLAN_STATUS.open}
    on conflict (tenant_id, plan_id, task_date) where is_deleted = 0 do nothing
    returning id`.execute(tx);
  const taskId = task.rows[0]?.id;
  if (!taskId) return 0;
  await sql`insert into property_patrol_task_point (tenant_id, garden_id, task_id, point_id, point_name, check_items, sort,
      status, create_user, create_dept, update_user)
    select pt.tenant_id, pt.garden_id, ${taskId}, pt.id, pt.name, pt.check_items, route.position,
      ${TASK_POINT_STATUS.waiting}, plan.create_user, plan.create_dept, plan.create_user
    from property_patrol_plan plan
    cross join lateral unnest(string_to_array(plan.point_ids, ',')) with ordinality as route(point_id, position)
    join property_patrol_point pt on pt.id = nullif(trim(route.point_id), '')::bigint
      and pt.tenant_id = plan.tenant_id and pt.is_deleted = 0
    where plan.id = ${planId}`.execute(tx);
  await sql`update property_patrol_task set point_count = (select count(*) from property_patrol_task_point
    where task_id = ${taskId}) where id = ${taskId}`.execute(tx);
  return 1;
}

/** One run of the patrol job for a tenant: end what is over, then make what is due. */
export async function runPatrolJob(db: Db, tenantId: string, options: GenerationOptions = {}): Promise<GenerationResult> {
  const expired = await expireTasks(db, tenantId);
  const created = await generateTasks(db, tenantId, options);
  return { created, expired };
}
