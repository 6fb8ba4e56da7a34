import { menuEntity } from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { CrudService, parseIds, type Row } from '../../platform/crud/engine';
import { registerCrudRoutes } from '../../platform/crud/routes';
import { buildTree, markHasChildren } from '../../platform/crud/tree';
import { data } from '../../platform/http/envelope';
import { badRequest } from '../../platform/http/errors';
import { contextOf, type RequestContext } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';

const BASE = '/api/blade-system/menu';
const tags = ['Menu'];
const MENU = 1;
const BUTTON = 2;

/** The fields a client needs to build its sidebar from a menu row. */
function routeNode(m: Row): Row {
  const node: Row = {
    id: m.id,
    parentId: m.parentId,
    code: m.code,
    name: m.name,
    alias: m.alias,
    path: m.path,
    source: m.source,
    sort: m.sort,
    category: m.category,
    action: m.action,
    isOpen: m.isOpen,
  };
  return node;
}

/** Tree with only the route fields, children left off where there are none. */
function routeTree(rows: Row[]): Row[] {
  const strip = (nodes: Row[]): Row[] =>
    nodes.map((n) => {
      const node = routeNode(n);
      if (Array.isArray(n.children) && n.children.length > 0) node.children = strip(n.children as Row[]);
      return node;
    });
  return strip(buildTree(rows, { titleKey: 'name' }));
}

