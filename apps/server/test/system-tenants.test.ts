import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../src/platform/auth/password';
import { ApiClient } from './client';
import { startServer, type TestServer } from './harness';

/** Tenants and tenant packages (spec §7.8 tenant), managed by the platform administrator. */
let server: TestServer;
let platform: ApiClient;
const menuIds = new Map<string, string>();

type Node = Record<string, any> & { children?: Node[] };
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

const ok = (answer: { status: number; body: any }) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
};

beforeAll(async () => {
  server = await startServer();
  platform = new ApiClient(server.url);
  await platform.signIn('admin', 'admin');
  for (const node of flatten(ok(await platform.get('/blade-system/menu/list')))) menuIds.set(node.code, node.id);
});
afterAll(async () => server?.close());

interface Tenant {
  id: string;
  tenantId: string;
}

/** Creates a tenant as the platform administrator and answers its row id and generated tenant id. */
async function createTenant(tenantName: string, extra: Record<string, unknown> = {}): Promise<Tenant> {
  ok(
    await platform.post('/blade-system/tenant/submit', { tenantName, linkman: '联系人', contactNumber: '13800138000', ...extra }),
  );
  const records = ok(await platform.get('/blade-system/tenant/list', { tenantName_equal: tenantName })).records;
  expect(records).toHaveLength(1);
  return { id: records[0].id, tenantId: records[0].tenantId };
}

/** The token endpoint with the tenant in the header, the query or both. */
function tokenCall(tenant: { header?: string; param?: string }, username = 'admin', password = 'admin') {
  return new ApiClient(server.url).call('POST', '/blade-auth/oauth/token', {
    query: {
      tenantId: tenant.param,
      username,
      password: md5Hex(password),
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    },
    headers: tenant.header ? { 'Tenant-Id': tenant.header } : {},
  });
}

async function tenantAdmin(tenantId: string): Promise<ApiClient> {
  const client = new ApiClient(server.url);
  const answer = await client.signIn('admin', 'admin', tenantId);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return client;
}

const setting = (ids: string, values: Record<string, unknown>) =>
  platform.post('/blade-system/tenant/setting', undefined, { ids, ...values });

/** A user of the tenant admin's own tenant (its administrator role and root department). */
async function addUserAs(client: ApiClient, account: string) {
  const [role] = ok(await client.get('/blade-system/role/list'));
  const [dept] = ok(await client.get('/blade-system/dept/list'));
  return client.post('/blade-system/user/submit', {
    account,
    realName: account,
    roleId: role.id,
    deptId: dept.id,
    password: 'pw',
  });
}

