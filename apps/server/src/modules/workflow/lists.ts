/**
 * The work and follow lists (spec §4: start, claim, todo, send, done; follow)
 * as the contract's workflow items, read from the tables the steps write.
 */
import { sql, type RawBuilder } from 'kysely';
import type { CrudContext, Row } from '../../platform/crud/engine';
import { badRequest } from '../../platform/http/errors';
import { claimableBy, INSTANCE_STATUS, TASK_STATUS } from './instances';

const time = (column: string) => sql`to_char(${sql.ref(column)}, 'YYYY-MM-DD HH24:MI:SS')`;

/** Durations travel as seconds (text); the console words them. */
const seconds = (from: string, to: string) =>
  sql`(extract(epoch from (coalesce(${sql.ref(to)}, localtimestamp(0)) - ${sql.ref(from)})))::bigint::text`;

const TASK_COLUMNS = sql`t.id::text as task_id, t.task_name, t.task_definition_key, t.assignee::text as assignee,
  ua.real_name as assignee_name, ${time('t.create_time')} as create_time, ${time('t.end_time')} as end_time,
  ${time('t.claim_time')} as claim_time, t.execution_id, t.comment, t.is_pass, t.status as task_status,
  ${seconds('t.create_time', 't.end_time')} as duration`;
const PROCESS_COLUMNS = sql`i.id::text as process_instance_id, d.id::text as process_definition_id, d.process_key, d.name as definition_name,
  d.version, d.category, dc.dict_value as category_name, dc.remark as flag, i.business_table, i.business_id::text as business_id,
  i.start_user::text as start_user, us.real_name as start_user_name, i.delete_reason, i.variables, i.status as instance_status,
  ${time('i.create_time')} as instance_create_time, ${time('i.end_time')} as instance_end_time,
  (select a.activity_id from blade_flow_activity a where a.instance_id = i.id and a.end_time is null
     and a.activity_type <> 'bpmn:SequenceFlow' order by a.id desc limit 1) as current_activity_id,
  (select a.activity_name from blade_flow_activity a where a.instance_id = i.id and a.end_time is null
     and a.activity_type <> 'bpmn:SequenceFlow' order by a.id desc limit 1) as current_activity_name`;
const PROCESS_JOINS = sql`join blade_flow_definition d on d.id = i.definition_id
  left join blade_dict dc on dc.code = 'flow' and dc.parent_id <> 0 and dc.dict_key = d.category and dc.is_deleted = 0
  left join blade_user us on us.id = i.start_user`;

function statusOf(row: Row): string {
  if (Number(row.instance_status) === INSTANCE_STATUS.deleted || Number(row.task_status) === TASK_STATUS.cancelled)
    return 'deleted';
  if (row.task_id ? Number(row.task_status) === TASK_STATUS.done : Number(row.instance_status) === INSTANCE_STATUS.ended) {
    return 'finished';
  }
  return 'todo';
}

const orNull = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** A row of the queries below → a workflow item. */
function itemOf(row: Row) {
  return {
    taskId: orNull(row.task_id),
    taskName: orNull(row.task_name),
    taskDefinitionKey: orNull(row.task_definition_key),
    assignee: orNull(row.assignee),
    assigneeName: orNull(row.assignee_name),
    category: orNull(row.category),
    categoryName: orNull(row.category_name),
    createTime: orNull(row.create_time ?? row.instance_create_time),
    endTime: orNull(row.task_id ? row.end_time : row.instance_end_time),
    claimTime: orNull(row.claim_time),
    executionId: orNull(row.execution_id),
    processInstanceId: orNull(row.process_instance_id),
    processDefinitionId: String(row.process_definition_id),
    processDefinitionKey: String(row.process_key),
    processDefinitionName: String(row.definition_name ?? row.process_key),
    processDefinitionVersion: Number(row.version ?? 1),
    historyActivityId: orNull(row.task_id ? row.task_definition_key : row.current_activity_id),
    historyActivityName: orNull(row.task_id ? row.task_name : row.current_activity_name),
    historyActivityDurationTime: orNull(row.duration),
    businessTable: orNull(row.business_table),
    businessId: orNull(row.business_id),
    status: statusOf(row),
    comment: orNull(row.comment),
    isPass: row.is_pass === null || row.is_pass === undefined ? null : Number(row.is_pass) === 1,
    flag: orNull(row.flag),
    startUser: orNull(row.start_user),
    startUserName: orNull(row.start_user_name),
    deleteReason: orNull(row.delete_reason),
    variables: (row.variables ?? {}) as Record<string, unknown>,
  };
}
export type FlowItemRow = ReturnType<typeof itemOf>;

