import { routesOf } from '@property/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../src/seed/seed';
import { ApiClient } from './client';
import { demoGardens, gardenStaff, menuSubtrees } from './garden-staff';
import { startServer, type TestServer } from './harness';
import { genericOf, ownEntityOf, referenceReads, rowOf, routeTable, TENANT_ENTITIES, type RouteInfo } from './matrix-routes';

/**
 * The permission matrix (issue 13), generated from the route table and the
 * definitions:
 * - a role holding no menu is refused (403) every call but the few any
 *   signed-in user makes for themselves (listed below with reasons);
 * - a role holding every menu but no button is refused every generic add,
 *   change and removal, and still reads;
 * - a role lacking the API scope guarding an entity's base is refused every
 *   call under it, which a role holding the scope passes;
 * - a data scope of "own rows" limits every list it names to the caller's rows;
 * - a list read as a reference (the garden list) answers a role holding any one of the menus it
 *   serves, within the caller's gardens, and nothing else of its entity does: every other read and
 *   every write of it is refused.
 */
const SELF_SERVICE: Record<string, string> = {
  'GET /api/blade-auth/oauth/user-info': 'the caller’s own account',
  'GET /api/blade-system/user/info': 'the caller’s own account',
  'POST /api/blade-system/user/update-info': 'the caller’s own profile',
  'POST /api/blade-system/user/update-password': 'the caller’s own password',
  'GET /api/blade-system/menu/routes': 'the caller’s own menus (none here)',
  'GET /api/blade-system/menu/buttons': 'the caller’s own buttons (none here)',
  'GET /api/blade-system/menu/top-menu': 'the top menus, whose menus are then limited to the caller’s',
  'GET /api/blade-system/dict/dictionary': 'labels of dictionary codes, read by every screen and form',
  'GET /api/blade-system/dict-biz/dictionary': 'labels of business dictionary codes, read by every screen and form',
  'GET /api/blade-system/dept/select': 'the caller’s own departments (the switch dialog)',
  'GET /api/blade-system/role/select': 'the caller’s own roles (the switch dialog); others’ are refused',
  'POST /api/blade-resource/oss/endpoint/put-file': 'any signed-in user uploads images (avatar, editor)',
  'POST /api/system-property/file/upload':
    'any signed-in user uploads a file (editor images and videos, repair photos), checked by its content, type and size',
  'GET /api/blade-system/region/lazy-tree': 'the country’s regions, public data every address picker reads',
  'GET /api/blade-system/region/detail': 'a region by code: public data every address picker reads',
  'POST /api/blade-auth/oauth/token': 'the token call: an OAuth client (Basic header) signing a user in, no menu involved',
  'GET /api/blade-system/menu/path-exists': 'whether a console path is a menu: every user’s route guard (403 or 404 page)',
  'GET /api/blade-system/menu/grant-tree': 'the menus the caller holds and may hand on (none here)',
  'GET /api/blade-system/job-run/detail':
    'a run the caller started (the progress of their own long work); others’ need the job_run menu',
  'POST /api/blade-system/job-run/cancel': 'cancelling a run the caller started; others’ need the job_run_cancel button',
  'GET /api/blade-flow/work/start-list': 'the processes the caller may start (我的事务 is every employee’s)',
  'GET /api/blade-flow/work/claim-list': 'tasks the caller’s roles and departments may claim',
  'GET /api/blade-flow/work/todo-list': 'the caller’s own tasks',
  'GET /api/blade-flow/work/send-list': 'the processes the caller started',
  'GET /api/blade-flow/work/done-list': 'the tasks the caller finished',
  'POST /api/blade-flow/work/claim-task': 'a task the caller is a candidate for (others are refused by the task’s candidates)',
  'POST /api/blade-flow/work/complete-task': 'a task assigned to the caller (others are refused: only the assignee completes)',
  'GET /api/blade-flow/process/history-flow-list':
    'the history of an instance of the caller’s tenant, shown on the leave detail an employee opens without the flow menus',
  'GET /api/blade-flow/process/model-view': 'the diagram of an instance of the caller’s tenant, shown with its history',
  'POST /api/blade-desk/process/leave/start-process': 'an employee files their own leave request',
  'GET /api/blade-desk/process/leave/approvers':
    'the names of the caller’s colleagues, for the approver an employee may name on their own leave request',
  'GET /api/blade-desk/process/leave/detail': 'a leave request of the caller’s tenant, opened from the caller’s task lists',
  'GET /api/blade-system/menu/grant-top-tree': 'the menus the caller holds and may put under a top menu (none here)',
};

