import {
  apiScopeEntity,
  dataScopeEntity,
  roleEntity,
  tenantPackageEntity,
  topMenuEntity,
  ENTITIES,
  GrantKeys,
  GrantTree,
  List,
  listQueryOf,
  MenuKeys,
  MenuNode,
  MenuPicker,
  MenuRouteNode,
  menuEntity,
  PathExists,
  PickerTreeNode,
  TopMenuItem,
} from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { CrudService, parseIds, type Row } from '../../platform/crud/engine';
import { registerCrudRoutes } from '../../platform/crud/routes';
import { buildTree, markHasChildren } from '../../platform/crud/tree';
import { data } from '../../platform/http/envelope';
import { badRequest } from '../../platform/http/errors';
import { isPlatformAdmin } from '../../platform/http/context';
import { get, idText, params, text } from '../../platform/http/operation';
import { contextOf, type RequestContext } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';

const BASE = '/api/blade-system/menu';
/** Screens that pick menus (a menu's parent, scopes, packages, top menus, role grants): their readers may read the tree. */
const MENU_PICKER_SCREENS = [menuEntity, roleEntity, dataScopeEntity, apiScopeEntity, tenantPackageEntity, topMenuEntity];
const tags = ['Menu'];
const MENU = 1;
const BUTTON = 2;

/** Menus of platform-wide data: only the platform administrator changes it, whatever a tenant's role grants. */
const PLATFORM_DATA_MENUS = new Set(ENTITIES.filter((e) => e.owner === 'platform').map((e) => e.permission));

