import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';

/**
 * The server serves the built console on its own port. A stand-in build (an index.html and one
 * asset) is enough to prove the routes: the end-to-end tests use the real one.
 */
let server: TestServer;
beforeAll(async () => {
  const webRoot = mkdtempSync(join(tmpdir(), 'pc-console-'));
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>console</title>');
  writeFileSync(join(webRoot, 'assets', 'app-1234.js'), 'console.log(1)');
  server = await startServer({ seedDemo: false, webRoot });
});
afterAll(async () => server?.close());

describe('the console on the API port', () => {
  it('answers the page at / and at a client route, so client routes reload', async () => {
    for (const path of ['/', '/system/user']) {
      const answer = await fetch(`${server.url}${path}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-cache');
      expect(await answer.text()).toContain('<title>console</title>');
    }
  });

  it('sends pages with a Content-Security-Policy and frame protection (no other site may frame the console)', async () => {
    for (const path of ['/', '/system/user']) {
      const page = await fetch(`${server.url}${path}`);
      const csp = page.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'self'");
      expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    }
    const api = await fetch(`${server.url}/api/blade-auth/oauth/captcha`);
    expect(api.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(api.headers.get('content-security-policy')).toBeNull();
  });

  it('caches hashed assets for a year and answers a missing asset 404, not the page', async () => {
    const asset = await fetch(`${server.url}/assets/app-1234.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const missing = await fetch(`${server.url}/assets/gone-0000.js`);
    expect(missing.status).toBe(404);
  });

  it('answers an API path with the envelope, never the page (no token: 401 before any path is looked up)', async () => {
    const answer = await fetch(`${server.url}/api/no/such/call`);
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ code: 401, success: false });
  });
});
