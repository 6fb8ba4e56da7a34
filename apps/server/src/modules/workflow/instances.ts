/**
 * Instances and their tasks in the database. Every step — start, complete —
 * runs in one transaction that locks the instance row, recovers the engine
 * from the saved state, lets it run to its next wait, and saves the new state
 * with the tasks and history it made. So nothing lives only in memory: a
 * restart, or another server instance, carries on from the same rows, and
 * two people acting on one instance at once are taken one after the other.
 */
import { sql } from 'kysely';
import type { CrudContext, Row } from '../../platform/crud/engine';
import { flowDefinitionEntity, flowInstanceEntity } from '@property/domain';
import { badRequest, forbidden } from '../../platform/http/errors';
import type { RequestContext } from '../../platform/http/request-context';
import type { Db } from '../../platform/db/database';
import { completeInstanceTask, fireTimers, startInstance, type StepResult, type WaitingTimer } from './runtime';

export const INSTANCE_STATUS = { running: 1, ended: 2, deleted: 3 } as const;
export const TASK_STATUS = { open: 1, done: 2, cancelled: 3 } as const;

const now = sql`localtimestamp(0)`;
const FLOW_TYPE = 'bpmn:SequenceFlow';

/** Candidates are kept as ",a,b," so one LIKE finds a member. */
const joinedList = (items: string[]) => (items.length ? `,${items.join(',')},` : null);

/** The tokens a user is a candidate by: their id and account, their roles (alias and id) and departments. */
export function candidateTokens(ctx: CrudContext): { users: string[]; groups: string[] } {
  const a = ctx.auth;
  return {
    users: [a.userId, a.account].filter(Boolean),
    groups: [...a.roleAliases, ...a.roleIds, ...a.deptIds].filter(Boolean),
  };
}

const likeAny = (column: string, tokens: string[]) =>
  tokens.length
    ? sql.join(
        tokens.map((t) => sql`${sql.ref(column)} like ${`%,${t.replace(/[%_\\]/g, '\\$&')},%`}`),
        sql` or `,
      )
    : sql`false`;

/** Tasks naming the caller as a candidate, or naming no one (which any user of the tenant may claim). */
function candidateOf(ctx: CrudContext) {
  const { users, groups } = candidateTokens(ctx);
  return sql`((t.candidate_users is null and t.candidate_groups is null)
    or ${likeAny('t.candidate_users', users)} or ${likeAny('t.candidate_groups', groups)})`;
}

/** Tasks the caller may claim: open, unassigned, and naming them (or naming no one, which any user of the tenant may claim). */
export function claimableBy(ctx: CrudContext) {
  return sql`(t.status = ${TASK_STATUS.open} and t.assignee is null and ${candidateOf(ctx)})`;
}

/** The flow menus whose holders see every instance of their tenant (tracking, definitions). */
const FLOW_MENUS = [flowInstanceEntity, flowDefinitionEntity];

/**
 * Whether the caller may read an instance (its history, diagram, business row):
 * they started it, hold or held one of its tasks, are a candidate of one of
 * them, or have a flow menu. Anyone else of the tenant is refused (403).
 */
export async function requireInstanceReader(ctx: RequestContext, instance: Row): Promise<void> {
  if (FLOW_MENUS.some((entity) => ctx.canView(entity))) return;
  if (ctx.auth.userId && String(instance.start_user ?? '') === ctx.auth.userId) return;
  const involved = await sql`select 1 from blade_flow_task t where t.instance_id = ${instance.id}
    and t.tenant_id = ${ctx.auth.tenantId} and (t.assignee = ${ctx.auth.userId || null} or ${candidateOf(ctx)}) limit 1`.execute(
    ctx.db,
  );
  if (involved.rows.length === 0) throw forbidden();
}