let server: TestServer;
let admin: ApiClient;
let routes: RouteInfo[];
const db = () => server.built.services.db;
const key = (route: RouteInfo) => `${route.method} ${route.path}`;

/** A role of the demo tenant granted exactly these menu ids and scopes; a user holding it, signed in. */
async function userWith(alias: string, grant: { menuIds: string[]; dataScopeIds?: string[]; apiScopeIds?: string[] }) {
  expect((await admin.post('/blade-system/role/submit', { roleName: alias, roleAlias: alias, sort: 9 })).body.success).toBe(true);
  const roleId = (await admin.get('/blade-system/role/list', { roleAlias_equal: alias })).body.data[0].id;
  const body = {
    roleIds: roleId,
    menuIds: grant.menuIds.join(','),
    dataScopeIds: (grant.dataScopeIds ?? []).join(','),
    apiScopeIds: (grant.apiScopeIds ?? []).join(','),
  };
  expect((await admin.post('/blade-system/role/grant', body)).body, alias).toMatchObject({ success: true });
  const dept = (
    await sql<{ id: string }>`select id from blade_dept where tenant_id = ${DEMO_TENANT} and is_deleted = 0
    order by id limit 1`.execute(db())
  ).rows[0]!.id;
  const user = { account: alias, realName: alias, password: 'matrix123', roleId, deptId: String(dept) };
  expect((await admin.post('/blade-system/user/submit', user)).body.success).toBe(true);
  const client = new ApiClient(server.url);
  expect((await client.signIn(alias, 'matrix123', DEMO_TENANT)).status).toBe(200);
  return client;
}

/** Menus (category 1) and buttons (category 2) the demo tenant's administrator may grant. */
async function grantable(): Promise<{ menus: string[]; buttons: string[] }> {
  type Node = { id: string; children?: Node[] };
  const flat = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.id, ...flat(n.children ?? [])]);
  const ids = flat((await admin.get('/blade-system/menu/grant-tree')).body.data.menu);
  const rows = await sql<{ id: string; category: number }>`select id, category from blade_menu
    where id in (${sql.join(ids)})`.execute(db());
  return {
    menus: rows.rows.filter((r) => Number(r.category) === 1).map((r) => String(r.id)),
    buttons: rows.rows.filter((r) => Number(r.category) === 2).map((r) => String(r.id)),
  };
}

beforeAll(async () => {
  server = await startServer();
  admin = new ApiClient(server.url);
  expect((await admin.signIn('admin', 'admin', DEMO_TENANT)).status).toBe(200);
  routes = (await routeTable(server)).filter((r) => !r.isPublic && !r.hasPathParams);
  // The whole OpenAPI document is built for the route table: minutes on a loaded two-core machine.
}, 300_000);
afterAll(async () => server?.close());

