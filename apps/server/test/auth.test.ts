import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { md5Hex } from '../src/platform/auth/password';
import { ApiClient } from './client';
import { CLIENT_BASIC, startServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

const tokenCall = (query: Record<string, string>, headers: Record<string, string> = {}) =>
  new ApiClient(server.url).call('POST', '/blade-auth/oauth/token', {
    query: { scope: 'all', type: 'account', ...query },
    headers: { 'Tenant-Id': '000000', ...headers },
  });

describe('password grant', () => {
  it('answers the token object at the top level with the fields clients read', async () => {
    const client = new ApiClient(server.url);
    const { status, body } = await client.signIn('admin', 'admin');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      token_type: 'bearer',
      expires_in: 3000,
      tenant_id: '000000',
      account: 'admin',
      role_name: 'administrator',
      client_id: 'saber',
      detail: { type: 'web' },
    });
    for (const key of ['access_token', 'refresh_token', 'user_id', 'dept_id', 'role_id', 'jti', 'avatar', 'real_name'])
      expect(body).toHaveProperty(key);
    expect(body.user_id).toMatch(/^\d+$/);
    expect(body).not.toHaveProperty('code');
  });

  it('accepts a plain password as well as its MD5', async () => {
    expect((await tokenCall({ tenantId: '000000', username: 'admin', password: 'admin', grant_type: 'password' })).status).toBe(
      200,
    );
  });

  it('refuses a wrong password, an unknown tenant and a bad client with the contract messages', async () => {
    const wrong = await tokenCall({ tenantId: '000000', username: 'nobody', password: md5Hex('nope'), grant_type: 'password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: 'invalid_grant', error_description: '用户名或密码错误' });
    const tenant = await tokenCall({ tenantId: '999998', username: 'admin', password: md5Hex('admin'), grant_type: 'password' });
    expect(tenant.body.error_description).toBe('租户ID未找到');
    const client = await tokenCall(
      { tenantId: '000000', username: 'admin', password: md5Hex('admin'), grant_type: 'password' },
      { Authorization: `Basic ${Buffer.from('saber:wrong').toString('base64')}` },
    );
    expect(client.status).toBe(401);
    expect(client.body.error_description).toBe('客户端认证失败');
    const social = await tokenCall({ grant_type: 'social', source: 'github', code: 'x', state: 'y' });
    expect(social.status).toBe(400);
    expect(social.body.error).toBe('unsupported_grant_type');
  });

  it('locks an account after as many failures as the account.failCount parameter says, until it is unlocked', async () => {
    const admin = new ApiClient(server.url);
    await admin.signIn('admin', 'admin');
    const param = (await admin.get('/blade-system/param/list', { paramKey: 'account.failCount' })).body.data.records[0];
    expect(param.paramValue).toBe('5');
    expect((await admin.post('/blade-system/param/submit', { ...param, paramValue: '3' })).body.success).toBe(true);
    for (let i = 0; i < 2; i++) {
      expect((await new ApiClient(server.url).signIn('staff', 'bad')).body.error_description).toBe('用户名或密码错误');
    }
    expect((await new ApiClient(server.url).signIn('staff', 'bad')).body.error_description).toBe('登录错误次数过多,请稍后再试');
    // Even the right password is refused while locked.
    expect((await new ApiClient(server.url).signIn('staff', 'staff123')).body.error_description).toBe(
      '登录错误次数过多,请稍后再试',
    );
    const users = await admin.get('/blade-system/user/page', { account: 'staff' });
    const staffId = users.body.data.records[0].id;
    expect((await admin.post('/blade-system/user/unlock', undefined, { userIds: staffId })).body.success).toBe(true);
    expect((await new ApiClient(server.url).signIn('staff', 'staff123')).status).toBe(200);
  });
});

describe('refresh and logout', () => {
  it('rotates refresh tokens: each works once', async () => {
    const client = new ApiClient(server.url);
    const first = (await client.signIn('admin', 'admin')).body;
    const refreshed = await tokenCall({ tenantId: '000000', grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(first.refresh_token);
    const again = await tokenCall({ tenantId: '000000', grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(again.status).toBe(400);
    expect(again.body.error_description).toBe('令牌已失效');
  });

  it('revokes the access and refresh tokens at logout', async () => {
    const client = new ApiClient(server.url);
    const tokens = (await client.signIn('admin', 'admin')).body;
    expect((await client.get('/blade-system/user/info')).status).toBe(200);
    expect((await client.get('/blade-auth/oauth/logout')).body).toEqual({ success: 'true', msg: 'success' });
    const after = await client.get('/blade-system/user/info');
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ code: 401, success: false, msg: '令牌已失效' });
    expect((await tokenCall({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token })).status).toBe(400);
  });

  it('answers 401 without a token or with a forged one', async () => {
    const client = new ApiClient(server.url);
    const none = await client.get('/blade-system/user/page');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ code: 401, success: false, data: null, msg: '缺失令牌,鉴权失败' });
    client.token = 'eyJhbGciOiJIUzI1NiJ9.eyJ1c2VyX2lkIjoiMSJ9.forged';
    expect((await client.get('/blade-system/user/page')).status).toBe(401);
  });
});

describe('captcha', () => {
  it('is required when enabled, works once, and is case-insensitive', async () => {
    const guarded = await startServer({ captchaEnabled: true });
    try {
      const client = new ApiClient(guarded.url);
      const captcha = await client.get('/blade-auth/oauth/captcha');
      expect(captcha.body.image).toMatch(/^data:image\/png;base64,/);
      expect(captcha.body.enabled).toBe(true);
      const code = (await guarded.built.services.store.get(`captcha:${captcha.body.key}`))!;
      const signIn = (headers: Record<string, string>) =>
        client.call('POST', '/blade-auth/oauth/token', {
          query: { tenantId: '000000', username: 'admin', password: md5Hex('admin'), grant_type: 'captcha', scope: 'all' },
          headers: { 'Tenant-Id': '000000', Authorization: CLIENT_BASIC, ...headers },
        });
      expect((await signIn({})).body.error_description).toBe('验证码不正确');
      const ok = await signIn({ 'Captcha-Key': captcha.body.key, 'Captcha-Code': code.toUpperCase() });
      expect(ok.status).toBe(200);
      const reused = await signIn({ 'Captcha-Key': captcha.body.key, 'Captcha-Code': code });
      expect(reused.body.error_description).toBe('验证码不正确');
    } finally {
      await guarded.close();
    }
  });

  it('tells the console when captcha checks are off, so the sign-in page need not ask for one', async () => {
    const open = await startServer({ captchaEnabled: false });
    try {
      const answer = await new ApiClient(open.url).get('/blade-auth/oauth/captcha');
      expect(answer.body).toMatchObject({ enabled: false, key: expect.any(String) });
    } finally {
      await open.close();
    }
  });

  it('expires after five minutes', async () => {
    const guarded = await startServer({ captchaEnabled: true });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const client = new ApiClient(guarded.url);
      const store = guarded.built.services.store;
      const fresh = async () => {
        const { key } = (await client.get('/blade-auth/oauth/captcha')).body;
        return { 'Captcha-Key': key as string, 'Captcha-Code': (await store.get(`captcha:${key}`))! };
      };
      const signIn = (headers: Record<string, string>) =>
        client.call('POST', '/blade-auth/oauth/token', {
          query: { tenantId: '000000', username: 'admin', password: md5Hex('admin'), grant_type: 'captcha' },
          headers,
        });
      const [early, late] = [await fresh(), await fresh()];
      vi.setSystemTime(Date.now() + 299_000);
      expect((await signIn(early)).status).toBe(200);
      vi.setSystemTime(Date.now() + 2_000);
      expect((await signIn(late)).body.error_description).toBe('验证码不正确');
    } finally {
      vi.useRealTimers();
      await guarded.close();
    }
  });
});
