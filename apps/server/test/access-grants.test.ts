import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../src/seed/seed';
import { AccessFixtures } from './access-fixtures';
import { ApiClient } from './client';
import { startServer, type TestServer } from './harness';

/**
 * Menus, view buttons and action buttons, platform-only data, and API scopes
 * (docs/testing.md, "Access rules"): each call allowed with the grant it
 * needs and refused without it, for a role of the platform tenant that is not
 * the administrator.
 */
const PLATFORM = '000000';
const REFUSED = { code: 403, success: false, msg: '请求被拒绝' };
let server: TestServer;
let admin: ApiClient;
let demo: ApiClient;
let fx: AccessFixtures;
let role: string;
let otherRole: string;
let user: ApiClient;

const post = (code: string) => ({ category: 4, postCode: code, postName: code, sort: 1 });
const postId = async (code: string) =>
  String((await fx.db.selectFrom('blade_post').select('id').where('post_code', '=', code).executeTakeFirstOrThrow()).id);
const holds = (...codes: string[]) => fx.grant(admin, role, { codes });

beforeAll(async () => {
  server = await startServer();
  admin = new ApiClient(server.url);
  await admin.signIn('admin', 'admin');
  demo = new ApiClient(server.url);
  expect((await demo.signIn('admin', 'admin', DEMO_TENANT)).status).toBe(200);
  fx = new AccessFixtures(server, admin);
  role = await fx.role(admin, 'gr_role');
  otherRole = await fx.role(admin, 'gr_other');
  const dept = await fx.dept(admin, 'gr-dept');
  await fx.user(admin, 'gr_user', role, [dept]);
  user = await fx.signedIn('gr_user', PLATFORM);
  await fx.post(PLATFORM, 'gr-kept', null, null);
});
afterAll(async () => server?.close());

describe('reads need the menu or its view button; writes need their button', () => {
  it('the menu alone: reads, but neither adds, changes nor removes', async () => {
    await holds('post');
    expect((await user.get('/blade-system/post/list')).status).toBe(200);
    expect((await user.get('/blade-system/post/detail', { id: await postId('gr-kept') })).body.data).toMatchObject({
      postCode: 'gr-kept',
    });
    expect((await user.post('/blade-system/post/submit', post('gr-added'))).body).toEqual({ ...REFUSED, data: null });
    expect((await user.post('/blade-system/post/submit', { id: await postId('gr-kept'), postName: 'x' })).body).toMatchObject(
      REFUSED,
    );
    expect((await user.post('/blade-system/post/remove', undefined, { ids: await postId('gr-kept') })).body).toMatchObject(
      REFUSED,
    );
  });

  it('the view button alone: reads', async () => {
    await holds('post_view');
    expect((await user.get('/blade-system/post/list')).status).toBe(200);
    expect((await user.post('/blade-system/post/submit', post('gr-added'))).body).toMatchObject(REFUSED);
  });

  it("neither: no reads, and another menu's view button does not count", async () => {
    await holds('param', 'param_view', 'param_add');
    expect((await user.get('/blade-system/post/list')).body).toMatchObject(REFUSED);
    expect((await user.get('/blade-system/post/detail', { id: await postId('gr-kept') })).body).toMatchObject(REFUSED);
    expect((await user.post('/blade-system/post/submit', post('gr-added'))).body).toMatchObject(REFUSED);
  });

  it('the add button: adds, but does not read, change or remove', async () => {
    await holds('post_add');
    expect((await user.post('/blade-system/post/submit', post('gr-added'))).body).toMatchObject({ success: true });
    expect((await user.get('/blade-system/post/list')).body).toMatchObject(REFUSED);
    expect((await user.post('/blade-system/post/submit', { id: await postId('gr-added'), postName: 'x' })).body).toMatchObject(
      REFUSED,
    );
    expect((await user.post('/blade-system/post/remove', undefined, { ids: await postId('gr-added') })).body).toMatchObject(
      REFUSED,
    );
  });

  it('the edit button: changes, but does not add', async () => {
    await holds('post_edit');
    await fx.post(PLATFORM, 'gr-to-edit', null, null);
    const id = await postId('gr-to-edit');
    expect((await user.post('/blade-system/post/submit', { id, postName: 'gr-changed' })).body).toMatchObject({ success: true });
    expect((await admin.get('/blade-system/post/detail', { id })).body.data.postName).toBe('gr-changed');
    expect((await user.post('/blade-system/post/submit', post('gr-other'))).body).toMatchObject(REFUSED);
  });

  it('the delete button: removes', async () => {
    await holds('post_delete');
    await fx.post(PLATFORM, 'gr-to-remove', null, null);
    expect((await user.post('/blade-system/post/remove', undefined, { ids: await postId('gr-to-remove') })).body).toMatchObject({
      success: true,
    });
    expect((await admin.get('/blade-system/post/list', { postCode_equal: 'gr-to-remove' })).body.data.total).toBe(0);
  });

  it('a special button (role_grant) opens its own call, and only it', async () => {
    const grant = () => user.post('/blade-system/role/grant', { roleIds: otherRole, menuIds: '' });
    await holds('role', 'post');
    expect((await grant()).body).toMatchObject(REFUSED);
    await holds('role', 'role_grant', 'post');
    expect((await grant()).body).toMatchObject({ success: true });
  });
});

