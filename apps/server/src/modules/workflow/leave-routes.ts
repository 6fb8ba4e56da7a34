import { inputOf as submitBodyOf, LeaveDetail, leaveEntity, Nullable } from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { parseId, toJson, type Row } from '../../platform/crud/engine';
import { validateBody } from '../../platform/crud/validate';
import { data } from '../../platform/http/envelope';
import { badRequest, forbidden } from '../../platform/http/errors';
import { get, idText, params, post } from '../../platform/http/operation';
import { contextOf } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';
import { Type } from '@property/domain';
import { INSTANCE_STATUS, requireInstanceReader, startProcess } from './instances';
import type { Db } from '../../platform/db/database';

/** The people a leave request may name as its approver: the tenant's enabled users (or the one of them `id` names). */
const approversOf = (db: Db, tenantId: string, id?: unknown) =>
  sql<{ id: string; real_name: string | null; account: string }>`select id, real_name, account from blade_user
    where tenant_id = ${tenantId} and is_deleted = 0 and status = 1 ${id === undefined ? sql`` : sql`and id = ${id}`}
    order by real_name, id`.execute(db);

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days a leave covers, counting a started day as one (the process's gateway reads it). */
export function leaveDays(start: string, end: string): number {
  const ms = Date.parse(end.replace(' ', 'T')) - Date.parse(start.replace(' ', 'T'));
  return Math.max(1, Math.ceil(ms / DAY_MS));
}

/**
 * The leave process's business calls (spec §7.9 /blade-desk/process/leave,
 * routes §2.1): filing a leave starts its process in the same transaction —
 * both saved or neither — and the detail shows the request with its outcome.
 */
export function registerLeaveRoutes(app: FastifyInstance, services: Services): void {
  const base = `/api${leaveEntity.base}`;
  const tags = [leaveEntity.label.en];
  app.post(
    `${base}/start-process`,
    post({
      tags,
      summary: 'File a leave request and start its process',
      description:
        'processDefinitionId (the leave process), startTime, endTime (after startTime), reason; taskUser names the approving manager (otherwise a user with the manager role claims it).',
      body: submitBodyOf(leaveEntity),
      form: true,
      data: Type.Object({ businessId: Type.String(), processInstanceId: Type.String() }),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      const values = validateBody(leaveEntity, req.body ?? {}, true);
      const start = String(values.start_time);
      const end = String(values.end_time);
      if (Date.parse(end.replace(' ', 'T')) <= Date.parse(start.replace(' ', 'T'))) throw badRequest('leaveTimeOrder');
      const days = leaveDays(start, end);
      // The approver is the task's assignee: someone of another tenant (or a disabled account) could never take it.
      if (values.task_user != null && values.task_user !== '') {
        const known = await approversOf(ctx.db, ctx.auth.tenantId, values.task_user);
        if (known.rows.length === 0) throw badRequest('referenceMissing', { name: 'taskUser' });
      }
      const answer = await ctx.db.transaction().execute(async (db) => {
        const who = ctx.auth.userId || null;
        const made = await sql<{ id: string }>`insert into blade_process_leave (tenant_id, process_definition_id, start_time,
            end_time, days, reason, task_user, apply_time, create_user, create_dept, update_user)
          values (${ctx.auth.tenantId}, ${values.process_definition_id}, ${start}, ${end}, ${days}, ${values.reason},
            ${values.task_user ?? null}, localtimestamp(0), ${who}, ${ctx.auth.deptId || null}, ${who}) returning id`.execute(db);
        const businessId = String(made.rows[0]!.id);
        const instanceId = await startProcess(
          db,
          { ...ctx, db },
          String(values.process_definition_id),
          { days, taskUser: values.task_user ? String(values.task_user) : '', reason: values.reason },
          { table: leaveEntity.table, id: businessId },
        );
        await sql`update blade_process_leave set process_instance_id = ${instanceId} where id = ${businessId}`.execute(db);
        return { businessId, processInstanceId: instanceId };
      });
      return data(answer);
    },
  );
  app.get(
    `${base}/approvers`,
    get({
      tags,
      summary: 'Who a leave request may name as its approver',
      description:
        'The enabled users of the caller’s tenant (id and name), for the form’s approver picker; any signed-in user who may file one.',
      data: Type.Array(Type.Object({ id: Type.String(), realName: Type.String() })),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      const found = await approversOf(ctx.db, ctx.auth.tenantId);
      return data(found.rows.map((r) => ({ id: String(r.id), realName: r.real_name || r.account })));
    },
  );
  app.get(
    `${base}/detail`,
    get({
      tags,
      summary: 'A leave request with its outcome',
      description:
        '`finished` once its process ended; `approved` then says how (null while running or when deleted). For its applicant, the people in its process and holders of the flow menus (403 otherwise).',
      query: params({ businessId: idText('the leave request') }, ['businessId']),
      data: Nullable(LeaveDetail),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      const id = parseId((req.query as Record<string, unknown>).businessId, 'businessId');
      const found = await sql<Row>`select l.*, u.real_name as applicant_name, i.status as instance_status,
          (select t.is_pass from blade_flow_task t where t.instance_id = i.id and t.status = 2 order by t.end_time desc, t.id desc limit 1)
            as last_pass
        from blade_process_leave l left join blade_user u on u.id = l.create_user
        left join blade_flow_instance i on i.id = l.process_instance_id
        where l.id = ${id} and l.tenant_id = ${ctx.auth.tenantId} and l.is_deleted = 0`.execute(ctx.db);
      const row = found.rows[0];
      if (!row) return data(null);
      // The applicant, and whoever may read its process (the people in it, the flow menus).
      if (String(row.create_user ?? '') !== ctx.auth.userId || !ctx.auth.userId) {
        const instance =
          await sql<Row>`select id, start_user from blade_flow_instance where id = ${row.process_instance_id}`.execute(ctx.db);
        if (!instance.rows[0]) throw forbidden();
        await requireInstanceReader(ctx, instance.rows[0]);
      }
      const finished = Number(row.instance_status) === INSTANCE_STATUS.ended;
      return data({
        ...toJson(leaveEntity, row),
        applicantName: String(row.applicant_name ?? ''),
        finished,
        approved: finished && row.last_pass !== null ? Number(row.last_pass) === 1 : null,
      });
    },
  );
}