/** current and size of a list call (spec §7.1: size 10 by default, at most 200 here). */
export function paging(query: Record<string, unknown>): { current: number; size: number } {
  const current = query.current === undefined || query.current === '' ? 1 : Number(query.current);
  const size = query.size === undefined || query.size === '' ? 10 : Number(query.size);
  if (!Number.isInteger(current) || current < 1) throw badRequest('pageNotPositive');
  if (!Number.isInteger(size) || size < 1) throw badRequest('sizeNotPositive');
  if (size > 200) throw badRequest('sizeTooLarge', { max: 200 });
  return { current, size };
}

/** One page of `select` (a query of whole rows) in `order`, each row as `toJson` makes it; totals exact. */
export async function pageOf<T>(
  ctx: CrudContext,
  query: Record<string, unknown>,
  select: RawBuilder<unknown>,
  order: RawBuilder<unknown>,
  toJson: (row: Row) => T,
) {
  const { current, size } = paging(query);
  const total = await sql<{ n: string }>`select count(*) as n from (${select}) x`.execute(ctx.db);
  const rows = await sql<Row>`${select} order by ${order} limit ${size} offset ${(current - 1) * size}`.execute(ctx.db);
  const n = Number(total.rows[0]?.n ?? 0);
  return {
    records: rows.rows.map(toJson),
    total: n,
    size,
    current,
    pages: Math.ceil(n / size),
    searchCount: true,
    totalExact: true,
  };
}

const tasksWhere = (ctx: CrudContext, condition: RawBuilder<unknown>) => sql`select ${TASK_COLUMNS}, ${PROCESS_COLUMNS}
  from blade_flow_task t join blade_flow_instance i on i.id = t.instance_id ${PROCESS_JOINS}
  left join blade_user ua on ua.id = t.assignee
  where t.tenant_id = ${ctx.auth.tenantId} and t.is_deleted = 0 and i.is_deleted = 0 and ${condition}`;

const processesWhere = (ctx: CrudContext, condition: RawBuilder<unknown>) => sql`select ${PROCESS_COLUMNS}
  from blade_flow_instance i ${PROCESS_JOINS}
  where i.tenant_id = ${ctx.auth.tenantId} and i.is_deleted = 0 and ${condition}`;

export const claimList = (ctx: CrudContext, q: Record<string, unknown>) =>
  pageOf(ctx, q, tasksWhere(ctx, claimableBy(ctx)), sql`t.create_time desc, t.id desc`, itemOf);
export const todoList = (ctx: CrudContext, q: Record<string, unknown>) =>
  pageOf(
    ctx,
    q,
    tasksWhere(ctx, sql`t.status = ${TASK_STATUS.open} and t.assignee = ${ctx.auth.userId}`),
    sql`t.create_time desc, t.id desc`,
    itemOf,
  );
export const doneList = (ctx: CrudContext, q: Record<string, unknown>) =>
  pageOf(
    ctx,
    q,
    tasksWhere(ctx, sql`t.status = ${TASK_STATUS.done} and t.assignee = ${ctx.auth.userId}`),
    sql`t.end_time desc, t.id desc`,
    itemOf,
  );
/** The caller's instances, of one process key when `processKey` is given. */
export function sendList(ctx: CrudContext, q: Record<string, unknown>) {
  const key = typeof q.processKey === 'string' && q.processKey ? q.processKey : null;
  const mine = sql`i.start_user = ${ctx.auth.userId} and (${key}::text is null or i.process_key = ${key})`;
  return pageOf(ctx, q, processesWhere(ctx, mine), sql`i.create_time desc, i.id desc`, itemOf);
}
/** Running instances of the tenant (flow tracking). */
export const followList = (ctx: CrudContext, q: Record<string, unknown>) =>
  pageOf(ctx, q, processesWhere(ctx, sql`i.status = ${INSTANCE_STATUS.running}`), sql`i.create_time desc, i.id desc`, itemOf);