describe('platform data: changed by the platform administrator only', () => {
  it('parameters: the platform administrator adds; a platform user with the button and a tenant administrator do not', async () => {
    const param = (key: string) => ({ paramName: key, paramKey: key, paramValue: '1' });
    expect((await admin.post('/blade-system/param/submit', param('gr.admin'))).body).toMatchObject({ success: true });
    await holds('param', 'param_add');
    expect((await user.get('/blade-system/param/list')).status).toBe(200);
    const platformOnly = { code: 403, success: false, msg: '平台数据只有平台管理员可以修改' };
    expect((await user.post('/blade-system/param/submit', param('gr.user'))).body).toMatchObject(platformOnly);
    expect((await demo.post('/blade-system/param/submit', param('gr.demo'))).body).toMatchObject(platformOnly);
  });

  it('tenants: only the platform administrator even reads them', async () => {
    expect((await admin.get('/blade-system/tenant/list')).status).toBe(200);
    await holds('tenant', 'tenant_view');
    expect((await user.get('/blade-system/tenant/list')).body).toMatchObject(REFUSED);
    expect((await demo.get('/blade-system/tenant/list')).body).toMatchObject(REFUSED);
  });
});

describe('API scopes', () => {
  let wholeParam: string;
  let paramList: string;
  const param = (call: string) => user.get(`/blade-system/param/${call}`, { size: 1 });
  const withApiScopes = (...apiScopes: string[]) => fx.grant(admin, role, { codes: ['param', 'post'], apiScopes });

  beforeAll(async () => {
    wholeParam = await fx.apiScope('/api/blade-system/param/**');
    paramList = await fx.apiScope('/api/blade-system/param/list');
  });

  it('a guarded path is refused to a role without any of its scopes; an unguarded path is untouched', async () => {
    await withApiScopes();
    expect((await param('list')).body).toMatchObject(REFUSED);
    expect((await param('detail')).body).toMatchObject(REFUSED);
    expect((await user.get('/blade-system/post/list')).status).toBe(200);
  });

  it('one of the scopes guarding a path is enough', async () => {
    await withApiScopes(wholeParam);
    expect((await param('list')).status).toBe(200);
    await withApiScopes(paramList);
    expect((await param('list')).status).toBe(200);
    expect((await param('detail')).body).toMatchObject(REFUSED);
  });

  it('the administrator passes every API scope', async () => {
    expect((await admin.get('/blade-system/param/list', { size: 1 })).status).toBe(200);
    expect((await demo.get('/blade-system/param/list', { size: 1 })).status).toBe(200);
  });

  it('a removed scope guards nothing', async () => {
    await withApiScopes();
    expect(
      (await admin.post('/blade-system/api-scope/remove', undefined, { ids: `${wholeParam},${paramList}` })).body,
    ).toMatchObject({
      success: true,
    });
    expect((await param('list')).status).toBe(200);
    expect((await param('detail')).status).not.toBe(403);
  });
});
