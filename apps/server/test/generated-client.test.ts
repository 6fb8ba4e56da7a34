import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../src/platform/auth/password';
import { startServer, type TestServer } from './harness';

/**
 * A partner's client, made from the served document alone: openapi-typescript
 * writes its types, openapi-fetch makes the calls. The program below is
 * type-checked against the generated types (a call the document does not
 * describe fails to compile), then run against the server: sign in, page a
 * list, add a row, find and remove it, read an error.
 */
const CLIENT = `
import createClient from 'openapi-fetch';
import type { paths } from './api';

export async function run(baseUrl: string, password: string) {
  const auth = createClient<paths>({ baseUrl });
  const signIn = await auth.POST('/api/blade-auth/oauth/token', {
    params: {
      query: { tenantId: '000000', username: 'admin', password, grant_type: 'password', scope: 'all', type: 'account' },
    },
    headers: { Authorization: 'Basic ' + btoa('saber:saber_secret') },
  });
  if (!signIn.data) throw new Error('sign-in refused: ' + JSON.stringify(signIn.error));
  const token: string = signIn.data.access_token;
  const badClient = await auth.POST('/api/blade-auth/oauth/token', {
    params: { query: { username: 'admin', password, grant_type: 'password' } },
    headers: { Authorization: 'Basic ' + btoa('saber:wrong') },
  });
  // The token call's errors are OAuth's; the envelope only for what fails before the grant is read.
  const oauthError = badClient.error && 'error' in badClient.error ? badClient.error.error : undefined;

  const api = createClient<paths>({ baseUrl, headers: { 'Blade-Auth': 'bearer ' + token } });
  const firstPage = await api.GET('/api/blade-system/param/page', { params: { query: { current: 1, size: 2 } } });
  const added = await api.POST('/api/blade-system/param/submit', {
    body: { paramName: '生成客户端', paramKey: 'generated.client', paramValue: 'yes' },
  });
  const found = await api.GET('/api/blade-system/param/list', { params: { query: { paramKey: 'generated.client' } } });
  const row = found.data?.data.records[0];
  const id: string | undefined = row?.id;
  const removed = await api.POST('/api/blade-system/param/remove', { params: { query: { ids: String(id) } } });
  const gone = await api.GET('/api/blade-system/param/list', { params: { query: { paramKey: 'generated.client' } } });
  const refused = await api.POST('/api/blade-system/param/submit', { body: { paramKey: 'generated.incomplete' } });
  return {
    signedInAs: signIn.data.account,
    badClient: { status: badClient.response.status, error: oauthError },
    page: { size: firstPage.data?.data.size, records: firstPage.data?.data.records.length, total: firstPage.data?.data.total },
    added: added.data?.msg,
    found: { key: row?.paramKey, value: row?.paramValue, total: found.data?.data.total },
    removed: removed.data?.success,
    left: gone.data?.data.total,
    refused: { status: refused.response.status, msg: refused.error?.msg, success: refused.error?.success },
  };
}
`;

let server: TestServer;
let dir: string;
const generated = new URL('./.generated/', import.meta.url).pathname;

beforeAll(async () => {
  server = await startServer({ seedDemo: false });
  mkdirSync(generated, { recursive: true });
  dir = mkdtempSync(join(generated, 'client-'));
});
afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a client generated from the document alone', () => {
  it('compiles against the generated types, signs in, pages, adds, removes and reads an error', async () => {
    const document = (await (await fetch(`${server.url}/api/docs/json`)).json()) as Parameters<typeof openapiTS>[0];
    writeFileSync(join(dir, 'api.d.ts'), astToString(await openapiTS(document)));
    writeFileSync(join(dir, 'client.ts'), CLIENT);
    const tsc = new URL('../../../node_modules/.bin/tsc', import.meta.url).pathname;
    const compiled = await promisify(execFile)(
      tsc,
      [
        '--noEmit',
        '--strict',
        '--target',
        'es2022',
        '--module',
        'esnext',
        '--moduleResolution',
        'bundler',
        '--skipLibCheck',
        '--types',
        'node',
        join(dir, 'client.ts'),
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    ).catch((failed: { stdout: string }) => ({ stdout: failed.stdout, failed: true }));
    expect(compiled.stdout).toBe('');

    const client = (await import(/* @vite-ignore */ join(dir, 'client.ts'))) as {
      run(url: string, password: string): Promise<unknown>;
    };
    expect(await client.run(server.url, md5Hex('admin'))).toEqual({
      signedInAs: 'admin',
      badClient: { status: 401, error: 'invalid_client' },
      page: { size: 2, records: 2, total: expect.any(Number) },
      added: '操作成功',
      found: { key: 'generated.client', value: 'yes', total: 1 },
      removed: true,
      left: 0,
      refused: { status: 400, msg: '请输入参数名称', success: false },
    });
  }, 240_000);
});
