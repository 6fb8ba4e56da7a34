import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './client';
import { createTestDatabase, startServer, type TestServer } from './harness';

/**
 * Two server instances on one PostgreSQL database and one Redis, as deployed
 * behind a load balancer. Needs the real services, so it runs when both
 * DATABASE_URL and REDIS_URL are set (CI sets them).
 */
const canRun = process.env.DB_KIND === 'postgres' && !!process.env.DATABASE_URL && !!process.env.REDIS_URL;

describe.skipIf(!canRun)('two instances sharing PostgreSQL and Redis', () => {
  let one: TestServer;
  let two: TestServer;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    const shared = { redisUrl: process.env.REDIS_URL, jwtSecret: `instances-${Date.now()}` };
    // Started together: migrations and seed must run once between them.
    [one, two] = await Promise.all([
      startServer(shared, { databaseUrl: database.url }),
      startServer(shared, { databaseUrl: database.url }),
    ]);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await drop?.();
  });

  it('seeded once although both started at once', async () => {
    const admin = new ApiClient(one.url);
    await admin.signIn('admin', 'admin');
    const tenants = await admin.get('/blade-system/tenant/list', { tenantId_equal: '000000' });
    expect(tenants.body.data.total).toBe(1);
  });

  it('a token issued by one instance works on the other', async () => {
    const client = new ApiClient(one.url);
    await client.signIn('admin', 'admin');
    const onTwo = new ApiClient(two.url);
    onTwo.token = client.token;
    expect((await onTwo.get('/blade-system/user/info')).status).toBe(200);
  });

  it('a refresh token used on one instance is dead on the other', async () => {
    const tokens = (await new ApiClient(one.url).signIn('admin', 'admin')).body;
    const refresh = (url: string) =>
      new ApiClient(url).call('POST', '/blade-auth/oauth/token', {
        query: { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, tenantId: '000000' },
      });
    expect((await refresh(one.url)).status).toBe(200);
    const second = await refresh(two.url);
    expect(second.status).toBe(400);
    expect(second.body.error_description).toBe('令牌已失效');
  });

  it('logout on one instance revokes the token on the other', async () => {
    const client = new ApiClient(one.url);
    await client.signIn('admin', 'admin');
    await client.get('/blade-auth/oauth/logout');
    const onTwo = new ApiClient(two.url);
    onTwo.token = client.token;
    expect((await onTwo.get('/blade-system/user/info')).status).toBe(401);
  });

  it('login failures count across instances', async () => {
    for (const url of [one.url, two.url, one.url, two.url]) await new ApiClient(url).signIn('staff', 'wrong');
    const fifth = await new ApiClient(two.url).signIn('staff', 'wrong');
    expect(fifth.body.error_description).toBe('登录错误次数过多,请稍后再试');
    const admin = new ApiClient(one.url);
    await admin.signIn('admin', 'admin');
    const staffId = (await admin.get('/blade-system/user/page', { account_equal: 'staff' })).body.data.records[0].id;
    await admin.post('/blade-system/user/unlock', undefined, { userIds: staffId });
    expect((await new ApiClient(two.url).signIn('staff', 'staff123')).status).toBe(200);
  });
});