/** Saves what one engine step did: the state, new tasks, history, and the end. */
async function saveStep(db: Db, tenantId: string, instanceId: string, definitionId: string, result: StepResult): Promise<void> {
  for (const event of result.events) {
    if (event.kind === 'flow') {
      await sql`insert into blade_flow_activity (tenant_id, instance_id, activity_id, activity_name, activity_type, start_time, end_time)
        values (${tenantId}, ${instanceId}, ${event.id}, ${event.name}, ${FLOW_TYPE}, ${now}, ${now})`.execute(db);
    } else if (event.kind === 'enter') {
      await sql`insert into blade_flow_activity (tenant_id, instance_id, activity_id, activity_name, activity_type, start_time)
        values (${tenantId}, ${instanceId}, ${event.id}, ${event.name}, ${event.type}, ${now})`.execute(db);
    } else {
      await sql`update blade_flow_activity set end_time = ${now}, update_time = ${now}
        where id = (select id from blade_flow_activity where instance_id = ${instanceId} and activity_id = ${event.id}
          and end_time is null order by id desc limit 1)`.execute(db);
    }
  }
  const open = await sql<{ execution_id: string }>`select execution_id from blade_flow_task
    where instance_id = ${instanceId} and status = ${TASK_STATUS.open}`.execute(db);
  const known = new Set(open.rows.map((r) => r.execution_id));
  // A task the engine no longer waits in (an interrupting timer took the process on) is cancelled.
  const waitingIds = new Set(result.waiting.map((w) => w.executionId));
  const gone = [...known].filter((id) => !waitingIds.has(id));
  if (gone.length) {
    await sql`update blade_flow_task set status = ${TASK_STATUS.cancelled}, end_time = ${now}, update_time = ${now}
      where instance_id = ${instanceId} and status = ${TASK_STATUS.open} and execution_id in (${sql.join(gone)})`.execute(db);
  }
  for (const task of result.waiting) {
    if (known.has(task.executionId)) continue;
    const assignee = task.assignee && /^\d{1,19}$/.test(task.assignee) ? task.assignee : null;
    const made = await sql<{
      id: string;
    }>`insert into blade_flow_task (tenant_id, instance_id, definition_id, task_definition_key,
        task_name, execution_id, assignee, candidate_users, candidate_groups, claim_time)
      values (${tenantId}, ${instanceId}, ${definitionId}, ${task.activityId}, ${task.name}, ${task.executionId}, ${assignee},
        ${joinedList(task.candidateUsers)}, ${joinedList(task.candidateGroups)}, ${assignee ? now : null}) returning id`.execute(
      db,
    );
    await sql`update blade_flow_activity set task_id = ${made.rows[0]!.id}, assignee = ${assignee}
      where id = (select id from blade_flow_activity where instance_id = ${instanceId} and activity_id = ${task.activityId}
        and end_time is null order by id desc limit 1)`.execute(db);
  }
  const due = result.timers.map((t) => t.due).sort()[0] ?? null;
  await sql`update blade_flow_instance set state = ${JSON.stringify(result.state)}::jsonb,
      variables = ${JSON.stringify(result.variables)}::jsonb, update_time = ${now},
      timers = ${JSON.stringify(result.timers)}::jsonb, timer_due = ${due}::timestamptz at time zone 'UTC',
      status = ${result.ended ? INSTANCE_STATUS.ended : INSTANCE_STATUS.running}, end_time = ${result.ended ? now : null}
    where id = ${instanceId}`.execute(db);
}

/** A definition of the caller's tenant that may be started (active). */
export async function startableDefinition(db: Db, ctx: CrudContext, definitionId: string): Promise<Row> {
  const found = await sql<Row>`select * from blade_flow_definition where id = ${definitionId}
    and tenant_id = ${ctx.auth.tenantId} and is_deleted = 0`.execute(db);
  const definition = found.rows[0];
  if (!definition) throw badRequest('flowDefinitionMissing');
  if (Number(definition.status) !== 1) throw badRequest('flowDefinitionSuspended');
  return definition;
}

/** Starts an instance of a definition for a business row, inside the caller's transaction; answers its id. */
export async function startProcess(
  db: Db,
  ctx: CrudContext,
  definitionId: string,
  variables: Record<string, unknown>,
  business: { table: string; id: string } | null,
): Promise<string> {
  const definition = await startableDefinition(db, ctx, definitionId);
  const all = { ...variables, applyUser: ctx.auth.userId };
  const result = await startInstance(String(definition.xml), all);
  const made = await sql<{ id: string }>`insert into blade_flow_instance (tenant_id, definition_id, process_key, business_table,
      business_id, start_user, create_user, create_dept, update_user)
    values (${ctx.auth.tenantId}, ${definition.id}, ${definition.process_key}, ${business?.table ?? null}, ${business?.id ?? null},
      ${ctx.auth.userId || null}, ${ctx.auth.userId || null}, ${ctx.auth.deptId || null}, ${ctx.auth.userId || null})
    returning id`.execute(db);
  const id = String(made.rows[0]!.id);
  await saveStep(db, ctx.auth.tenantId, id, String(definition.id), result);
  return id;
}

/** An open task of the caller's tenant, locked for this transaction. */
async function lockedTask(db: Db, ctx: CrudContext, taskId: string): Promise<Row> {
  const found = await sql<Row>`select * from blade_flow_task where id = ${taskId} and tenant_id = ${ctx.auth.tenantId}
    and is_deleted = 0 and status = ${TASK_STATUS.open} for update`.execute(db);
  if (!found.rows[0]) throw badRequest('flowTaskMissing');
  return found.rows[0];
}

/** Claims a task: the caller must be a candidate, and no one may have claimed it before. */
export async function claimTask(ctx: CrudContext, taskId: string): Promise<void> {
  await ctx.db.transaction().execute(async (db) => {
    const task = await lockedTask(db, ctx, taskId);
    if (task.assignee !== null) throw badRequest('flowTaskClaimed');
    const allowed = await sql`select 1 from blade_flow_task t where t.id = ${taskId} and ${claimableBy(ctx)}`.execute(db);
    if (allowed.rows.length === 0) throw badRequest('flowTaskNotCandidate');
    await sql`update blade_flow_task set assignee = ${ctx.auth.userId}, claim_time = ${now}, update_user = ${ctx.auth.userId},
      update_time = ${now} where id = ${taskId}`.execute(db);
    await sql`update blade_flow_activity set assignee = ${ctx.auth.userId} where task_id = ${taskId}`.execute(db);
  });
}