/** A button the caller can use: on platform data, anything but viewing is the platform administrator's. */
const usableButton = (ctx: RequestContext, menu: Row, button: Row) =>
  isPlatformAdmin(ctx.auth) || !PLATFORM_DATA_MENUS.has(String(menu.code)) || button.code === `${String(menu.code)}_view`;

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
      if (children.rows.length > 0) throw badRequest('removeChildrenFirst');
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
    get({
      tags,
      summary: 'Sidebar menus of the caller',
      description: 'The menus the caller is granted, with their parents; an empty list without a token.',
      query: params({ topMenuId: idText('only the menus of this top menu') }),
      data: List(MenuRouteNode),
      public: true,
    }),
    async (req) => {
      if (!req.auth) return data([]);
      const ctx = await contextOf(services, req);
      const topMenuId = (req.query as Record<string, string>).topMenuId;
      return data(routeTree(await visibleMenus(ctx, MENU, topMenuId || undefined)));
    },
  );

  const buttons = get({
    tags,
    summary: 'Granted buttons grouped by menu',
    description: 'Each menu with granted buttons, its buttons as children.',
    data: List(MenuRouteNode),
  });
  app.get(`${BASE}/buttons`, buttons, async (req) => {
    const ctx = await contextOf(services, req);
    const rows = await allMenus(ctx);
    const granted = new Set(ctx.grants.menuIds);
    const buttons = rows.filter((r) => Number(r.category) === BUTTON && granted.has(String(r.id)));
    const owners = new Map<string, Row>();
    for (const button of buttons) {
      const parent = rows.find((r) => String(r.id) === String(button.parentId));
      // The console shows the buttons it is given: one the server would refuse is left out.
      if (!parent || !usableButton(ctx, parent, button)) continue;
      const owner = owners.get(String(parent.id)) ?? { ...routeNode(parent), children: [] as Row[] };
      (owner.children as Row[]).push(routeNode(button));
      owners.set(String(parent.id), owner);
    }
    return data([...owners.values()]);
  });

  // A top menu narrows the sidebar to its menus: one holding none of the caller's menus would open an empty sidebar.
  const topMenus = get({
    tags,
    summary: "Top menus of the tenant that hold some of the caller's menus (an empty list without a token)",
    data: List(TopMenuItem),
    public: true,
  });
  app.get(`${BASE}/top-menu`, topMenus, async (req) => {
    if (!req.auth) return data([]);
    const ctx = await contextOf(services, req);
    if (ctx.grants.menuIds.length === 0) return data([]);
    const rows = await sql<Row>`select t.id, t.code, t.name, t.source, t.sort from blade_top_menu t
      where t.tenant_id = ${ctx.auth.tenantId} and t.is_deleted = 0
        and exists (select 1 from blade_top_menu_setting s where s.top_menu_id = t.id and s.is_deleted = 0
          and s.menu_id in (${sql.join(ctx.grants.menuIds)}))
      order by t.sort`.execute(services.db);
    return data(rows.rows);
  });

  // Whether some menu opens this path, granted or not: the console says "no permission" (403) for a screen
  // the caller may not use, and "not found" (404) for an address that is no screen at all.
  const pathExists = get({
    tags,
    summary: 'Whether a live menu has this path (true/false)',
    query: params({ path: text('a console path, e.g. /system/user') }),
    data: PathExists,
  });
  app.get(`${BASE}/path-exists`, pathExists, async (req) => {
    await contextOf(services, req);
    const path = String((req.query as Record<string, unknown>).path ?? '');
    if (!path) return data(false);
    const rows =
      await sql`select 1 from blade_menu where is_deleted = 0 and category = ${MENU} and path = ${path} limit 1`.execute(
        services.db,
      );
    return data(rows.rows.length > 0);
  });

  // The menu management screen: the whole tree, searchable by name/code.
  const filters = listQueryOf(menuEntity);
  app.get(`${BASE}/list`, get({ tags, summary: 'Menu tree', query: filters, data: List(MenuNode) }), async (req) => {
    const ctx = await contextOf(services, req);
    ctx.require(menuEntity, 'view');
    const rows = await menus.all(ctx, req.query as Record<string, unknown>, [], 5000);
    return data(buildTree(rows, { titleKey: 'name' }));
  });
  const menuList = get({ tags, summary: 'Menu tree without buttons', query: filters, data: List(MenuNode) });
  app.get(`${BASE}/menu-list`, menuList, async (req) => {
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
  const level = (summary: string) =>
    get({
      tags,
      summary,
      query: listQueryOf(menuEntity, { parentId: idText('the parent menu; default 0, the top level') }),
      data: List(MenuNode),
    });
  app.get(`${BASE}/lazy-list`, level('One level of the menu tree'), lazy());
  app.get(`${BASE}/lazy-menu-list`, level('One level of menus (no buttons)'), lazy(MENU));

  // Trees for pickers and grant dialogs: id, parentId, title, key, value.
  const pickerTree = (rows: Row[]) =>
    buildTree(
      rows.map((r) => ({ id: r.id, parentId: r.parentId, name: r.name })),
      { titleKey: 'name' },
    );
  app.get(`${BASE}/tree`, get({ tags, summary: 'Menu picker tree', data: List(PickerTreeNode) }), async (req) => {
    const ctx = await contextOf(services, req);
    ctx.requireViewOfAny(MENU_PICKER_SCREENS);
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
    get({ tags, summary: 'Menus, data scopes and API scopes a role can be granted', data: GrantTree }),
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
  const roleKeys = get({
    tags,
    summary: 'What the roles are granted',
    query: params({ roleIds: text('comma-separated role ids') }, ['roleIds']),
    data: GrantKeys,
  });
  app.get(`${BASE}/role-tree-keys`, roleKeys, async (req) => {
    const ctx = await contextOf(services, req);
    ctx.require(roleEntity, 'view');
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
  app.get(`${BASE}/grant-top-tree`, get({ tags, summary: 'Menus a top menu can hold', data: MenuPicker }), async (req) => {
    const ctx = await contextOf(services, req);
    return data({ menu: pickerTree((await grantable(ctx)).filter((r) => Number(r.category) === MENU)) });
  });
  const topKeys = get({
    tags,
    summary: 'Menus of top menus',
    query: params({ topMenuIds: text('comma-separated top menu ids') }, ['topMenuIds']),
    data: MenuKeys,
  });
  app.get(`${BASE}/top-tree-keys`, topKeys, async (req) => {
    const ctx = await contextOf(services, req);
    ctx.require(topMenuEntity, 'view');
    const ids = parseIds((req.query as Record<string, string>).topMenuIds, 'topMenuIds');
    const rows = await sql<{ menu_id: string }>`select menu_id from blade_top_menu_setting where is_deleted = 0
      and tenant_id = ${ctx.auth.tenantId} and top_menu_id in (${sql.join(ids)})`.execute(services.db);
    return data({ menu: [...new Set(rows.rows.map((r) => String(r.menu_id)))] });
  });
}
