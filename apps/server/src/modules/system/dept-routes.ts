import { deptEntity } from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { CrudService, parseId, type CrudContext, type Row } from '../../platform/crud/engine';
import { registerCrudRoutes } from '../../platform/crud/routes';
import { buildTree, markHasChildren } from '../../platform/crud/tree';
import { isPlatformAdmin } from '../../platform/http/context';
import { data } from '../../platform/http/envelope';
import { badRequest } from '../../platform/http/errors';
import { contextOf } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';

const BASE = '/api/blade-system/dept';
const tags = ['Department'];
type Query = Record<string, unknown>;

/** `ancestors` holds the chain of parent ids ("0,12,34") so "a department and below" is one query. */
async function ancestorsOf(ctx: CrudContext, parentId: string): Promise<string> {
  if (parentId === '0') return '0';
  const rows = await sql<{ ancestors: string }>`select ancestors from blade_dept where id = ${parentId}
    and tenant_id = ${ctx.auth.tenantId} and is_deleted = 0`.execute(ctx.db);
  if (!rows.rows[0]) throw badRequest('上级机构不存在');
  return `${rows.rows[0].ancestors},${parentId}`;
}

export function registerDeptRoutes(app: FastifyInstance, services: Services): void {
  const depts = new CrudService(deptEntity, {
    async beforeSave(ctx, values, existing) {
      const parentId = String(values.parent_id ?? existing?.parent_id ?? '0');
      if (existing && parentId === String(existing.id)) throw badRequest('父节点不可选择自身!');
      values.parent_id = parentId;
      values.ancestors = await ancestorsOf(ctx, parentId);
      if (existing && String(values.ancestors).split(',').includes(String(existing.id)))
        throw badRequest('父节点不可选择自身的下级!');
    },
    async beforeRemove(ctx, ids) {
      const children =
        await sql`select 1 from blade_dept where is_deleted = 0 and parent_id in (${sql.join(ids)}) limit 1`.execute(ctx.db);
      if (children.rows.length > 0) throw badRequest('请先删除子节点!');
      const members = await sql`select 1 from blade_user where is_deleted = 0 and tenant_id = ${ctx.auth.tenantId}
        and string_to_array(dept_id, ',') && ${ids}::text[] limit 1`.execute(ctx.db);
      if (members.rows.length > 0) throw badRequest('该机构下仍有用户,不能删除');
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

  app.get(`${BASE}/list`, { schema: { tags, summary: 'Department tree' } }, async (req) => {
    const ctx = await contextOf(services, req);
    ctx.require(deptEntity, 'view');
    return data(picker(await rowsOf(ctx, req.query as Query)));
  });
  app.get(`${BASE}/tree`, { schema: { tags, summary: 'Department picker tree' } }, async (req) => {
    const ctx = await contextOf(services, req);
    return data(picker(await rowsOf(ctx, req.query as Query)));
  });
  const lazy = (summary: string) => ({ schema: { tags, summary } });
  const lazyLevel = async (req: Parameters<typeof contextOf>[1]) => {
    const ctx = await contextOf(services, req);
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
  app.get(`${BASE}/select`, { schema: { tags, summary: 'Departments for a select' } }, async (req) => {
    const ctx = await contextOf(services, req);
    return data(await rowsOf(ctx, req.query as Query));
  });
}
