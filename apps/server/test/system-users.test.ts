import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './client';
import { startServer, type TestServer } from './harness';

/** Users (spec §7.8 user) and the session calls around them (§7.2). */
let server: TestServer;
let admin: ApiClient;
const dept: Record<'root' | 'north' | 'south' | 'desk', string> = { root: '', north: '', south: '', desk: '' };
const role: Record<'admin' | 'user' | 'hr' | 'manager', string> = { admin: '', user: '', hr: '', manager: '' };

type Node = { id: string; deptName: string; children?: Node[] };
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

beforeAll(async () => {
  server = await startServer();
  admin = new ApiClient(server.url);
  expect((await admin.signIn('admin', 'admin')).status).toBe(200);
  const depts = flatten((await admin.get('/blade-system/dept/list')).body.data);
  const deptId = (name: string) => depts.find((d) => d.deptName === name)!.id;
  Object.assign(dept, { root: deptId('总部'), north: deptId('华北分公司'), south: deptId('华南分公司'), desk: deptId('客服部') });
  for (const [key, alias] of [
    ['admin', 'administrator'],
    ['user', 'user'],
    ['hr', 'hr'],
    ['manager', 'manager'],
  ] as const) {
    role[key] = (await admin.get('/blade-system/role/list', { roleAlias_equal: alias })).body.data[0].id;
  }
});
afterAll(async () => server?.close());

const submitUser = (fields: Record<string, unknown>) => admin.post('/blade-system/user/submit', fields);

/** Adds a user (role `user`, department 华北分公司 unless given) and answers its id. */
async function addUser(account: string, fields: Record<string, unknown> = {}): Promise<string> {
  const answer = await submitUser({ account, realName: `姓名${account}`, roleId: role.user, deptId: dept.north, ...fields });
  expect(answer.body, account).toMatchObject({ code: 200, success: true });
  return userId(account);
}

async function userId(account: string): Promise<string> {
  const records = (await admin.get('/blade-system/user/page', { account_equal: account })).body.data.records;
  expect(records, account).toHaveLength(1);
  return records[0].id;
}

/** Signs in as someone else; the answer must be a token. */
async function signedIn(account: string, password: string): Promise<ApiClient> {
  const client = new ApiClient(server.url);
  const answer = await client.signIn(account, password);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return client;
}

const signInRefusal = async (account: string, password: string) =>
  (await new ApiClient(server.url).signIn(account, password)).body.error_description;

describe('user/submit', () => {
  it('answers the spec messages for the first missing field, in form order', async () => {
    const full = { account: 'v_user', realName: '校验', roleId: role.user, deptId: dept.north };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...full, account: '' }, '请输入登录账号'],
      [{ ...full, realName: undefined }, '请输入用户姓名'],
      [{ ...full, roleId: ' ' }, '请选择所属角色'],
      [{ ...full, deptId: null }, '请选择所属部门'],
      [{ ...full, phone: '1380013800' }, '手机号码长度不为11位'],
      [{ ...full, phone: '23800138000' }, '手机号码格式不正确'],
    ];
    for (const [body, message] of cases) {
      const answer = await submitUser(body);
      expect(answer.status, message).toBe(400);
      expect(answer.body).toMatchObject({ code: 400, success: false, msg: message });
    }
    expect((await admin.get('/blade-system/user/page', { account_equal: 'v_user' })).body.data.total).toBe(0);
  });

  it('adds a user who signs in with the typed password; the account is unique', async () => {
    await addUser('new_user', { password: 'typed-pass', phone: '13800138000' });
    const token = (await new ApiClient(server.url).signIn('new_user', 'typed-pass')).body;
    expect(token).toMatchObject({
      account: 'new_user',
      real_name: '姓名new_user',
      role_id: role.user,
      dept_id: dept.north,
      role_name: 'user',
    });
    const duplicate = await submitUser({ account: 'new_user', realName: '重复', roleId: role.user, deptId: dept.north });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.msg).toBe('账号已存在');
  });

  it('gives a user added without a password the initial password', async () => {
    await addUser('no_password');
    await signedIn('no_password', '123456');
  });

  it('ignores a password sent with an update', async () => {
    const id = await addUser('keeps_pass', { password: 'original-1' });
    expect((await admin.post('/blade-system/user/update', { id, realName: '改名', password: 'hijacked' })).body.success).toBe(
      true,
    );
    expect((await admin.post('/blade-system/user/submit', { id, password: 'hijacked-too' })).body.success).toBe(true);
    expect((await admin.get('/blade-system/user/detail', { id })).body.data).toMatchObject({
      realName: '改名',
      account: 'keeps_pass',
    });
    expect(await signInRefusal('keeps_pass', 'hijacked')).toBe('用户名或密码错误');
    expect(await signInRefusal('keeps_pass', 'hijacked-too')).toBe('用户名或密码错误');
    await signedIn('keeps_pass', 'original-1');
  });

  it('never answers the password hash', async () => {
    const id = await addUser('no_hash', { password: 'p' });
    expect((await admin.get('/blade-system/user/detail', { id })).body.data).not.toHaveProperty('password');
    const page = (await admin.get('/blade-system/user/page', { account_equal: 'no_hash' })).body.data;
    expect(page.records[0]).not.toHaveProperty('password');
  });
});

