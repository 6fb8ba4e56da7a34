import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
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
  // The build's compressed copies (build/precompress-plugin.ts), told apart from the file by what they hold.
  const big = `console.log(${JSON.stringify('x'.repeat(4000))})`;
  writeFileSync(join(webRoot, 'assets', 'big-5678.js'), big);
  writeFileSync(join(webRoot, 'assets', 'big-5678.js.br'), brotliCompressSync(`${big}//br`));
  writeFileSync(join(webRoot, 'assets', 'big-5678.js.gz'), gzipSync(`${big}//gz`));
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

  it("sends the build's compressed copy the browser accepts, as it is, and the file itself to one that accepts none", async () => {
    const asked = async (encoding: string) => {
      const answer = await fetch(`${server.url}/assets/big-5678.js`, { headers: { 'Accept-Encoding': encoding } });
      return { answer, text: await answer.text() };
    };
    const brotli = await asked('gzip, deflate, br, zstd');
    expect(brotli.answer.headers.get('content-encoding')).toBe('br');
    expect(brotli.answer.headers.get('content-type')).toContain('javascript');
    expect(brotli.answer.headers.get('vary')).toContain('accept-encoding');
    expect(brotli.answer.headers.get('cache-control')).toContain('immutable');
    expect(brotli.text.endsWith('//br')).toBe(true);
    const gzip = await asked('gzip');
    expect(gzip.answer.headers.get('content-encoding')).toBe('gzip');
    expect(gzip.text.endsWith('//gz')).toBe(true);
    const plain = await asked('identity');
    expect(plain.answer.headers.get('content-encoding')).toBeNull();
    expect(plain.text).toMatch(/x"\)$/);
  });

  it('answers an API path with the envelope, never the page (no token: 401 before any path is looked up)', async () => {
    const answer = await fetch(`${server.url}/api/no/such/call`);
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ code: 401, success: false });
  });
});
