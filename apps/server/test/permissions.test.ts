import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../src/seed/seed';
import { ApiClient } from './client';
import { startServer, type TestServer } from './harness';

let server: TestServer;
let admin: ApiClient;
let demo: ApiClient;
let staff: ApiClient;
let platformPostId: string;

const post = (code: string) => ({ category: 4, postCode: code, postName: `岗位${code}`, sort: 1 });

beforeAll(async () => {
  server = await startServer();
  admin = new ApiClient(server.url);
  await admin.signIn('admin', 'admin');
  demo = new ApiClient(server.url);
  expect((await demo.signIn('admin', 'admin', DEMO_TENANT)).status).toBe(200);
  staff = new ApiClient(server.url);
  expect((await staff.signIn('staff', 'staff123')).status).toBe(200);
  await admin.post('/blade-system/post/submit', post('platform-only'));
  platformPostId = (await admin.get('/blade-system/post/list', { postCode_equal: 'platform-only' })).body.data.records[0].id;
});
afterAll(async () => server?.close());

/** The button codes menu/buttons gives a caller (leaves under the menus that own them). */
async function buttonCodes(client: ApiClient): Promise<string[]> {
  const owners = (await client.get('/blade-system/menu/buttons')).body.data as Array<{ children: Array<{ code: string }> }>;
  return owners.flatMap((o) => o.children.map((b) => b.code));
}

describe('a second tenant', () => {
  it("cannot list, read, change or delete the first tenant's rows", async () => {
    const list = await demo.get('/blade-system/post/list', { size: 100 });
    expect(list.status).toBe(200);
    expect(list.body.data.records.map((r: { postCode: string }) => r.postCode)).not.toContain('platform-only');
    expect((await demo.get('/blade-system/post/detail', { id: platformPostId })).body.data).toBeNull();
    const change = await demo.post('/blade-system/post/submit', { ...post('stolen'), id: platformPostId });
    expect(change.status).toBe(404);
    await demo.post('/blade-system/post/remove', undefined, { ids: platformPostId });
    const still = await admin.get('/blade-system/post/detail', { id: platformPostId });
    expect(still.body.data).toMatchObject({ postCode: 'platform-only', postName: '岗位platform-only' });
  });

  it('keeps its own rows apart, with the same unique values allowed in both', async () => {
    expect((await demo.post('/blade-system/post/submit', post('platform-only'))).status).toBe(200);
    const own = await demo.get('/blade-system/post/list', { postCode_equal: 'platform-only' });
    expect(own.body.data.records).toHaveLength(1);
    expect(own.body.data.records[0].tenantId).toBe(DEMO_TENANT);
  });

  it('cannot manage tenants, packages or clients, nor change platform dictionaries', async () => {
    expect((await demo.get('/blade-system/tenant/list')).status).toBe(403);
    expect((await demo.get('/blade-system/client/list')).status).toBe(403);
    const dict = await demo.post('/blade-system/dict/submit', { code: 'x', dictKey: '-1', dictValue: 'x', sort: 1, isSealed: 0 });
    expect(dict.status).toBe(403);
    expect(dict.body.msg).toBe('平台数据只有平台管理员可以修改');
  });

  it("is given the view buttons of platform data but none of its writes; its own data's buttons stay", async () => {
    const demoButtons = await buttonCodes(demo);
    expect(demoButtons).toEqual(expect.arrayContaining(['dict_view', 'param_view', 'region_view', 'dictbiz_add', 'post_add']));
    for (const code of [
      'dict_add',
      'dict_edit',
      'dict_delete',
      'param_add',
      'param_edit',
      'region_add',
      'menu_add',
      'apiscope_add',
    ])
      expect(demoButtons).not.toContain(code);
    expect(await buttonCodes(admin)).toEqual(expect.arrayContaining(['dict_add', 'param_add', 'param_delete', 'region_add']));
  });
});

