import { dataScopeEntity, DeptNode, deptEntity, List, listQueryOf, recordOf, userEntity } from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { CrudService, parseId, type CrudContext, type CrudHooks, type Row } from '../../platform/crud/engine';
import { registerCrudRoutes } from '../../platform/crud/routes';
import { buildTree, markHasChildren } from '../../platform/crud/tree';
import { isPlatformAdmin } from '../../platform/http/context';
import { data } from '../../platform/http/envelope';
import { badRequest } from '../../platform/http/errors';
import { get, idText } from '../../platform/http/operation';
import { contextOf } from '../../platform/http/request-context';
import type { AccessService } from '../../platform/security/access';
import type { Services } from '../../platform/services';

const BASE = '/api/blade-system/dept';
/** Screens that pick departments (the user form, role data scopes) or show them: their readers may read the tree. */
const DEPT_PICKER_SCREENS = [deptEntity, userEntity, dataScopeEntity];
/** A caller's own ids, or one that matches nothing (an empty IN list is not SQL). */
export const ownIds = (ids: string[]) => (ids.length > 0 ? ids : ['0']);
const tags = ['Department'];
type Query = Record<string, unknown>;

/** `ancestors` holds the chain of parent ids ("0,12,34") so "a department and below" is one query. */
async function ancestorsOf(ctx: CrudContext, parentId: string): Promise<string> {
  if (parentId === '0') return '0';
  const rows = await sql<{ ancestors: string }>`select ancestors from blade_dept where id = ${parentId}
    and tenant_id = ${ctx.auth.tenantId} and is_deleted = 0`.execute(ctx.db);
  if (!rows.rows[0]) throw badRequest('parentDeptMissing');
  return `${rows.rows[0].ancestors},${parentId}`;
}

/**
 * Grants hold the departments at and below each user's (data scope type 4),
 * so a saved department makes them stale — once it has committed, never
 * before, so no call caches the old tree under the new version.
 */
class DeptService extends CrudService {
  constructor(
    private readonly access: AccessService,
    hooks: CrudHooks,
  ) {
    super(deptEntity, hooks);
  }
  override async submit(ctx: CrudContext, body: unknown): Promise<Row> {
    const saved = await super.submit(ctx, body);
    await this.access.invalidate();
    return saved;
  }
}

export function registerDeptRoutes(app: FastifyInstance, services: Services): void {
  const depts = new DeptService(services.access, {
    async beforeSave(ctx, values, existing) {
      const parentId = String(values.parent_id ?? existing?.parent_id ?? '0');
      if (existing && parentId === String(existing.id)) throw badRequest('parentIsSelf');
      values.parent_id = parentId;
      values.ancestors = await ancestorsOf(ctx, parentId);
      if (existing && String(values.ancestors).split(',').includes(String(existing.id))) throw badRequest('parentIsDescendant');
    },
    async beforeRemove(ctx, ids) {
      const children =
        await sql`select 1 from blade_dept where is_deleted = 0 and parent_id in (${sql.join(ids)}) limit 1`.execute(ctx.db);
      if (children.rows.length > 0) throw badRequest('removeChildrenFirst');
      const members = await sql`select 1 from blade_user where is_deleted = 0 and tenant_id = ${ctx.auth.tenantId}
        and string_to_array(dept_id, ',') && ${ids}::text[] limit 1`.execute(ctx.db);
      if (members.rows.length > 0) throw badRequest('deptHasUsers');
    },
  });
  registerCrudRoutes(app, services, deptEntity, depts, { except: ['list'] });

  /** The platform administrator may look at another tenant's departments (tenant management). */
  const tenantOf = (ctx: CrudContext, query: Query) =>
    query.tenantId && isPlatformAdmin(ctx.auth) ? String(query.tenantId) : ctx.auth.tenantId;
  const rowsOf = async (ctx: CrudContext, query: Query, extra: Query = {}) => {
    const tenantId = tenantOf(ctx, query);
    const scoped: CrudContext = { ...ctx, auth: { ...ctx.auth, tenantId } };
    const { tenantId: _omit, ...filters } = query;
    void _omit;
    return depts.all(scoped, { ...filters, ...extra });
  };
  const picker = (rows: Row[]) => buildTree(rows, { titleKey: 'deptName' });

  const tenantParam = {
    tenantId: { type: 'string', description: 'platform administrator only: the departments of this tenant' },
  };
  const filters = listQueryOf(deptEntity, tenantParam);
  const tree = (summary: string) => get({ tags, summary, query: filters, data: List(DeptNode) });
  app.get(`${BASE}/list`, tree('Department tree'), async (req) => {
    const ctx = await contextOf(services, req);
    ctx.require(deptEntity, 'view');
    return data(picker(await rowsOf(ctx, req.query as Query)));
  });
  app.get(`${BASE}/tree`, tree('Department picker tree'), async (req) => {
    const ctx = await contextOf(services, req);
    ctx.requireViewOfAny(DEPT_PICKER_SCREENS);
    return data(picker(await rowsOf(ctx, req.query as Query)));
  });
  const lazy = (summary: string) =>
    get({
      tags,
      summary,
      query: listQueryOf(deptEntity, { ...tenantParam, parentId: idText('the parent department; default 0, the top level') }),
      data: List(DeptNode),
    });
  const lazyLevel = async (req: Parameters<typeof contextOf>[1]) => {
    const ctx = await contextOf(services, req);
    ctx.requireViewOfAny(DEPT_PICKER_SCREENS);
    const { parentId, ...rest } = req.query as Query;
    const parent = parentId ? parseId(parentId, 'parentId') : '0';
    const rows = await rowsOf(ctx, rest, { parentId_equal: parent });
    const parents = await sql<{ parent_id: string }>`select distinct parent_id from blade_dept where is_deleted = 0
      and tenant_id = ${tenantOf(ctx, rest)}`.execute(services.db);
    return markHasChildren(
      rows.map((r) => ({ ...r, title: r.deptName })),
      new Set(parents.rows.map((p) => String(p.parent_id))),
    );
  };
  app.get(`${BASE}/lazy-list`, lazy('One level of departments'), async (req) => data(await lazyLevel(req)));
  app.get(`${BASE}/lazy-tree`, lazy('One level of the department picker'), async (req) => data(await lazyLevel(req)));
  const select = get({ tags, summary: 'Departments for a select', query: filters, data: List(recordOf(deptEntity)) });
  app.get(`${BASE}/select`, select, async (req) => {
    const ctx = await contextOf(services, req);
    // Anyone may name their own departments (the switch dialog); the rest need a screen that picks them.
    const own = DEPT_PICKER_SCREENS.some((e) => ctx.canView(e)) ? [] : [sql`id in (${sql.join(ownIds(ctx.auth.deptIds))})`];
    const tenantId = tenantOf(ctx, req.query as Query);
    const { tenantId: _omit, ...filters } = req.query as Query;
    void _omit;
    return data(await depts.all({ ...ctx, auth: { ...ctx.auth, tenantId } }, filters, own));
  });
}
