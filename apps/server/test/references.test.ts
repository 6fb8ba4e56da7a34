import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../src/seed/seed';
import { ApiClient } from './client';
import { startServer, type TestServer } from './harness';

/**
 * References saved across tenants and pickers read outside one's menus (issue 13): a tenant's
 * user and role may point only at its own roles, departments and parents — checked by the engine
 * for every field whose choices come from another entity — and a low-privilege user reads the
 * department, role and menu trees only with a screen that shows them.
 */
let server: TestServer;
let platform: ApiClient;
let demo: ApiClient;
let staff: ApiClient;
const db = () => server.built.services.db;
const ids = async (table: string, tenantId: string) =>
  (
    await sql<{
      id: string;
    }>`select id from ${sql.table(table)} where tenant_id = ${tenantId} and is_deleted = 0 order by id`.execute(db())
  ).rows.map((r) => String(r.id));

let platformRole: string;
let platformDept: string;
let demoRole: string;
let demoDept: string;

beforeAll(async () => {
  server = await startServer();
  platform = new ApiClient(server.url);
  demo = new ApiClient(server.url);
  staff = new ApiClient(server.url);
  expect((await platform.signIn('admin', 'admin')).status).toBe(200);
  expect((await demo.signIn('admin', 'admin', DEMO_TENANT)).status).toBe(200);
  expect((await staff.signIn('staff', 'staff123')).status).toBe(200);
  [platformRole] = await ids('blade_role', '000000');
  [platformDept] = await ids('blade_dept', '000000');
  [demoRole] = await ids('blade_role', DEMO_TENANT);
  [demoDept] = await ids('blade_dept', DEMO_TENANT);
});
afterAll(async () => server?.close());

describe('references to another tenant’s rows', () => {
  it('user/submit and update refuse another tenant’s role or department; nothing is written', async () => {
    const body = { account: 'xref', realName: 'x', roleId: demoRole, deptId: demoDept };
    expect((await demo.post('/blade-system/user/submit', { ...body, roleId: `${demoRole},${platformRole}` })).body).toMatchObject(
      {
        code: 400,
        msg: 'roleId 所选数据不存在或已被删除',
      },
    );
    expect((await demo.post('/blade-system/user/submit', { ...body, deptId: platformDept })).body.msg).toBe(
      'deptId 所选数据不存在或已被删除',
    );
    expect((await sql`select 1 from blade_user where account = 'xref'`.execute(db())).rows).toHaveLength(0);
    // With its own role and department it is added; an update to another tenant's role is refused and changes nothing.
    expect((await demo.post('/blade-system/user/submit', body)).body.success).toBe(true);
    const id = (await demo.get('/blade-system/user/page', { account_equal: 'xref' })).body.data.records[0].id;
    const update = await demo.call('POST', '/blade-system/user/update', {
      body: { id, roleId: platformRole },
      headers: { 'Accept-Language': 'en' },
    });
    expect(update.body).toMatchObject({ code: 400, msg: 'roleId: the chosen row does not exist or was removed' });
    const row = await sql<{ role_id: string }>`select role_id from blade_user where id = ${id}`.execute(db());
    expect(row.rows[0]!.role_id).toBe(demoRole);
  });

  it('role/submit refuses another tenant’s role as parent; its own is taken', async () => {
    const refused = await demo.post('/blade-system/role/submit', {
      roleName: 'xr',
      roleAlias: 'xr',
      sort: 1,
      parentId: platformRole,
    });
    expect(refused.body.msg).toBe('parentId 所选数据不存在或已被删除');
    expect((await sql`select 1 from blade_role where role_alias = 'xr'`.execute(db())).rows).toHaveLength(0);
    const taken = await demo.post('/blade-system/role/submit', { roleName: 'xr', roleAlias: 'xr', sort: 1, parentId: demoRole });
    expect(taken.body.success).toBe(true);
  });

  it('a removed row is refused like another tenant’s', async () => {
    const removed = (
      await sql<{
        id: string;
      }>`insert into blade_dept (tenant_id, parent_id, ancestors, dept_category, dept_name, full_name, sort, is_deleted)
        values (${DEMO_TENANT}, 0, '0', 1, 'gone', 'gone', 1, 1) returning id`.execute(db())
    ).rows[0]!.id;
    const answer = await demo.post('/blade-system/user/submit', {
      account: 'xgone',
      realName: 'x',
      roleId: demoRole,
      deptId: String(removed),
    });
    expect(answer.body.msg).toBe('deptId 所选数据不存在或已被删除');
  });
});

