import { List, listQueryOf, recordOf, RoleNode, roleEntity, userEntity } from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { CrudService, parseId, parseIds } from '../../platform/crud/engine';
import { registerCrudRoutes } from '../../platform/crud/routes';
import { buildTree } from '../../platform/crud/tree';
import { data, status } from '../../platform/http/envelope';
import { badRequest } from '../../platform/http/errors';
import { get, idText, params, post, text } from '../../platform/http/operation';
import { contextOf } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';

const BASE = '/api/blade-system/role';
/** Screens that pick roles (the user form and its role dialog) or show them: their readers may read the tree. */
const ROLE_PICKER_SCREENS = [roleEntity, userEntity];
const tags = ['Role'];
type Query = Record<string, unknown>;

export function registerRoleRoutes(app: FastifyInstance, services: Services): void {
  const roles = new CrudService(roleEntity, {
    async beforeRemove(ctx, ids) {
      const used = await sql`select 1 from blade_user where is_deleted = 0 and tenant_id = ${ctx.auth.tenantId}
        and string_to_array(role_id, ',') && ${ids}::text[] limit 1`.execute(ctx.db);
      if (used.rows.length > 0) throw badRequest('roleHasUsers');
    },
    afterSave: () => services.access.invalidate(),
  });
  registerCrudRoutes(app, services, roleEntity, roles, { except: ['list'] });

  const list = get({ tags, summary: 'Role tree', query: listQueryOf(roleEntity), data: List(RoleNode) });
  app.get(`${BASE}/list`, list, async (req) => {
    const ctx = await contextOf(services, req);
    ctx.require(roleEntity, 'view');
    return data(buildTree(await roles.all(ctx, req.query as Query), { titleKey: 'roleName' }));
  });
  app.get(`${BASE}/tree`, get({ tags, summary: 'Role picker tree', data: List(RoleNode) }), async (req) => {
    const ctx = await contextOf(services, req);
    ctx.requireViewOfAny(ROLE_PICKER_SCREENS);
    return data(buildTree(await roles.all(ctx), { titleKey: 'roleName' }));
  });
  const below = get({
    tags,
    summary: 'Role picker tree below a role',
    query: params({ roleId: idText('the role whose subtree to answer; none: the whole tree') }),
    data: List(RoleNode),
  });
  app.get(`${BASE}/tree-by-id`, below, async (req) => {
    const ctx = await contextOf(services, req);
    ctx.requireViewOfAny(ROLE_PICKER_SCREENS);
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
  const select = get({
    tags,
    summary: 'Roles for a select (those of a user)',
    query: params({ userId: idText('a user: their roles only; none: every role') }),
    data: List(recordOf(roleEntity)),
  });
  app.get(`${BASE}/select`, select, async (req) => {
    const ctx = await contextOf(services, req);
    const userId = (req.query as Query).userId;
    // Anyone may name their own roles (the switch dialog); every role, or another user's, needs a screen that shows them.
    if (!userId || String(userId) !== ctx.auth.userId) ctx.requireViewOfAny(ROLE_PICKER_SCREENS);
    if (!userId) return data(await roles.all(ctx));
    const user = await sql<{ role_id: string }>`select role_id from blade_user where id = ${parseId(userId, 'userId')}
      and tenant_id = ${ctx.auth.tenantId} and is_deleted = 0`.execute(services.db);
    const ids = (user.rows[0]?.role_id ?? '').split(',').filter((x) => /^\d+$/.test(x));
    return data(ids.length ? await roles.all(ctx, {}, [sql`id in (${sql.join(ids)})`]) : []);
  });

  // Grant: replace the roles' menus, data scopes and API scopes in one transaction.
  const ids = (what: string) => text(`comma-separated ${what} ids (a JSON body may send an array)`);
  const grant = post({
    tags,
    summary: 'Grant roles menus, data scopes and API scopes',
    description: 'Replaces what the roles are granted. The parameters may travel in a form or JSON body instead.',
    query: params(
      { roleIds: ids('role'), menuIds: ids('menu'), dataScopeIds: ids('data scope'), apiScopeIds: ids('API scope') },
      ['roleIds'],
    ),
  });
  app.post(`${BASE}/grant`, grant, async (req) => {
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
    if (own.rows.length !== roleIds.length) throw badRequest('roleMissing');
    // Nobody hands out menus they do not have themselves (a tenant stays inside its package).
    const grantable = new Set(ctx.grants.menuIds);
    if (menuIds.some((id) => !grantable.has(id))) throw badRequest('menuBeyondGrant');
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