describe('the permission matrix', () => {
  it('refuses a role without menus every call but the self-service ones', async () => {
    const nobody = await userWith('no_menus', { menuIds: [] });
    const answered: string[] = [];
    for (const route of routes) {
      if (SELF_SERVICE[key(route)]) continue;
      const answer = await nobody.call(route.method, route.path.slice(4), route.method === 'POST' ? { body: {} } : {});
      if (answer.status !== 403) answered.push(`${key(route)} ${answer.status}`);
    }
    expect(answered, 'refuse these without the menu, or list them as self-service with a reason').toEqual([]);
    // Self-service calls do answer (the list is not a blanket exclusion).
    expect((await nobody.get('/blade-system/user/info')).status).toBe(200);
  }, 300_000);

  it('refuses a role holding every menu but no button every generic add, change and removal; it still reads', async () => {
    const { menus } = await grantable();
    const reader = await userWith('menus_only', { menuIds: menus });
    const wrong: string[] = [];
    for (const route of routes) {
      const generic = genericOf(route);
      if (!generic || generic.entity.owner !== 'tenant' || generic.entity.platformAdminOnly) continue;
      const { entity, kind } = generic;
      const row = await rowOf(server, entity, DEMO_TENANT);
      const calls =
        kind === 'submit'
          ? [() => reader.post(route.path.slice(4), {}), () => reader.post(route.path.slice(4), { id: row })]
          : kind === 'remove'
            ? [() => reader.post(route.path.slice(4), undefined, { ids: row })]
            : [];
      for (const call of calls) {
        const answer = await call();
        if (answer.status !== 403) wrong.push(`${key(route)} ${answer.status}`);
      }
      if (kind === 'list' || kind === 'page') {
        const answer = await reader.get(route.path.slice(4));
        if (answer.status !== 200) wrong.push(`${key(route)} read ${answer.status}`);
      }
    }
    expect(wrong).toEqual([]);
    expect((await sql`select 1 from blade_user where account = 'menus_only'`.execute(db())).rows).toHaveLength(1);
  }, 300_000);

  it('refuses every call under an API scope to a role lacking it; a role holding it passes', async () => {
    const { menus, buttons } = await grantable();
    const bases = [...new Set(TENANT_ENTITIES.map((e) => e.base))];
    const platform = new ApiClient(server.url);
    expect((await platform.signIn('admin', 'admin')).status).toBe(200);
    const menuId = (await sql<{ id: string }>`select id from blade_menu where code = 'user'`.execute(db())).rows[0]!.id;
    const scopeIds: string[] = [];
    for (const base of bases) {
      const body = { menuId, resourceCode: 'matrix', scopeName: `matrix ${base}`, scopePath: `/api${base}/**`, scopeType: 1 };
      expect((await platform.post('/blade-system/api-scope/submit', body)).body.success, base).toBe(true);
      scopeIds.push(
        (await platform.get('/blade-system/api-scope/list', { scopeName_equal: `matrix ${base}` })).body.data.records[0].id,
      );
    }
    const lacking = await userWith('no_api_scope', { menuIds: [...menus, ...buttons] });
    const holding = await userWith('api_scopes', { menuIds: [...menus, ...buttons], apiScopeIds: scopeIds });
    const wrong: string[] = [];
    for (const route of routes.filter((r) => bases.some((b) => r.path.startsWith(`/api${b}/`)))) {
      const answer = await lacking.call(route.method, route.path.slice(4), route.method === 'POST' ? { body: {} } : {});
      if (answer.status !== 403) wrong.push(`${key(route)} ${answer.status}`);
    }
    expect(wrong).toEqual([]);
    for (const base of bases) {
      const list = routes.find((r) => r.path === `/api${base}/list` && r.method === 'GET');
      if (list) expect((await holding.get(list.path.slice(4))).status, base).toBe(200);
    }
    // The scopes guard only the tenant's business bases: leave the server as other tests expect it.
    await platform.post('/blade-system/api-scope/remove', undefined, { ids: scopeIds.join(',') });
  }, 300_000);

  it('limits every list a data scope of own rows names to the caller’s rows', async () => {
    const { menus, buttons } = await grantable();
    const listed = TENANT_ENTITIES.filter((e) => routesOf(e).includes('list') && !e.platformAdminOnly);
    const codes = [...new Set(listed.map((e) => e.permission))];
    const scopeIds: string[] = [];
    for (const code of codes) {
      const row = await sql<{ id: string }>`insert into blade_scope_data (menu_id, resource_code, scope_name, scope_type)
        values (0, ${code}, ${`own ${code}`}, 2) returning id`.execute(db());
      scopeIds.push(String(row.rows[0]!.id));
    }
    const owner = await userWith('own_rows', { menuIds: [...menus, ...buttons], dataScopeIds: scopeIds });
    const ownId = (await admin.get('/blade-system/user/page', { account_equal: 'own_rows' })).body.data.records[0].id;
    const wrong: string[] = [];
    const narrowed: string[] = [];
    type Node = { id: string; children?: Node[] };
    const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
    for (const entity of listed) {
      // One row becomes the user's own; the list must show exactly the rows the user made.
      const mine = await rowOf(server, entity, DEMO_TENANT);
      await sql`update ${sql.table(entity.table)} set create_user = ${ownId} where id = ${mine}`.execute(db());
      const counted = await sql<{ own: number; all: number }>`select count(*) filter (where create_user = ${ownId})::int as own,
        count(*)::int as all from ${sql.table(entity.table)} where tenant_id = ${DEMO_TENANT} and is_deleted = 0`.execute(db());
      const { own, all } = counted.rows[0]!;
      const answer = await owner.get(`${entity.base}/list`, { size: 1000 });
      const data = answer.body.data;
      const ids = Array.isArray(data) ? flat(data).map((n) => n.id) : (data?.records ?? []).map((r: Node) => r.id);
      const total = Array.isArray(data) ? ids.length : data?.total;
      if (total !== own || !ids.includes(mine)) wrong.push(`${entity.base}/list: ${total} of ${all} rows, ${own} the user's`);
      if (all > own) narrowed.push(entity.name);
    }
    // The scope had rows to hide in most lists (a table holding only the user's row proves nothing).
    expect(narrowed.length, narrowed.join(',')).toBeGreaterThan(listed.length / 2);
    expect(wrong).toEqual([]);
  }, 300_000);

  it('answers a reference list to each menu it serves, within the caller’s gardens; nothing else of its entity', async () => {
    const reads = referenceReads(routes);
    expect(reads.map((r) => key(r.route))).toEqual(['GET /api/system-property/garden/list']);
    const { mine, theirs } = await demoGardens(admin);
    const wrong: string[] = [];
    for (const { route, entity, readers } of reads) {
      // The entity's other calls: every one refused to a reader (its page, detail and stewards, submit and remove).
      const others = routes.filter((r) => r !== route && ownEntityOf(r) === entity);
      expect(others.length, entity.name).toBeGreaterThan(4);
      expect(readers, entity.name).toEqual(expect.arrayContaining(['repair', 'feedback', 'patrolpoint', 'paymentbill']));
      expect(readers, entity.name).not.toContain('club');
      expect(readers, entity.name).not.toContain(entity.permission);
      for (const code of readers) {
        const menu = await sql<{ id: string }>`select id from blade_menu where code = ${code} and category = 1
          and is_deleted = 0`.execute(db());
        expect(menu.rows, code).toHaveLength(1);
        // The menu alone, no button, bound to one garden.
        const { client } = await gardenStaff(server, admin, {
          role: { roleName: `ref ${code}`, roleAlias: `ref_${code}` },
          user: { account: `ref_${code}`, realName: code, password: 'matrix123' },
          menuIds: [String(menu.rows[0]!.id)],
          gardenIds: [mine],
        });
        const answer = await client.get(route.path.slice(4), { size: 1000 });
        const rows = (answer.body.data?.records ?? []) as Array<{ id: string; majordomoInfo: unknown }>;
        const ids = rows.map((r) => r.id);
        if (answer.status !== 200 || !ids.includes(mine) || ids.includes(theirs)) {
          wrong.push(`${code}: ${key(route)} ${answer.status} ${ids.join(',')}`);
        }
        // Names for a reference; the stewards' names and phones stay with the garden screen.
        if (rows.some((r) => r.majordomoInfo !== null)) wrong.push(`${code}: ${key(route)} shows the stewards`);
        for (const other of others) {
          const refused = await client.call(other.method, other.path.slice(4), {
            query: { id: mine, ids: mine },
            ...(other.method === 'POST' ? { body: { id: mine, gardenName: 'matrix' } } : {}),
          });
          if (refused.status !== 403) wrong.push(`${code}: ${key(other)} ${refused.status}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // The garden screen's own users see the stewards the reference readers do not.
    const own = await admin.get('/system-property/garden/list', { size: 1000 });
    const stewards = (own.body.data.records as Array<{ id: string; majordomoInfo: unknown[] }>).find((g) => g.id === mine);
    expect(stewards?.majordomoInfo?.length).toBeGreaterThan(0);
    // Menus of screens without gardens (the clubhouse, every one of its menus and buttons) read no garden list.
    const { client: club } = await gardenStaff(server, admin, {
      role: { roleName: 'ref club', roleAlias: 'ref_club' },
      user: { account: 'ref_club', realName: 'club', password: 'matrix123' },
      menuIds: await menuSubtrees(server, ['clubhouse']),
      gardenIds: [],
    });
    expect((await club.get('/system-property/garden/list')).status).toBe(403);
    expect((await club.get('/system-property/club/list')).status).toBe(200);
    // Nothing was changed by the refused writes.
    const garden = await sql<{ name: string }>`select garden_name as name from property_garden where id = ${mine}`.execute(db());
    expect(garden.rows[0]!.name).toBe('阳光花园');
  }, 300_000);
});