describe('user/page?deptId=', () => {
  it('lists the users of a department and of the departments below it, and no others', async () => {
    await addUser('tree_root', { deptId: dept.root });
    await addUser('tree_north', { deptId: dept.north });
    await addUser('tree_desk', { deptId: dept.desk });
    await addUser('tree_south', { deptId: dept.south });
    await addUser('tree_both', { deptId: `${dept.south},${dept.desk}` });
    const accounts = async (deptId: string, account = 'tree_') =>
      (
        (await admin.get('/blade-system/user/page', { deptId, account, size: 100 })).body.data.records as Array<{
          account: string;
        }>
      )
        .map((r) => r.account)
        .sort();
    expect(await accounts(dept.north)).toEqual(['tree_both', 'tree_desk', 'tree_north']);
    expect(await accounts(dept.desk)).toEqual(['tree_both', 'tree_desk']);
    expect(await accounts(dept.south)).toEqual(['tree_both', 'tree_south']);
    expect(await accounts(dept.root)).toEqual(['tree_both', 'tree_desk', 'tree_north', 'tree_root', 'tree_south']);
    const north = await accounts(dept.north, '');
    expect(north).toContain('staff');
    expect(north).not.toContain('admin');
  });
});

describe('passwords', () => {
  it('reset-password sets the initial password 123456', async () => {
    const a = await addUser('reset_a', { password: 'before-a' });
    const b = await addUser('reset_b', { password: 'before-b' });
    expect((await admin.post('/blade-system/user/reset-password', undefined, { userIds: `${a},${b}` })).body.success).toBe(true);
    await signedIn('reset_a', '123456');
    await signedIn('reset_b', '123456');
    expect(await signInRefusal('reset_a', 'before-a')).toBe('用户名或密码错误');
  });

  it('update-password checks the old password and the repetition, then changes it', async () => {
    await addUser('changer', { password: 'old-secret' });
    const user = await signedIn('changer', 'old-secret');
    const change = (oldPassword: string, newPassword: string, newPassword1: string) =>
      user.post('/blade-system/user/update-password', undefined, { oldPassword, newPassword, newPassword1 });
    const wrongOld = await change('not-it', 'new-secret', 'new-secret');
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body).toMatchObject({ code: 400, success: false, msg: '原密码不正确' });
    const mismatch = await change('old-secret', 'new-secret', 'new-secreT');
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.msg).toBe('两次密码输入不一致');
    await signedIn('changer', 'old-secret'); // nothing changed so far
    expect((await change('old-secret', 'new-secret', 'new-secret')).body).toEqual({
      code: 200,
      success: true,
      data: null,
      msg: '操作成功',
    });
    await signedIn('changer', 'new-secret');
    expect(await signInRefusal('changer', 'old-secret')).toBe('用户名或密码错误');
  });
});

describe('profile and grants', () => {
  it("update-info changes one's own name but not one's roles", async () => {
    await addUser('profile', { password: 'pw' });
    const user = await signedIn('profile', 'pw');
    const answer = await user.post('/blade-system/user/update-info', {
      realName: '新名字',
      email: 'me@example.com',
      roleId: role.admin,
    });
    expect(answer.body.success).toBe(true);
    const info = (await user.get('/blade-system/user/info')).body.data;
    expect(info).toMatchObject({ account: 'profile', realName: '新名字', email: 'me@example.com', roleId: role.user });
    expect(info).not.toHaveProperty('password');
  });

  it('info answers the signed-in user', async () => {
    const { body } = await admin.get('/blade-system/user/info');
    expect(body).toMatchObject({
      code: 200,
      success: true,
      data: { account: 'admin', realName: '管理员', tenantId: '000000', roleId: role.admin, deptId: dept.root },
    });
  });

  it("grant replaces the users' roles, seen in the next sign-in", async () => {
    const a = await addUser('grant_a', { password: 'pw' });
    const b = await addUser('grant_b', { password: 'pw' });
    const answer = await admin.post('/blade-system/user/grant', undefined, {
      userIds: `${a},${b}`,
      roleIds: `${role.hr},${role.manager}`,
    });
    expect(answer.body.success).toBe(true);
    for (const account of ['grant_a', 'grant_b']) {
      const token = (await new ApiClient(server.url).signIn(account, 'pw')).body;
      expect(token.role_id.split(',').sort()).toEqual([role.hr, role.manager].sort());
      expect(token.role_name.split(',').sort()).toEqual(['hr', 'manager']);
    }
    const unknown = await admin.post('/blade-system/user/grant', undefined, { userIds: a, roleIds: '123' });
    expect(unknown.status).toBe(400);
  });
});

