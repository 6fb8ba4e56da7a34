import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../src/seed/seed';
import { ApiClient } from './client';
import { startServer, type TestServer } from './harness';

/**
 * Request size and time limits (issue 13): a JSON body beyond BODY_LIMIT_BYTES
 * is a 413; an upload whose declared length is beyond the file limit is
 * refused before its body is read; a request that trickles in is cut off
 * after REQUEST_TIMEOUT_MS.
 */
let server: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  server = await startServer({ requestTimeoutMs: 1500 });
  admin = new ApiClient(server.url);
  expect((await admin.signIn('admin', 'admin', DEMO_TENANT)).status).toBe(200);
});
afterAll(async () => server?.close());

describe('request limits', () => {
  it('refuses a JSON body over 2 MB with 413 in the caller’s language; one under it is read', async () => {
    const big = JSON.stringify({ postName: 'x', remark: 'r'.repeat(2 * 1024 * 1024) });
    const answer = await admin.call('POST', '/blade-system/post/submit', { raw: big });
    expect(answer).toMatchObject({ status: 413, body: { code: 413, success: false, msg: '请求内容过大' } });
    const english = await admin.call('POST', '/blade-system/post/submit', { raw: big, headers: { 'Accept-Language': 'en' } });
    expect(english.body.msg).toBe('The request body is too large');
    const small = await admin.call('POST', '/blade-system/post/submit', { raw: JSON.stringify({ postName: 'x', remark: 'r' }) });
    expect(small.status).toBe(400); // read and checked: a post needs its code and category
  });

  it('refuses an upload declaring more than 10 MB before sending it: the answer comes while the body is unsent', async () => {
    for (const path of ['/api/blade-resource/oss/endpoint/put-file', '/api/community-resource/unithouse/import']) {
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const url = new URL(path, server.url);
        const req = request(url, {
          method: 'POST',
          headers: {
            'Content-Type': 'multipart/form-data; boundary=x',
            'Content-Length': String(200 * 1024 * 1024),
            'Blade-Auth': `bearer ${admin.token}`,
          },
        });
        req.on('response', (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => {
            resolve({ status: res.statusCode ?? 0, body });
            req.destroy();
          });
        });
        req.on('error', reject);
        // Only the first bytes of the 200 MB announced.
        req.write('--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n');
      });
      expect(answer.status, path).toBe(413);
      expect(JSON.parse(answer.body).msg).toBe('文件大小不能超过10MB');
    }
  });

  it('cuts off a request whose body trickles in slower than the request timeout', async () => {
    const { port } = new URL(server.url);
    const started = Date.now();
    const closed = await new Promise<string>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          'POST /api/blade-system/post/submit HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
        );
        // One byte a second: the 1,000 bytes would take a quarter of an hour.
        const drip = setInterval(() => socket.write(' '), 1000);
        let answer = '';
        socket.on('data', (c: Buffer) => (answer += c.toString()));
        socket.on('close', () => {
          clearInterval(drip);
          resolve(answer);
        });
      });
    });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(6000);
    expect(closed).toMatch(/^HTTP\/1\.1 408/);
    expect(closed).toContain('请求超时,请稍后重试');
  }, 15_000);
});
