import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP } from '../src/app/config';
import { request, RequestError } from '../src/app/http';

/** A real server that takes calls and never answers, and one that answers at once. */
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url?.includes('/quick')) res.end(JSON.stringify({ code: 200, success: true, data: 'ok', msg: '操作成功' }));
    // Otherwise: hold the call open.
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  // The console calls its own origin: put the page there.
  (globalThis as unknown as { jsdom: { reconfigure(o: { url: string }): void } }).jsdom.reconfigure({ url: base });
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('the request time-out (spec §9)', () => {
  it('is 1,000,000 ms', () => {
    expect(APP.requestTimeoutMs).toBe(1_000_000);
  });

  it('gives up a call not answered in time, as a rejected call', async () => {
    const started = Date.now();
    const call = request('GET', '/never', { timeoutMs: 200 });
    await expect(call).rejects.toBeInstanceOf(RequestError);
    await expect(call).rejects.toMatchObject({ code: 0 });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('leaves a call answered in time alone', async () => {
    await expect(request('GET', '/quick', { timeoutMs: 2000 })).resolves.toMatchObject({ data: 'ok' });
  });
});
