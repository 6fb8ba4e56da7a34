import { roleEntity } from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { CrudService, parseId, parseIds } from '../../platform/crud/engine';
import { registerCrudRoutes } from '../../platform/crud/routes';
import { buildTree } from '../../platform/crud/tree';
import { data, status } from '../../platform/http/envelope';
import { badRequest } from '../../platform/http/errors';
import { contextOf } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';

const BASE = '/api/blade-system/role';
const tags = ['Role'];
type Query = Record<string, unknown>;

export function registerRoleRoutes(app: FastifyInstance, services: Services): void {
  const roles = new CrudService(roleEntity, {
    async beforeRemove(ctx, ids) {
      const used = await sql`select 1 from blade_user where is_deleted = 0 and tenant_id = ${ctx.auth.tenantId}
        and string_to_array(role_id, ',') && ${ids}::text[] limit 1`.execute(ctx.db);
      if (used.rows.length > 0) throw badRequest('该角色下仍有用户,不能删除');
    },
    afterSave: () => services.access.invalidate(),
  });
  registerCrudRoutes(app, services, roleEntity, roles, { except: ['list'] });

  app.get(`${BASE}/list`, { schema: { tags, summary: 'Role tree' } }, async (req) => {
    const ctx = await contextOf(services, req);
    ctx.require(roleEntity, 'view');
    return data(buildTree(await roles.all(ctx, req.query as Query), { titleKey: 'roleName' }));
  });
  app.get(`${BASE}/tree`, { schema: { tags, summary: 'Role picker tree' } }, async (req) => {
    const ctx = await contextOf(services, req);
    return data(buildTree(await roles.all(ctx), { titleKey: 'roleName' }));
  });
  app.get(`${BASE}/tree-by-id`, { schema: { tags, summary: 'Role picker tree below a role' } }, async (req) => {
    const ctx = await contextOf(services, req);
    const roleId = (req.query as Query).roleId;
    const rows = await roles.all(ctx);
    const tree = buildTree(rows, { titleKey: 'roleName' });
    if (!roleId) return data(tree);
    const found = rows.find((r) => String(r.id) === String(roleId));
    return data(
      found
        ? buildTree(rows, { titleKey: 'roleName', root: String(found.parentId) }).filter((n) => String(n.id) === String(roleId))
        : [],
    );
  });
  app.get(`${BASE}/select`, { schema: { tags, summary: 'Roles for a select (those of a user)' } }, async (req) => {
    const ctx = await contextOf(services, req);
    const userId = (req.query as Query).userId;
    if (!userId) return data(await roles.all(ctx));
    const user = await sql<{ role_id: string }>`select role_id from blade_user where id = ${parseId(userId, 'userId')}
      and tenant_id = ${ctx.auth.tenantId} and is_deleted = 0`.execute(services.db);
    const ids = (user.rows[0]?.role_id ?? '').split(',').filter((x) => /^\d+$/.test(x));
    return data(ids.length ? await roles.all(ctx, {}, [sql`id in (${sql.join(ids)})`]) : []);
  });

  // Grant: replace the roles' menus, data scopes and API scopes in one transaction.
  app.post(`${BASE}/grant`, { schema: { tags, summary: 'Grant roles menus, data scopes and API scopes' } }, async (req) => {
    const ctx = await contextOf(services, req);
    ctx.requireCode('role_grant');
    const input = { ...(req.query as Query), ...((req.body as Query) ?? {}) };
    const list = (v: unknown) => (Array.isArray(v) ? v.join(',') : v === undefined || v === '' ? '' : String(v));
    const roleIds = parseIds(list(input.roleIds), 'roleIds');
    const menuIds = list(input.menuIds) ? parseIds(list(input.menuIds), 'menuIds') : [];
    const dataScopeIds = list(input.dataScopeIds) ? parseIds(list(input.dataScopeIds), 'dataScopeIds') : [];
    const apiScopeIds = list(input.apiScopeIds) ? parseIds(list(input.apiScopeIds), 'apiScopeIds') : [];
    const own =
      await sql`select id from blade_role where is_deleted = 0 and tenant_id = ${ctx.auth.tenantId} and id in (${sql.join(roleIds)})`.execute(
        services.db,
      );
    if (own.rows.length !== roleIds.length) throw badRequest('角色不存在');
    // Nobody hands out menus they do not have themselves (a tenant stays inside its package).
    const grantable = new Set(ctx.grants.menuIds);
    if (menuIds.some((id) => !grantable.has(id))) throw badRequest('不能授予超出自身权限的菜单');
    await services.db.transaction().execute(async (tx) => {
      await sql`delete from blade_role_menu where role_id in (${sql.join(roleIds)})`.execute(tx);
      await sql`delete from blade_role_scope where role_id in (${sql.join(roleIds)})`.execute(tx);
      for (const roleId of roleIds) {
        for (const menuId of menuIds) {
          await sql`insert into blade_role_menu (tenant_id, role_id, menu_id, create_user) values (${ctx.auth.tenantId}, ${roleId}, ${menuId}, ${ctx.auth.userId})`.execute(
            tx,
          );
        }
        for (const [category, ids] of [
          [1, dataScopeIds],
          [2, apiScopeIds],
        ] as const) {
          for (const scopeId of ids) {
            await sql`insert into blade_role_scope (tenant_id, role_id, scope_id, scope_category, create_user)
              values (${ctx.auth.tenantId}, ${roleId}, ${scopeId}, ${category}, ${ctx.auth.userId})`.execute(tx);
          }
        }
      }
    });
    await services.access.invalidate();
    return status(true);
  });
}
