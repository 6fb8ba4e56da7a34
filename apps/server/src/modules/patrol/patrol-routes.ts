import {
  listQueryOf,
  Page,
  PatrolRecord,
  PLAN_STATUS,
  patrolPlanEntity,
  patrolPointEntity,
  patrolTaskEntity,
  patrolTaskPointEntity,
  PATROL_RESULT,
  TASK_POINT_STATUS,
  TASK_STATUS,
  userEntity,
} from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { CrudService, parseId, toJson, type CrudContext, type Row, NEXT_UPDATE_TIME } from '../../platform/crud/engine';
import { readPage } from '../../platform/crud/paging';
import { registerCrudRoutes } from '../../platform/crud/routes';
import { data, status } from '../../platform/http/envelope';
import { badRequest } from '../../platform/http/errors';
import { get, post } from '../../platform/http/operation';
import { contextOf } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';
import { gardenRow } from '../community/hierarchy';
import { isSet, liveRow, pickOf } from '../facility/lookups';
import { operatorName } from '../service/repair-flow';
import { checkStoredLinks, linksOf } from '../service/stored-links';

type Query = Record<string, unknown>;
const HOUR_MINUTE = /^([01]\d|2[0-3]):[0-5]\d$/;
const MAX_CYCLE_DAYS = 365;

/** Points on the route of an open plan stay. */
const points = new CrudService(patrolPointEntity, {
  async beforeSave(ctx, values, existing) {
    await gardenRow(ctx, pickOf(values, existing)('garden_id'));
  },
  async beforeRemove(ctx, ids) {
    const pattern = ids.map((id) => `(^|,)\\s*${id}\\s*(,|$)`).join('|');
    const used = await sql`select 1 from property_patrol_plan where tenant_id = ${ctx.auth.tenantId} and is_deleted = 0
      and status = ${PLAN_STATUS.open} and point_ids ~ ${pattern} limit 1`.execute(ctx.db);
    if (used.rows.length > 0) throw badRequest('patrolPointInUse');
  },
});

/**
 * A plan's route holds points of its own garden; hours are HH:mm with the end
 * after the start; the cycle is 1 to 365 days; the walker is a user of the
 * tenant. A closed plan no longer changes.
 */
const plans = new CrudService(patrolPlanEntity, {
  async beforeSave(ctx, values, existing) {
    if (existing && Number(existing.status) === PLAN_STATUS.closed) throw badRequest('patrolPlanClosed');
    const pick = pickOf(values, existing);
    await gardenRow(ctx, pick('garden_id'));
    const [start, end] = [String(pick('start_time') ?? ''), String(pick('end_time') ?? '')];
    if (!HOUR_MINUTE.test(start) || !HOUR_MINUTE.test(end) || end <= start) throw badRequest('patrolHoursInvalid');
    const cycle = Number(pick('cycle_days'));
    if (!Number.isInteger(cycle) || cycle < 1 || cycle > MAX_CYCLE_DAYS) throw badRequest('patrolCycleInvalid');
    if (isSet(pick('end_date')) && String(pick('end_date')) < String(pick('start_date'))) throw badRequest('endBeforeStart');
    const route = linksOf(pick('point_ids'));
    if (route.length === 0) throw badRequest('patrolRouteRequired');
    if (route.some((id) => !/^\d{1,19}$/.test(id))) throw badRequest('patrolRouteInvalid');
    const found = await sql<{ n: number }>`select count(distinct id)::int as n from property_patrol_point
      where id in (${sql.join(route)}) and garden_id = ${pick('garden_id')} and is_deleted = 0
      and ${sql.join(ctx.rowScope(patrolPointEntity), sql` and `)}`.execute(ctx.db);
    if (found.rows[0]!.n !== new Set(route).size) throw badRequest('patrolRouteInvalid');
    values.point_ids = route.join(',');
    if ('user_id' in values) {
      const user = await liveRow(ctx, userEntity, values.user_id, 'patrolUserMissing');
      values.user_name = user.real_name ?? user.account;
    }
  },
});

/** Tasks come from plans: only their remark changes by hand, and none is added by hand. */
const tasks = new CrudService(patrolTaskEntity, {
  beforeSave(_ctx, values, existing) {
    if (!existing || Object.keys(values).some((c) => c !== 'remark')) throw badRequest('patrolTaskFixed');
  },
});

/**
 * Checking a point of a task: while the task is open (not closed, expired or
 * done, within its hours), once, with a result (正常/异常), remarks and
 * photos. The task's counts and state follow in the same transaction.
 */
const taskPoints = new CrudService(patrolTaskPointEntity, {
  async beforeSave(ctx, values, existing) {
    if (!existing) throw badRequest('patrolTaskFixed');
    if (Number(existing.status) !== TASK_POINT_STATUS.waiting) throw badRequest('patrolPointChecked');
    const task = await liveRow(ctx, patrolTaskEntity, existing.task_id, 'patrolTaskMissing', { lock: true });
    const open = await sql<{ open: boolean }>`select ${task.end_time}::timestamp >= localtimestamp(0) as open`.execute(ctx.db);
    if (![TASK_STATUS.pending, TASK_STATUS.running].includes(Number(task.status) as 0) || !open.rows[0]!.open) {
      throw badRequest('patrolTaskNotOpen');
    }
    const result = pickOf(values, existing)('result');
    if (!Object.values(PATROL_RESULT).includes(Number(result) as 1)) throw badRequest('patrolResultRequired');
    if ('images' in values) values.images = await checkStoredLinks(ctx, values.images, 'photoLinkInvalid');
    values.status = TASK_POINT_STATUS.checked;
    values.check_time = sql`localtimestamp(0)`;
    values.check_user_name = operatorName(ctx.auth.userId, ctx.auth.userName || ctx.auth.account);
  },
  async afterSave(ctx, saved) {
    await sql`update property_patrol_task t set
        checked_count = (select count(*) from property_patrol_task_point p
          where p.task_id = t.id and p.status = ${TASK_POINT_STATUS.checked} and p.is_deleted = 0),
        status = case when exists (select 1 from property_patrol_task_point p
          where p.task_id = t.id and p.status = ${TASK_POINT_STATUS.waiting} and p.is_deleted = 0)
          then ${TASK_STATUS.running}::int else ${TASK_STATUS.done}::int end,
        update_time = ${NEXT_UPDATE_TIME}
      where id = ${saved.task_id}`.execute(ctx.db);
  },
});