export function registerMenuRoutes(app: FastifyInstance, services: Services): void {
  const menus = new CrudService(menuEntity, {
    afterSave: () => services.access.invalidate(),
    async beforeRemove(ctx, ids) {
      const children =
        await sql`select 1 from blade_menu where is_deleted = 0 and parent_id in (${sql.join(ids)}) limit 1`.execute(ctx.db);
      if (children.rows.length > 0) throw badRequest('请先删除子节点!');
    },
  });
  registerCrudRoutes(app, services, menuEntity, menus, { except: ['list'] });

  /** Live menus, optionally only one category, in sort order. */
  const allMenus = async (ctx: RequestContext, category?: number): Promise<Row[]> =>
    menus.all(ctx, category ? { category_equal: category } : {}, [], 5000);

  /** The menus the caller may see, with the parents of each granted menu. */
  const visibleMenus = async (ctx: RequestContext, category: number, topMenuId?: string): Promise<Row[]> => {
    const rows = await allMenus(ctx);
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    let granted = new Set(ctx.grants.menuIds);
    if (topMenuId) {
      const setting = await sql<{ menu_id: string }>`select menu_id from blade_top_menu_setting
        where top_menu_id = ${topMenuId} and is_deleted = 0 and tenant_id = ${ctx.auth.tenantId}`.execute(services.db);
      const inTop = new Set(setting.rows.map((r) => String(r.menu_id)));
      granted = new Set([...granted].filter((id) => inTop.has(id)));
    }
    const visible = new Set<string>();
    for (const id of granted) {
      for (let cur = byId.get(id); cur && !visible.has(String(cur.id)); cur = byId.get(String(cur.parentId))) {
        visible.add(String(cur.id));
      }
    }
    return rows.filter((r) => visible.has(String(r.id)) && Number(r.category) === category);
  };

  app.get(
    `${BASE}/routes`,
    { config: { public: true }, schema: { tags, summary: 'Sidebar menus of the caller' } },
    async (req) => {
      if (!req.auth) return data([]);
      const ctx = await contextOf(services, req);
      const topMenuId = (req.query as Record<string, string>).topMenuId;
      return data(routeTree(await visibleMenus(ctx, MENU, topMenuId || undefined)));
    },
  );

  app.get(`${BASE}/buttons`, { schema: { tags, summary: 'Granted buttons grouped by menu' } }, async (req) => {
    const ctx = await contextOf(services, req);
    const rows = await allMenus(ctx);
    const granted = new Set(ctx.grants.menuIds);
    const buttons = rows.filter((r) => Number(r.category) === BUTTON && granted.has(String(r.id)));
    const owners = new Map<string, Row>();
    for (const button of buttons) {
      const parent = rows.find((r) => String(r.id) === String(button.parentId));
      if (!parent) continue;
      const owner = owners.get(String(parent.id)) ?? { ...routeNode(parent), children: [] as Row[] };
      (owner.children as Row[]).push(routeNode(button));
      owners.set(String(parent.id), owner);
    }
    return data([...owners.values()]);
  });

  app.get(`${BASE}/top-menu`, { config: { public: true }, schema: { tags, summary: 'Top menus of the tenant' } }, async (req) => {
    if (!req.auth) return data([]);
    const rows = await sql<Row>`select id, code, name, source, sort from blade_top_menu
      where tenant_id = ${req.auth.tenantId} and is_deleted = 0 order by sort`.execute(services.db);
    return data(rows.rows);
  });

  // The menu management screen: the whole tree, searchable by name/code.
  app.get(`${BASE}/list`, { schema: { tags, summary: 'Menu tree' } }, async (req) => {
    const ctx = await contextOf(services, req);
    ctx.require(menuEntity, 'view');
    const rows = await menus.all(ctx, req.query as Record<string, unknown>, [], 5000);
    return data(buildTree(rows, { titleKey: 'name' }));
  });
  app.get(`${BASE}/menu-list`, { schema: { tags, summary: 'Menu tree without buttons' } }, async (req) => {
    const ctx = await contextOf(services, req);
    ctx.require(menuEntity, 'view');
    const rows = await menus.all(ctx, { ...(req.query as Record<string, unknown>), category_equal: MENU }, [], 5000);
    return data(buildTree(rows, { titleKey: 'name' }));
  });
  const lazy = (category?: number) => async (req: { query: unknown }) => {
    const ctx = await contextOf(services, req as never);
    ctx.require(menuEntity, 'view');
    const { parentId = '0', ...rest } = req.query as Record<string, string>;
    const filters: Record<string, unknown> = { ...rest, parentId_equal: parentId || '0' };
    if (category) filters.category_equal = category;
    const rows = await menus.all(ctx, filters, [], 5000);
    const parents = await sql<{ parent_id: string }>`select distinct parent_id from blade_menu where is_deleted = 0`.execute(
      services.db,
    );
    return data(markHasChildren(rows, new Set(parents.rows.map((p) => String(p.parent_id)))));
  };
  app.get(`${BASE}/lazy-list`, { schema: { tags, summary: 'One level of the menu tree' } }, lazy());
  app.get(`${BASE}/lazy-menu-list`, { schema: { tags, summary: 'One level of menus (no buttons)' } }, lazy(MENU));

  // Trees for pickers and grant dialogs: id, parentId, title, key, value.
  const pickerTree = (rows: Row[]) =>
    buildTree(
      rows.map((r) => ({ id: r.id, parentId: r.parentId, name: r.name })),
      { titleKey: 'name' },
    );
  app.get(`${BASE}/tree`, { schema: { tags, summary: 'Menu picker tree' } }, async (req) => {
    const ctx = await contextOf(services, req);
    return data(pickerTree(await allMenus(ctx, MENU)));
  });

  const grantable = async (ctx: RequestContext) => {
    const rows = await allMenus(ctx);
    const allowed = new Set(ctx.grants.menuIds);
    return rows.filter((r) => allowed.has(String(r.id)));
  };
  const scopeTree = async (ctx: RequestContext, table: 'blade_scope_data' | 'blade_scope_api', menuRows: Row[]) => {
    const scopes = await sql<{ id: string; menu_id: string; scope_name: string }>`select id, menu_id, scope_name
      from ${sql.table(table)} where is_deleted = 0`.execute(services.db);
    const byMenu = new Map<string, Row[]>();
    for (const s of scopes.rows) {
      const id = String(s.id);
      const list = byMenu.get(String(s.menu_id)) ?? [];
      list.push({ id, parentId: String(s.menu_id), title: s.scope_name, key: id, value: id });
      byMenu.set(String(s.menu_id), list);
    }
    const withScopes = menuRows.filter((m) => byMenu.has(String(m.id)));
    return withScopes.map((m) => ({
      id: m.id,
      parentId: m.parentId,
      title: m.name,
      key: m.id,
      value: m.id,
      hasChildren: true,
      children: byMenu.get(String(m.id)),
    }));
  };
  app.get(
    `${BASE}/grant-tree`,
    { schema: { tags, summary: 'Menus, data scopes and API scopes a role can be granted' } },
    async (req) => {
      const ctx = await contextOf(services, req);
      const rows = await grantable(ctx);
      return data({
        menu: pickerTree(rows),
        dataScope: await scopeTree(ctx, 'blade_scope_data', rows),
        apiScope: await scopeTree(ctx, 'blade_scope_api', rows),
      });
    },
  );
  app.get(`${BASE}/role-tree-keys`, { schema: { tags, summary: 'What the roles are granted' } }, async (req) => {
    const ctx = await contextOf(services, req);
    const requested = parseIds((req.query as Record<string, string>).roleIds, 'roleIds');
    const own = await sql<{ id: string }>`select id from blade_role where is_deleted = 0 and tenant_id = ${ctx.auth.tenantId}
      and id in (${sql.join(requested)})`.execute(services.db);
    const roleIds = own.rows.length > 0 ? own.rows.map((r) => String(r.id)) : ['0'];
    const menusOf = await sql<{
      menu_id: string;
    }>`select menu_id from blade_role_menu where is_deleted = 0 and role_id in (${sql.join(roleIds)})`.execute(services.db);
    const scopesOf = await sql<{ scope_id: string; scope_category: number }>`select scope_id, scope_category from blade_role_scope
      where is_deleted = 0 and role_id in (${sql.join(roleIds)})`.execute(services.db);
    return data({
      menu: [...new Set(menusOf.rows.map((r) => String(r.menu_id)))],
      dataScope: scopesOf.rows.filter((r) => Number(r.scope_category) === 1).map((r) => String(r.scope_id)),
      apiScope: scopesOf.rows.filter((r) => Number(r.scope_category) === 2).map((r) => String(r.scope_id)),
    });
  });
  app.get(`${BASE}/grant-top-tree`, { schema: { tags, summary: 'Menus a top menu can hold' } }, async (req) => {
    const ctx = await contextOf(services, req);
    return data({ menu: pickerTree((await grantable(ctx)).filter((r) => Number(r.category) === MENU)) });
  });
  app.get(`${BASE}/top-tree-keys`, { schema: { tags, summary: 'Menus of top menus' } }, async (req) => {
    const ctx = await contextOf(services, req);
    const ids = parseIds((req.query as Record<string, string>).topMenuIds, 'topMenuIds');
    const rows = await sql<{ menu_id: string }>`select menu_id from blade_top_menu_setting where is_deleted = 0
      and tenant_id = ${ctx.auth.tenantId} and top_menu_id in (${sql.join(ids)})`.execute(services.db);
    return data({ menu: [...new Set(rows.rows.map((r) => String(r.menu_id)))] });
  });
}
