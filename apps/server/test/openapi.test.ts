import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';

/**
 * The published document is the API's contract (DESIGN.md decision 10): every
 * route is in it with its inputs and a typed answer, well-kept tools read it
 * without a complaint, and clients can be generated from it.
 */
type Operation = { operationId?: string; tags?: string[]; responses: Record<string, any>; requestBody?: any };
let server: TestServer;
let document: { paths: Record<string, Record<string, Operation>>; tags: Array<{ name: string }>; components: any };
const root = new URL('../../../', import.meta.url).pathname;

beforeAll(async () => {
  server = await startServer({ seedDemo: false });
  document = (await (await fetch(`${server.url}/api/docs/json`)).json()) as typeof document;
});
afterAll(async () => server?.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));

describe('the OpenAPI document', () => {
  it('lists every route the server answers under /api, each with a declared answer', () => {
    // Every route is in the document (none is hidden); one registered without get()/post() has no answer there.
    const undeclared = operations()
      .filter(({ op }) => {
        const ok = op.responses['200'];
        const content = ok?.content as Record<string, { schema?: unknown }> | undefined;
        return !content || Object.values(content).some((media) => !media.schema);
      })
      .map(({ path, method }) => `${method.toUpperCase()} ${path}`);
    expect(undeclared, 'routes without a declared answer: declare them with get()/post() (platform/http/operation.ts)').toEqual(
      [],
    );
    expect(operations().length).toBeGreaterThan(290);
  });

  it('refers every error to the shared responses, and the token call keeps its OAuth shapes', () => {
    for (const { path, op } of operations()) {
      for (const [status, response] of Object.entries(op.responses)) {
        // An import's 400 lists its wrong rows (ImportRefusal); the readiness probe's 503 names what is down, as its 200 does.
        if (status === '200' || path === '/api/blade-auth/oauth/token' || path.endsWith('/import')) continue;
        if (path === '/ready' && status === '503') continue;
        expect(response.$ref, `${path} ${status}`).toMatch(/^#\/components\/responses\//);
      }
    }
    const token = document.paths['/api/blade-auth/oauth/token']!.post!;
    expect(token.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/TokenAnswer' });
    expect(token.responses['401'].content['application/json'].schema.$ref).toBe('#/components/schemas/OAuthError');
    expect((token as any).security).toEqual([{ clientBasic: [] }]);
    expect(document.paths['/api/blade-system/user/page']!.get!).not.toHaveProperty('security');
    expect((document as any).security).toEqual([{ bladeAuth: [] }]);
    expect((document.paths['/api/blade-system/tenant/info']!.get as any).security).toEqual([]);
  });

  it('has stable, unique operationIds from method and path', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths['/api/blade-auth/oauth/logout']!.get!.operationId).toBe('get_bladeAuth_oauth_logout');
    expect(document.paths['/api/blade-auth/oauth/logout']!.post!.operationId).toBe('post_bladeAuth_oauth_logout');
  });

  it('states the checks of the definitions: required fields, patterns, lengths', () => {
    const owner = document.components.schemas.OwnerInput;
    expect(owner.else.required).toContain('name');
    expect(owner.properties.phone.pattern).toBeDefined();
    // An owner's phone is a mobile; a garden's contact number a mobile or a landline (the server's two phone rules).
    const mobile = new RegExp(owner.properties.phone.pattern, 'u');
    expect(mobile.test('13800138000')).toBe(true);
    expect(mobile.test('010-12345678')).toBe(false);
    expect(mobile.test('12345')).toBe(false);
    const contact = new RegExp(document.components.schemas.GardenInput.properties.tel.pattern, 'u');
    expect(contact.test('13800138000')).toBe(true);
    expect(contact.test('010-12345678')).toBe(true);
    expect(contact.test('010-12345678abc')).toBe(false);
    expect(owner.properties.idCard.description).toMatch(/check character/);
    // A dictionary needs no key of its own: the server fills it in.
    expect(document.components.schemas.DictBizInput.else.required).not.toContain('dictKey');
    const detail = document.paths['/api/system-property/garden/detail']!.get as any;
    expect(detail.parameters.find((p: any) => p.name === 'id')).toBeDefined();
    const remove = document.paths['/api/system-property/garden/remove']!.post as any;
    expect(remove.parameters.find((p: any) => p.name === 'ids').required).toBe(true);
    const grant = document.paths['/api/blade-system/role/grant']!.post as any;
    expect(grant.parameters.find((p: any) => p.name === 'roleIds').required).toBe(true);
  });

  it('passes Spectral’s OpenAPI rules (spectral:oas) without an error or a warning', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pc-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(document));
      const spectral = join(root, 'node_modules/.bin/spectral');
      const run = await promisify(execFile)(spectral, ['lint', file, '-r', join(root, '.spectral.yaml'), '-f', 'json', '-q'], {
        maxBuffer: 64 * 1024 * 1024,
      }).catch((failed: { stdout: string }) => failed);
      const results = JSON.parse(run.stdout || '[]') as Array<{ code: string; message: string; path: string[] }>;
      expect(results.map((r) => `${r.code} ${r.path.join('.')}: ${r.message}`)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('gives openapi-typescript a typed answer for every operation', async () => {
    const types = astToString(await openapiTS(JSON.parse(JSON.stringify(document))));
    expect(types).not.toContain('content?: never');
    expect(types).toMatch(/TokenAnswer: \{/);
  });
});
