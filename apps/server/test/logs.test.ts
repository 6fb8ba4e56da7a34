import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get } from '../src/platform/http/operation';
import { ApiClient } from './client';
import { startServer, type TestServer } from './harness';

let server: TestServer;
let admin: ApiClient;
beforeAll(async () => {
  server = await startServer(
    { seedDemo: false },
    {
      beforeListen(app) {
        // A handler that fails the way a bug would.
        app.get('/api/test-only/explode', get({ tags: ['Auth'], summary: 'Fails' }), async () => {
          throw new Error('secret detail that must stay on the server');
        });
      },
    },
  );
  admin = new ApiClient(server.url);
  await admin.signIn('admin', 'admin');
});
afterAll(async () => server?.close());

describe('api log', () => {
  it('records method, path, user, address and duration of every call', async () => {
    await admin.get('/blade-system/param/list', { paramKey: 'account' });
    await server.built.services.logs.flush();
    const { body } = await admin.get('/blade-log/api/list', { requestUri_equal: '/api/blade-system/param/list' });
    expect(body.data.total).toBeGreaterThan(0);
    const entry = body.data.records[0];
    expect(entry).toMatchObject({
      method: 'GET',
      requestUri: '/api/blade-system/param/list',
      createBy: 'admin',
      remoteIp: '127.0.0.1',
      params: 'paramKey=account',
    });
    expect(entry.time).toBeGreaterThanOrEqual(0);
    const detail = await admin.get('/blade-log/api/detail', { id: entry.id });
    expect(detail.body.data.id).toBe(entry.id);
  });

  it('is read-only', async () => {
    expect((await admin.post('/blade-log/api/submit', { title: 'x' })).status).toBe(404);
    expect((await admin.post('/blade-log/api/remove', undefined, { ids: '1' })).status).toBe(404);
  });
});

describe('error log', () => {
  it('answers a 5xx with "服务器异常" only, and keeps the stack in the error log', async () => {
    const answer = await admin.get('/test-only/explode');
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({ code: 500, success: false, data: null, msg: '服务器异常' });
    expect(JSON.stringify(answer.body)).not.toContain('secret detail');
    let entry: Record<string, any> | undefined;
    for (let i = 0; i < 20 && !entry; i++) {
      entry = (await admin.get('/blade-log/error/list', { requestUri_equal: '/api/test-only/explode' })).body.data.records[0];
      if (!entry) await new Promise((r) => setTimeout(r, 50));
    }
    expect(entry).toMatchObject({
      method: 'GET',
      exceptionName: 'Error',
      message: 'secret detail that must stay on the server',
      createBy: 'admin',
    });
    expect(entry!.stackTrace).toContain('logs.test.ts');
  });
});

describe('secrets stay out of the logs', () => {
  it('redacts the password and refresh token the token call carries in its query', async () => {
    const client = new ApiClient(server.url);
    const tokens = (await client.signIn('admin', 'admin')).body;
    await client.call('POST', '/blade-auth/oauth/token', {
      query: { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, tenantId: '000000' },
    });
    await server.built.services.logs.flush();
    const { body } = await admin.get('/blade-log/api/list', { requestUri_equal: '/api/blade-auth/oauth/token', size: 50 });
    expect(body.data.total).toBeGreaterThanOrEqual(2);
    const logged = JSON.stringify(body.data.records);
    expect(logged).not.toContain(tokens.refresh_token);
    expect(logged).not.toMatch(/password=[0-9a-f]{32}/);
    expect(logged).toContain('password=******');
  });
});