describe('a low-privilege role', () => {
  it('is refused what it lacks, with the 403 envelope', async () => {
    const users = await staff.get('/blade-system/user/page');
    expect(users.status).toBe(403);
    expect(users.body).toEqual({ code: 403, success: false, data: null, msg: '请求被拒绝' });
    expect((await staff.post('/blade-system/param/submit', { paramName: 'a', paramKey: 'b', paramValue: 'c' })).status).toBe(403);
    expect((await staff.post('/blade-system/post/remove', undefined, { ids: platformPostId })).status).toBe(403);
  });

  it('reads what it was granted, and its sidebar shows only that', async () => {
    expect((await staff.get('/blade-system/param/list')).status).toBe(200);
    expect((await staff.get('/blade-system/post/list')).status).toBe(200);
    const routes = await staff.get('/blade-system/menu/routes');
    const codes: string[] = [];
    const walk = (nodes: Array<{ code: string; children?: unknown[] }>) =>
      nodes.forEach((n) => {
        codes.push(n.code);
        walk((n.children ?? []) as never);
      });
    walk(routes.body.data);
    expect(codes).toContain('param');
    expect(codes).toContain('post');
    expect(codes).not.toContain('user');
  });

  it('learns whether an address is a screen it may not open (menu/path-exists), granted or not', async () => {
    const exists = async (path: string) => (await staff.get('/blade-system/menu/path-exists', { path })).body.data;
    expect(await exists('/system/user')).toBe(true); // a screen, not granted to this role
    expect(await exists('/system/post')).toBe(true);
    expect(await exists('/no/such/screen')).toBe(false);
    expect(await exists('/system')).toBe(true); // a group's path is a menu too
    expect((await new ApiClient(server.url).get('/blade-system/menu/path-exists', { path: '/system/user' })).status).toBe(401);
  });

  it('is offered only the top menus that hold some of its menus', async () => {
    const topMenus = async (client: ApiClient) =>
      ((await client.get('/blade-system/menu/top-menu')).body.data as Array<{ code: string }>).map((t) => t.code);
    expect(await topMenus(staff)).toEqual(['platform']);
    expect(await topMenus(admin)).toEqual(['workbench', 'property', 'platform']);
  });
});

describe('scopes', () => {
  const roleIdOf = async (alias: string) =>
    (await admin.get('/blade-system/role/list', { roleAlias_equal: alias })).body.data[0].id as string;
  const menuIdOf = async (code: string) =>
    (await server.built.services.db.selectFrom('blade_menu').select('id').where('code', '=', code).executeTakeFirstOrThrow())
      .id as string;

  it('a data scope limits a role to its own rows', async () => {
    await staff.signIn('staff', 'staff123');
    const postMenu = await menuIdOf('post');
    await admin.post('/blade-system/data-scope/submit', {
      menuId: postMenu,
      resourceCode: 'post',
      scopeName: '本人可见',
      scopeType: 2,
    });
    const scopeId = (await admin.get('/blade-system/data-scope/list', { resourceCode_equal: 'post' })).body.data.records[0].id;
    const role = await roleIdOf('user');
    const keys = (await admin.get('/blade-system/menu/role-tree-keys', { roleIds: role })).body.data;
    expect(
      (await admin.post('/blade-system/role/grant', { roleIds: role, menuIds: keys.menu.join(','), dataScopeIds: scopeId })).body
        .success,
    ).toBe(true);
    const seen = await staff.get('/blade-system/post/list', { size: 100 });
    expect(seen.status).toBe(200);
    expect(seen.body.data.records).toHaveLength(0); // staff created none of the posts
    expect((await admin.get('/blade-system/post/list', { size: 100 })).body.data.total).toBeGreaterThan(0);
  });

  it('an API scope closes its paths to roles without it', async () => {
    const paramMenu = await menuIdOf('param');
    await admin.post('/blade-system/api-scope/submit', {
      menuId: paramMenu,
      resourceCode: 'param',
      scopeName: '参数接口',
      scopePath: '/api/blade-system/param/**',
      scopeType: 1,
    });
    expect((await staff.get('/blade-system/param/list')).status).toBe(403);
    const scopeId = (await admin.get('/blade-system/api-scope/list', { resourceCode_equal: 'param' })).body.data.records[0].id;
    const role = await roleIdOf('user');
    const keys = (await admin.get('/blade-system/menu/role-tree-keys', { roleIds: role })).body.data;
    await admin.post('/blade-system/role/grant', {
      roleIds: role,
      menuIds: keys.menu.join(','),
      dataScopeIds: keys.dataScope.join(','),
      apiScopeIds: scopeId,
    });
    expect((await staff.get('/blade-system/param/list')).status).toBe(200);
  });
});