describe('pickers outside one’s menus', () => {
  it('refuses the department, role and menu trees to a user without a screen showing them', async () => {
    for (const path of [
      '/blade-system/dept/tree',
      '/blade-system/dept/lazy-list',
      '/blade-system/dept/lazy-tree',
      '/blade-system/role/tree',
      '/blade-system/role/tree-by-id',
      '/blade-system/menu/tree',
    ]) {
      expect((await staff.get(path)).status, path).toBe(403);
      expect((await platform.get(path)).status, path).toBe(200);
    }
  });

  it('answers a low-privilege user their own departments and roles only (the switch dialog)', async () => {
    const info = (await staff.get('/blade-system/user/info')).body.data;
    const depts = (await staff.get('/blade-system/dept/select')).body.data as Array<{ id: string }>;
    expect(depts.map((d) => d.id).sort()).toEqual(String(info.deptId).split(',').sort());
    const everyDept = (await platform.get('/blade-system/dept/select')).body.data as unknown[];
    expect(everyDept.length).toBeGreaterThan(depts.length);
    const roles = (await staff.get('/blade-system/role/select', { userId: info.id })).body.data as Array<{ id: string }>;
    expect(roles.map((r) => r.id)).toEqual([info.roleId]);
    const adminId = (await platform.get('/blade-system/user/page', { account_equal: 'admin' })).body.data.records[0].id;
    expect((await staff.get('/blade-system/role/select', { userId: adminId })).status).toBe(403);
    expect((await staff.get('/blade-system/role/select')).status).toBe(403);
  });
});

describe('OAuth client secrets', () => {
  it('are stored hashed, never listed, and still admit the client', async () => {
    const rows = await sql<{ client_secret: string }>`select client_secret from blade_client where client_id = 'saber'`.execute(
      db(),
    );
    expect(rows.rows[0]!.client_secret).toMatch(/^\$argon2id\$/);
    const list = await platform.get('/blade-system/client/list');
    expect(JSON.stringify(list.body)).not.toContain('clientSecret');
    expect((await platform.get('/blade-system/client/list', { clientSecret: 'x' })).status).toBe(400);
    const added = await platform.post('/blade-system/client/submit', {
      clientId: 'partner',
      clientSecret: 'partner-secret',
      authorizedGrantTypes: 'password',
      accessTokenValidity: 3600,
      refreshTokenValidity: 7200,
    });
    expect(added.body.success).toBe(true);
    const stored = await sql<{
      client_secret: string;
    }>`select client_secret from blade_client where client_id = 'partner'`.execute(db());
    expect(stored.rows[0]!.client_secret).not.toContain('partner-secret');
    const basic = (secret: string) => `Basic ${Buffer.from(`partner:${secret}`).toString('base64')}`;
    const token = (secret: string) =>
      new ApiClient(server.url).call('POST', '/blade-auth/oauth/token', {
        query: { tenantId: '000000', username: 'admin', password: 'admin', grant_type: 'password', scope: 'all' },
        headers: { Authorization: basic(secret) },
      });
    expect((await token('partner-secret')).status).toBe(200);
    expect((await token('wrong')).status).toBe(401);
  });

  it('kept in plain text by an earlier version still work once and are then hashed', async () => {
    await sql`update blade_client set client_secret = 'sword_secret' where client_id = 'sword'`.execute(db());
    const call = await new ApiClient(server.url).call('POST', '/blade-auth/oauth/token', {
      query: { tenantId: '000000', username: 'admin', password: 'admin', grant_type: 'password', scope: 'all' },
      headers: { Authorization: `Basic ${Buffer.from('sword:sword_secret').toString('base64')}` },
    });
    expect(call.status).toBe(200);
    const rows = await sql<{ client_secret: string }>`select client_secret from blade_client where client_id = 'sword'`.execute(
      db(),
    );
    expect(rows.rows[0]!.client_secret).toMatch(/^\$argon2id\$/);
  });
});