export interface Completion {
  pass: boolean;
  comment: string;
  variables: Record<string, unknown>;
}

/** Completes the caller's task (only its assignee may) and moves the instance on; answers the instance's id. */
export async function completeTask(ctx: CrudContext, taskId: string, completion: Completion): Promise<string> {
  return ctx.db.transaction().execute(async (db) => {
    // The instance first, then the task: every step locks in this order.
    const owning = await sql<{ instance_id: string }>`select instance_id from blade_flow_task where id = ${taskId}
      and tenant_id = ${ctx.auth.tenantId}`.execute(db);
    const instanceId = owning.rows[0]?.instance_id;
    if (!instanceId) throw badRequest('flowTaskMissing');
    const locked =
      await sql<Row>`select * from blade_flow_instance where id = ${instanceId} and status = ${INSTANCE_STATUS.running}
      for update`.execute(db);
    const instance = locked.rows[0];
    if (!instance) throw badRequest('flowInstanceMissing');
    const task = await lockedTask(db, ctx, taskId);
    if (String(task.assignee ?? '') !== ctx.auth.userId) throw badRequest('flowTaskNotAssignee');
    const result = await completeInstanceTask(instance.state, String(task.task_definition_key), {
      ...completion.variables,
      approved: completion.pass,
      [`${String(task.task_definition_key)}Approved`]: completion.pass,
    });
    await sql`update blade_flow_task set status = ${TASK_STATUS.done}, end_time = ${now}, comment = ${completion.comment || null},
        is_pass = ${completion.pass ? 1 : 0}, update_user = ${ctx.auth.userId}, update_time = ${now} where id = ${taskId}`.execute(
      db,
    );
    await sql`update blade_flow_activity set comment = ${completion.comment || null} where task_id = ${taskId}`.execute(db);
    await saveStep(db, ctx.auth.tenantId, String(instance.id), String(instance.definition_id), result);
    return String(instance.id);
  });
}

/** Deletes a running instance with a reason: it stops, its open tasks are cancelled; its history stays. */
export async function deleteInstance(ctx: CrudContext, instanceId: string, reason: string): Promise<void> {
  await ctx.db.transaction().execute(async (db) => {
    const locked = await sql<Row>`select id from blade_flow_instance where id = ${instanceId} and tenant_id = ${ctx.auth.tenantId}
      and status = ${INSTANCE_STATUS.running} and is_deleted = 0 for update`.execute(db);
    if (!locked.rows[0]) throw badRequest('flowInstanceMissing');
    await sql`update blade_flow_instance set status = ${INSTANCE_STATUS.deleted}, delete_reason = ${reason}, end_time = ${now},
      update_user = ${ctx.auth.userId || null}, update_time = ${now} where id = ${instanceId}`.execute(db);
    await sql`update blade_flow_task set status = ${TASK_STATUS.cancelled}, end_time = ${now}, update_time = ${now}
      where instance_id = ${instanceId} and status = ${TASK_STATUS.open}`.execute(db);
    await sql`update blade_flow_activity set end_time = ${now} where instance_id = ${instanceId} and end_time is null`.execute(
      db,
    );
  });
}

/**
 * Fires the timer events of the tenant's instances that are due (escalations
 * after N days), one instance per transaction, each locked (skipping one
 * another instance of the server holds); answers how many instances moved on.
 * Run by the job queue (the flowTimers job), never by an in-memory clock.
 */
export async function fireDueTimers(db: Db, tenantId: string, signal?: AbortSignal): Promise<number> {
  const dueNow = sql`timer_due <= (now() at time zone 'UTC')`;
  const candidates = await sql<{ id: string }>`select id from blade_flow_instance where tenant_id = ${tenantId}
    and is_deleted = 0 and status = ${INSTANCE_STATUS.running} and ${dueNow} order by timer_due`.execute(db);
  let fired = 0;
  for (const { id } of candidates.rows) {
    signal?.throwIfAborted();
    const moved = await db.transaction().execute(async (tx) => {
      // Still due and not taken by another instance of the server meanwhile.
      const found = await sql<Row>`select * from blade_flow_instance where id = ${id} and status = ${INSTANCE_STATUS.running}
        and ${dueNow} for update skip locked`.execute(tx);
      const instance = found.rows[0];
      if (!instance) return false;
      const timers = (instance.timers ?? []) as WaitingTimer[];
      const dueIds = timers.filter((t) => Date.parse(t.due) <= Date.now()).map((t) => t.id);
      const result = await fireTimers(instance.state, dueIds);
      await saveStep(tx, tenantId, String(instance.id), String(instance.definition_id), result);
      return true;
    });
    if (moved) fired += 1;
  }
  return fired;
}