const closeBody = {
  type: 'object',
  properties: {
    id: { type: ['string', 'integer'], description: 'the row' },
    reason: { type: 'string', maxLength: 500, description: 'why (kept with a plan)' },
  },
  required: ['id'],
};

/** Closes a plan (no more tasks from it) or a task (no more checks; its waiting points stay unchecked). */
async function close(ctx: CrudContext, kind: 'plan' | 'task', body: Query): Promise<void> {
  const id = parseId(body.id);
  await ctx.db.transaction().execute(async (db) => {
    const tx = { ...ctx, db };
    if (kind === 'plan') {
      const plan = await liveRow(tx, patrolPlanEntity, id, 'patrolPlanMissing', { lock: true });
      if (Number(plan.status) === PLAN_STATUS.closed) throw badRequest('patrolPlanClosed');
      const reason = isSet(body.reason) ? String(body.reason).slice(0, 500) : null;
      await sql`update property_patrol_plan set status = ${PLAN_STATUS.closed}, close_reason = ${reason},
        update_user = ${ctx.auth.userId || null}, update_time = ${NEXT_UPDATE_TIME} where id = ${id}`.execute(db);
      return;
    }
    const task = await liveRow(tx, patrolTaskEntity, id, 'patrolTaskMissing', { lock: true });
    if (![TASK_STATUS.pending, TASK_STATUS.running].includes(Number(task.status) as 0)) throw badRequest('patrolTaskNotOpen');
    await sql`update property_patrol_task set status = ${TASK_STATUS.closed}, update_user = ${ctx.auth.userId || null},
      update_time = ${NEXT_UPDATE_TIME} where id = ${id}`.execute(db);
  });
}

/** Patrol records (patrol/list, patrol/page): points checked or missed, newest first, with their task's plan, day and walker. */
function registerRecords(app: FastifyInstance, services: Services): void {
  const from = sql`(select p.*, t.plan_name, t.task_date, t.user_name from property_patrol_task_point p
    join property_patrol_task t on t.id = p.task_id) as property_patrol_task_point`;
  for (const name of ['list', 'page']) {
    app.get(
      `/api/system-property/patrol/${name}`,
      get({
        tags: [patrolTaskPointEntity.label.en],
        summary: 'Patrol records: points checked or missed, newest first',
        description: 'Needs the `patroltask` menu. Filters of the task points.',
        query: listQueryOf(patrolTaskPointEntity),
        data: Page(PatrolRecord),
      }),
      async (req) => {
        const ctx = await contextOf(services, req);
        ctx.require(patrolTaskPointEntity, 'view');
        const query = { descs: 'updateTime', ...(req.query as Query) };
        const request = taskPoints.listRequest(ctx, query, { extra: [sql`status <> ${TASK_POINT_STATUS.waiting}`] });
        const page = await readPage(ctx.db, { ...request, from });
        return data({
          ...page,
          records: page.records.map((r: Row) => ({
            ...toJson(patrolTaskPointEntity, r),
            planName: (r.plan_name as string | null) ?? null,
            taskDate: (r.task_date as string | null) ?? null,
            userName: (r.user_name as string | null) ?? null,
          })),
        });
      },
    );
  }
}

/** Patrols (spec §7.7): points, plans (close), tasks (close), their points, the records. */
export function registerPatrolRoutes(app: FastifyInstance, services: Services): void {
  registerCrudRoutes(app, services, patrolPointEntity, points, { except: ['page'] });
  registerCrudRoutes(app, services, patrolPlanEntity, plans, { except: ['page'] });
  registerCrudRoutes(app, services, patrolTaskEntity, tasks, { except: ['page'] });
  registerCrudRoutes(app, services, patrolTaskPointEntity, taskPoints, { except: ['page'] });
  for (const [entity, kind] of [
    [patrolPlanEntity, 'plan'],
    [patrolTaskEntity, 'task'],
  ] as const) {
    app.post(
      `/api${entity.base}/close`,
      post({
        tags: [entity.label.en],
        summary: kind === 'plan' ? 'Close a plan: no more tasks are made from it' : 'Close a task: no more points are checked',
        description: `Needs the \`${entity.permission}_close\` button. The id (and a reason) in the body; also as query parameters.`,
        body: closeBody,
        form: true,
        bodyOptional: true,
      }),
      async (req) => {
        const ctx = await contextOf(services, req);
        ctx.requireCode(`${entity.permission}_close`);
        await close(ctx, kind, { ...(req.query as Query), ...((req.body as Query | undefined) ?? {}) });
        return status(true);
      },
    );
  }
  registerRecords(app, services);
}