describe('a new tenant', () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await createTenant('绿城物业');
  });

  it('gets a generated six-digit tenant id, a root department, an administrator role and an admin account', async () => {
    expect(tenant.tenantId).toMatch(/^\d{6}$/);
    expect(tenant.tenantId).not.toBe('000000');
    const detail = ok(await platform.get('/blade-system/tenant/detail', { id: tenant.id }));
    expect(detail).toMatchObject({ tenantId: tenant.tenantId, tenantName: '绿城物业', linkman: '联系人', accountNumber: -1 });
    const admin = await tenantAdmin(tenant.tenantId);
    expect(ok(await admin.get('/blade-system/dept/list')).map((d: Node) => d.deptName)).toEqual(['绿城物业']);
    expect(ok(await admin.get('/blade-system/role/list')).map((r: Node) => r.roleAlias)).toEqual(['administrator']);
  });

  it('has its business dictionaries, as the demo company has: 房屋类型 and 朝向 offer their choices', async () => {
    const admin = await tenantAdmin(tenant.tenantId);
    const labels = async (code: string) =>
      ok(await admin.get('/blade-system/dict-biz/dictionary', { code })).map((d: Node) => d.dictValue);
    expect(await labels('house_type')).toEqual(['住宅', '公寓', '别墅', '商铺', '办公', '车库', '储藏室']);
    expect(await labels('house_orientation')).toContain('东');
    expect(await labels('epidemic_duty')).not.toEqual([]);
  });

  it('its admin signs in with the tenant in the Tenant-Id header or in the tenantId parameter', async () => {
    for (const tenantIn of [{ header: tenant.tenantId }, { param: tenant.tenantId }]) {
      const answer = await tokenCall(tenantIn);
      expect(answer.status, JSON.stringify(tenantIn)).toBe(200);
      expect(answer.body).toMatchObject({ tenant_id: tenant.tenantId, account: 'admin', role_name: 'administrator' });
    }
    // The tenant's admin is not the platform's admin.
    expect((await tokenCall({ param: tenant.tenantId })).body.user_id).not.toBe(
      (await tokenCall({ param: '000000' })).body.user_id,
    );
    expect((await tokenCall({ param: tenant.tenantId }, 'admin', 'wrong')).body.error_description).toBe('用户名或密码错误');
  });

  it('takes its admin password from the tenant.default.password parameter', async () => {
    const [param] = ok(await platform.get('/blade-system/param/list', { paramKey_equal: 'tenant.default.password' })).records;
    expect(param.paramValue).toBe('admin');
    ok(await platform.post('/blade-system/param/submit', { id: param.id, paramValue: 'changed-default' }));
    try {
      const other = await createTenant('万科物业');
      expect((await tokenCall({ param: other.tenantId }, 'admin', 'changed-default')).status).toBe(200);
      expect((await tokenCall({ param: other.tenantId }, 'admin', 'admin')).status).toBe(400);
    } finally {
      ok(await platform.post('/blade-system/param/submit', { id: param.id, paramValue: 'admin' }));
    }
  });

  it('cannot manage tenants or packages', async () => {
    const admin = await tenantAdmin(tenant.tenantId);
    for (const path of [
      '/blade-system/tenant/list',
      '/blade-system/tenant-package/list',
      '/blade-system/tenant/package-detail',
    ]) {
      const answer = await admin.get(path, { tenantId: tenant.tenantId });
      expect(answer.status, path).toBe(403);
      expect(answer.body).toEqual({ code: 403, success: false, data: null, msg: '请求被拒绝' });
    }
    expect((await admin.post('/blade-system/tenant/setting', undefined, { ids: tenant.id, accountNumber: 1000 })).status).toBe(
      403,
    );
  });

  it("cannot read the grants of another tenant's roles", async () => {
    const [platformRole] = ok(await platform.get('/blade-system/role/list', { roleAlias_equal: 'user' }));
    expect(ok(await platform.get('/blade-system/menu/role-tree-keys', { roleIds: platformRole.id })).menu).toHaveLength(3);
    const admin = await tenantAdmin(tenant.tenantId);
    expect(ok(await admin.get('/blade-system/menu/role-tree-keys', { roleIds: platformRole.id }))).toEqual({
      menu: [],
      dataScope: [],
      apiScope: [],
    });
  });
});

describe('packages', () => {
  const submitPackage = (body: Record<string, unknown>) => platform.post('/blade-system/tenant-package/submit', body);

  it('validate their name and menus with the spec messages', async () => {
    expect((await submitPackage({ menuId: menuIds.get('param') })).body).toMatchObject({ code: 400, msg: '请输入产品包名称' });
    expect((await submitPackage({ packageName: '无菜单', menuId: '' })).body).toMatchObject({ code: 400, msg: '请选择菜单' });
  });

  it("limit the tenant admin's sidebar to the package's menus and their parents", async () => {
    const tenant = await createTenant('碧桂园物业');
    // post_add: a button of the tenant's own data (a tenant is never given writes of platform data, e.g. region_add).
    const codes = ['param', 'post', 'post_add'];
    ok(await submitPackage({ packageName: '基础包', menuId: codes.map((c) => menuIds.get(c)).join(','), remark: '测试' }));
    const [pkg] = ok(await platform.get('/blade-system/tenant-package/list', { packageName_equal: '基础包' })).records;
    ok(await platform.post('/blade-system/tenant/package-setting', undefined, { tenantId: tenant.tenantId, packageId: pkg.id }));
    expect(ok(await platform.get('/blade-system/tenant/package-detail', { tenantId: tenant.tenantId }))).toMatchObject({
      id: pkg.id,
      packageName: '基础包',
    });

    const admin = await tenantAdmin(tenant.tenantId);
    const routes = ok(await admin.get('/blade-system/menu/routes')) as Node[];
    expect(routes.map((n) => [n.code, (n.children ?? []).map((c: Node) => c.code)])).toEqual([['system', ['post', 'param']]]);
    const buttons = ok(await admin.get('/blade-system/menu/buttons')) as Node[];
    expect(buttons.map((b) => [b.code, b.children!.map((c: Node) => c.code)])).toEqual([['post', ['post_add']]]);

    // The package limits the API, not only the sidebar.
    expect((await admin.get('/blade-system/param/list')).status).toBe(200);
    expect((await admin.get('/blade-system/user/page')).status).toBe(403);
    expect((await admin.get('/blade-system/role/list')).status).toBe(403);

    // A removed package grants nothing, never everything.
    ok(await platform.post('/blade-system/tenant-package/remove', undefined, { ids: pkg.id }));
    await platform.get('/blade-auth/oauth/clear-cache');
    expect(ok(await admin.get('/blade-system/menu/routes'))).toEqual([]);
    expect((await admin.get('/blade-system/param/list')).status).toBe(403);
    const missing = await platform.post('/blade-system/tenant/package-setting', undefined, {
      tenantId: tenant.tenantId,
      packageId: pkg.id,
    });
    expect(missing.body.msg).toBe('产品包不存在');
  });
});

