import {
  DeptUserTreeNode,
  elevatorEntity,
  FACILITY_STATUS,
  FacilityCounts,
  hydrantEntity,
  List,
  UserHit,
  userEntity,
  type EntityDef,
} from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { CrudService, parseId, type CrudContext, type Row } from '../../platform/crud/engine';
import { registerCrudRoutes } from '../../platform/crud/routes';
import { buildTree } from '../../platform/crud/tree';
import { data } from '../../platform/http/envelope';
import { badRequest } from '../../platform/http/errors';
import { get, idText, params, text } from '../../platform/http/operation';
import { contextOf } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';
import { buildingRow, gardenRow } from '../community/hierarchy';
import { endsBeforeStart, isSet, liveRow, pickOf } from './lookups';

type Query = Record<string, unknown>;

/** Inspections due within this many days count as "due soon" in the statistics. */
export const DUE_SOON_DAYS = 30;

/** Checks elevators and hydrants share: garden, state, inspection order, a responsible user of the tenant. */
async function checkEquipment(ctx: CrudContext, values: Row, existing: Row | undefined): Promise<void> {
  const pick = pickOf(values, existing);
  await gardenRow(ctx, pick('garden_id'));
  const state = pick('status');
  if (isSet(state) && !Object.values(FACILITY_STATUS).includes(Number(state) as 1)) throw badRequest('facilityStatusInvalid');
  if (await endsBeforeStart(ctx, pick('last_inspection'), pick('next_inspection'))) throw badRequest('inspectionOrder');
  if (isSet(pick('user_id'))) await liveRow(ctx, userEntity, pick('user_id'), 'responsibleMissing');
}

/**
 * `{base}/statistics`: how many of the caller's items (of the garden given as
 * gardenId, the header's selector) are in each state, and how many
 * inspections are overdue or due within DUE_SOON_DAYS.
 */
function registerStatistics(app: FastifyInstance, services: Services, entity: EntityDef, service: CrudService): void {
  app.get(
    `/api${entity.base}/statistics`,
    get({
      tags: [entity.label.en],
      summary: `${entity.label.zh} (${entity.label.en}): counts by state and due inspections`,
      query: params({ gardenId: idText('one garden; none: all the caller’s') }),
      data: FacilityCounts,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(entity, 'view');
      const gardenId = (req.query as Query).gardenId;
      const where = service.scope(ctx, isSet(gardenId) ? [sql`garden_id = ${parseId(gardenId, 'gardenId')}`] : []);
      const rows = await sql<Record<string, number>>`select count(*)::int as total,
          count(*) filter (where status = ${FACILITY_STATUS.normal})::int as normal,
          count(*) filter (where status = ${FACILITY_STATUS.repairing})::int as repairing,
          count(*) filter (where status = ${FACILITY_STATUS.stopped})::int as stopped,
          count(*) filter (where next_inspection < current_date)::int as overdue,
          count(*) filter (where next_inspection >= current_date
            and next_inspection <= current_date + ${DUE_SOON_DAYS}::int)::int as due_soon
        from ${sql.table(entity.table)} where ${where}`.execute(ctx.db);
      const r = rows.rows[0]!;
      return data({
        total: r.total,
        normal: r.normal,
        repairing: r.repairing,
        stopped: r.stopped,
        overdue: r.overdue,
        dueSoon: r.due_soon,
      });
    },
  );
}

/** Departments of the caller's tenant as a tree, each with its users as leaves (isUser: true) to pick from. */
async function deptUserTree(ctx: CrudContext): Promise<Row[]> {
  const [depts, users] = await Promise.all([
    sql<Row>`select id, parent_id, dept_name from blade_dept where is_deleted = 0 and tenant_id = ${ctx.auth.tenantId}
      order by sort, id`.execute(ctx.db),
    sql<Row>`select id, real_name, account, dept_id from blade_user where is_deleted = 0 and tenant_id = ${ctx.auth.tenantId}
      order by real_name, id`.execute(ctx.db),
  ]);
  const deptRows: Row[] = depts.rows.map((d) => ({
    id: String(d.id),
    parentId: String(d.parent_id ?? '0'),
    title: d.dept_name,
    isUser: false,
    disabled: true,
  }));
  const known = new Set(deptRows.map((d) => d.id));
  // A user of several departments shows under each; the first is enough for users without one.
  const userRows: Row[] = users.rows.flatMap((u) =>
    String(u.dept_id ?? '')
      .split(',')
      .filter((deptId) => known.has(deptId))
      .map((deptId) => ({ id: String(u.id), parentId: deptId, title: u.real_name, account: u.account, isUser: true })),
  );
  const tree = buildTree(deptRows, { titleKey: 'title' });
  const byId = new Map<string, Row>();
  const index = (nodes: Row[]) =>
    nodes.forEach((n) => {
      byId.set(String(n.id), n);
      index((n.children as Row[] | undefined) ?? []);
    });
  index(tree);
  for (const user of userRows) {
    const parent = byId.get(String(user.parentId))!;
    ((parent.children as Row[] | undefined) ?? (parent.children = [])).push({
      ...user,
      key: `${user.parentId}-${user.id}`,
      value: user.id,
    });
    parent.hasChildren = true;
  }
  return tree;
}

/** Elevators and hydrants (spec §7.7): the generic calls, statistics, and the pickers of the responsible user. */
export function registerEquipmentRoutes(app: FastifyInstance, services: Services): void {
  const elevators = new CrudService(elevatorEntity, {
    async beforeSave(ctx, values, existing) {
      await checkEquipment(ctx, values, existing);
      const pick = pickOf(values, existing);
      const building = await buildingRow(ctx, pick('building_id'));
      if (String(building.garden_id) !== String(pick('garden_id'))) throw badRequest('buildingNotInGarden');
    },
  });
  registerCrudRoutes(app, services, elevatorEntity, elevators);
  registerStatistics(app, services, elevatorEntity, elevators);

  const hydrants = new CrudService(hydrantEntity, { beforeSave: checkEquipment });
  registerCrudRoutes(app, services, hydrantEntity, hydrants);
  registerStatistics(app, services, hydrantEntity, hydrants);

  const base = `/api${elevatorEntity.base}`;
  const tags = [elevatorEntity.label.en];
  const deptUsers = get({
    tags,
    summary: 'Departments with their users, to pick the responsible user',
    data: List(DeptUserTreeNode),
  });
  app.get(`${base}/deptUserTree`, deptUsers, async (req) => {
    const ctx = await contextOf(services, req);
    ctx.require(elevatorEntity, 'view');
    return data(await deptUserTree(ctx));
  });
  const searchUser = get({
    tags,
    summary: 'Users of the tenant by name, account or phone (at most 50)',
    query: params({ name: text('name, account or phone contains'), realName: text('as name'), keyword: text('as name') }),
    data: List(UserHit),
  });
  app.get(`${base}/searchUser`, searchUser, async (req) => {
    const ctx = await contextOf(services, req);
    ctx.require(elevatorEntity, 'view');
    const query = req.query as Query;
    const words = String(query.name ?? query.realName ?? query.keyword ?? '').trim();
    const like = `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const filter = words ? sql`and (real_name ilike ${like} or account ilike ${like} or phone ilike ${like})` : sql``;
    const rows = await sql<Row>`select id, real_name, account, phone from blade_user
      where is_deleted = 0 and tenant_id = ${ctx.auth.tenantId} ${filter} order by real_name, id limit 50`.execute(ctx.db);
    return data(rows.rows.map((u) => ({ id: String(u.id), realName: u.real_name, account: u.account, phone: u.phone ?? '' })));
  });
}