describe('registration', () => {
  it('keeps a registered account out until an administrator approves it', async () => {
    const register = await new ApiClient(server.url).post('/blade-system/user/register-guest', undefined, {
      tenantId: '000000',
      name: '访客',
      account: 'guest1',
      password: 'guest-pass',
    });
    expect(register.body).toMatchObject({ code: 200, success: true });
    expect(await signInRefusal('guest1', 'guest-pass')).toBe('账号尚未审核通过,请联系管理员');
    const id = await userId('guest1');
    expect((await submitUser({ id, status: 1, roleId: role.user })).body.success).toBe(true);
    const token = (await new ApiClient(server.url).signIn('guest1', 'guest-pass')).body;
    expect(token).toMatchObject({ account: 'guest1', role_id: role.user, user_name: '访客' });
  });

  it('refuses a registration for a taken account or an unknown tenant', async () => {
    const guest = new ApiClient(server.url);
    const taken = await guest.post('/blade-system/user/register-guest', undefined, {
      tenantId: '000000',
      name: 'x',
      account: 'admin',
      password: 'x',
    });
    expect(taken.body.msg).toBe('账号已存在');
    const tenant = await guest.post('/blade-system/user/register-guest', undefined, {
      tenantId: '999999',
      name: 'x',
      account: 'y',
      password: 'x',
    });
    expect(tenant.body.msg).toBe('租户ID未找到');
  });
});

describe('session calls', () => {
  it("user-info answers the token's user, or no data without a token", async () => {
    const anonymous = await new ApiClient(server.url).get('/blade-auth/oauth/user-info');
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toEqual({ code: 200, success: true, data: null, msg: '暂无承载数据' });
    const client = new ApiClient(server.url);
    const token = (await client.signIn('admin', 'admin')).body;
    const { body } = await client.get('/blade-auth/oauth/user-info');
    expect(body.data).toMatchObject({
      userId: token.user_id,
      account: 'admin',
      tenantId: '000000',
      roleName: 'administrator',
      roleId: role.admin,
    });
    expect(body.data.permissions).toContain('user_add');
  });

  it('POST logout with the local error log keeps the entries in the usual log; an empty one signs out', async () => {
    await addUser('logger', { password: 'pw' });
    const user = await signedIn('logger', 'pw');
    const marker = `boom-${Date.now()}`;
    const entries = [
      {
        type: 'error',
        message: `${marker} one`,
        stack: 'TypeError at x',
        info: 'render',
        url: '/wel/index',
        time: '2024-01-01 10:00:00',
      },
      { type: 'error', message: `${marker} two`, stack: '', info: '', url: '/system/user', time: '2024-01-01 10:00:01' },
    ];
    expect((await user.post('/blade-auth/oauth/logout', entries)).body).toEqual({ success: 'true', msg: 'success' });
    expect((await user.get('/blade-system/user/info')).status).toBe(200); // an upload keeps the session
    const logs = (await admin.get('/blade-log/usual/list', { logData: marker })).body.data;
    expect(logs.total).toBe(2);
    for (const record of logs.records) expect(record).toMatchObject({ logLevel: 'error', createBy: 'logger' });
    const messages = logs.records.map((r: { logData: string }) => JSON.parse(r.logData).message).sort();
    expect(messages).toEqual([`${marker} one`, `${marker} two`]);
    expect((await user.post('/blade-auth/oauth/logout', [])).body).toEqual({ success: 'true', msg: 'success' });
    expect((await user.get('/blade-system/user/info')).status).toBe(401);
    // Signed out, an upload is refused rather than answered as sent, and nothing is stored.
    const late = await user.post('/blade-auth/oauth/logout', [{ ...entries[0], message: `${marker} late` }]);
    expect(late.status).toBe(401);
    expect((await admin.get('/blade-log/usual/list', { logData: `${marker} late` })).body.data.total).toBe(0);
  });
});