describe('tenant settings', () => {
  it('accountNumber caps the accounts of the tenant', async () => {
    const tenant = await createTenant('保利物业');
    ok(await setting(tenant.id, { accountNumber: 1 }));
    const admin = await tenantAdmin(tenant.tenantId);
    const refused = await addUserAs(admin, 'second');
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('当前租户已到最大账号额度!');
    ok(await setting(tenant.id, { accountNumber: 2 }));
    ok(await addUserAs(admin, 'second'));
    expect((await addUserAs(admin, 'third')).body.msg).toBe('当前租户已到最大账号额度!');
    const register = await new ApiClient(server.url).post('/blade-system/user/register-guest', undefined, {
      tenantId: tenant.tenantId,
      name: '访客',
      account: 'guest',
      password: 'pw',
    });
    expect(register.status).toBe(400);
    expect(register.body.msg).toBe('当前租户已到最大账号额度!');
  });

  it('an expiry in the past refuses sign-in to the tenant', async () => {
    const tenant = await createTenant('招商物业');
    ok(await setting(tenant.id, { accountNumber: -1, expireTime: '2000-01-01 00:00:00' }));
    const expired = await tokenCall({ param: tenant.tenantId });
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({ error: 'invalid_grant', error_description: '租户授权已过期,请联系管理员' });
    ok(await setting(tenant.id, { accountNumber: -1, expireTime: '2999-12-31 23:59:59' }));
    expect((await tokenCall({ param: tenant.tenantId })).status).toBe(200);
    expect(ok(await platform.get('/blade-system/tenant/detail', { id: tenant.id })).expireTime).toBe('2999-12-31 23:59:59');
  });
});

describe('tenant/info?domain=', () => {
  it('answers the tenant bound to a domain without a token, or an empty object', async () => {
    const tenant = await createTenant('华润物业', {
      domain: 'crland.example.com',
      backgroundUrl: 'https://cdn.example.com/bg.png',
    });
    const anonymous = new ApiClient(server.url);
    expect((await anonymous.get('/blade-system/tenant/info', { domain: 'crland.example.com' })).body).toEqual({
      code: 200,
      success: true,
      msg: '操作成功',
      data: { tenantId: tenant.tenantId, domain: 'crland.example.com', backgroundUrl: 'https://cdn.example.com/bg.png' },
    });
    expect(ok(await anonymous.get('/blade-system/tenant/info', { domain: 'nobody.example.com' }))).toEqual({});
  });
});

describe('removing tenants', () => {
  it('refuses the platform tenant 000000 and soft-deletes others, whose admin can no longer sign in', async () => {
    const [own] = ok(await platform.get('/blade-system/tenant/list', { tenantId_equal: '000000' })).records;
    const refused = await platform.post('/blade-system/tenant/remove', undefined, { ids: own.id });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('不能删除平台租户');
    expect(ok(await platform.get('/blade-system/tenant/detail', { id: own.id }))).toMatchObject({ tenantId: '000000' });

    const tenant = await createTenant('临时物业');
    ok(await platform.post('/blade-system/tenant/remove', undefined, { ids: tenant.id }));
    expect((await tokenCall({ param: tenant.tenantId })).body.error_description).toBe('租户ID未找到');
  });
});
