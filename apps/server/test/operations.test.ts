import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../src/app';
import type { Config } from '../src/config';
import { openDatabase } from '../src/platform/db/database';
import { migrate, MIGRATIONS_DIR } from '../src/platform/db/migrate';
import { get } from '../src/platform/http/operation';
import { seedFirstStart } from '../src/seed/seed';
import { ApiClient } from './client';
import { createTestDatabase, startServer, testConfig, type TestServer } from './harness';

/**
 * Operations (issue 13, docs/deploy.md): liveness and readiness probes, a
 * request id on every answer carried into the logs, backup and restore of
 * the embedded database and of PostgreSQL into a fresh place, and the
 * migrations applied to a database holding the previous release's data.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startServer(
    { seedDemo: false },
    {
      beforeListen(app) {
        app.get('/api/test-only/explode', get({ tags: ['Auth'], summary: 'Fails' }), async () => {
          throw new Error('a bug');
        });
      },
    },
  );
});
afterAll(async () => server?.close());

describe('probes', () => {
  it('/health answers while the process runs; /ready checks the database (and Redis when configured)', async () => {
    const health = await fetch(`${server.url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'up' });
    const ready = await fetch(`${server.url}/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', database: 'up', redis: 'none' });
  });

  it('/ready is 503 naming what is down', async () => {
    const services = server.built.services;
    const config = services.config;
    const store = services.store;
    // As if Redis were configured and lost.
    services.config = { ...config, redisUrl: 'redis://127.0.0.1:1' };
    services.store = { ...store, get: () => Promise.reject(new Error('connection lost')) } as typeof store;
    try {
      const ready = await fetch(`${server.url}/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'unavailable', database: 'up', redis: 'down' });
    } finally {
      services.config = config;
      services.store = store;
    }
  });
});

describe('request ids', () => {
  it('every answer carries X-Request-Id: the caller’s when plain, a new one otherwise', async () => {
    const fresh = await fetch(`${server.url}/health`);
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const other = await fetch(`${server.url}/health`);
    expect(other.headers.get('x-request-id')).not.toBe(fresh.headers.get('x-request-id'));
    const given = await fetch(`${server.url}/health`, { headers: { 'X-Request-Id': 'proxy-42.a' } });
    expect(given.headers.get('x-request-id')).toBe('proxy-42.a');
    const hostile = await fetch(`${server.url}/health`, { headers: { 'X-Request-Id': 'a b<script>' } });
    expect(hostile.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('the error log and the api log keep the request id of the call', async () => {
    const admin = new ApiClient(server.url);
    await admin.signIn('admin', 'admin');
    const failed = await admin.call('GET', '/test-only/explode', { headers: { 'X-Request-Id': 'err-call-1' } });
    expect(failed.status).toBe(500);
    // The api log is queued when the answer has gone out, which can be after the client has it: flush until it is there.
    const logged = async (log: 'error' | 'api') => {
      await server.built.services.logs.flush();
      return (await admin.get(`/blade-log/${log}/list`, { requestId: 'err-call-1' })).body.data.records as Array<{
        requestId: string;
        requestUri: string;
      }>;
    };
    await expect.poll(async () => (await logged('error')).length, { timeout: 10_000 }).toBe(1);
    expect((await logged('error'))[0]).toMatchObject({ requestId: 'err-call-1', requestUri: '/api/test-only/explode' });
    await expect
      .poll(async () => (await logged('api')).map((r) => r.requestUri), { timeout: 10_000 })
      .toEqual(['/api/test-only/explode']);
  });
});

/** A server on a database opened by the test (a data folder, a restored database). */
async function serverOn(config: Config): Promise<{ url: string; built: BuiltApp }> {
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    timeZone: config.timeZone,
    poolSize: 2,
  });
  const built = await buildApp(config, { database, logger: false });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, built };
}

/** Signs in as the platform administrator and adds a post; answers the client. */
async function addPost(url: string, code: string): Promise<ApiClient> {
  const admin = new ApiClient(url);
  expect((await admin.signIn('admin', 'admin')).status).toBe(200);
  expect((await admin.post('/blade-system/post/submit', { category: 1, postCode: code, postName: code })).body.success).toBe(
    true,
  );
  return admin;
}
const postCodes = async (url: string): Promise<string[]> => {
  const admin = new ApiClient(url);
  expect((await admin.signIn('admin', 'admin')).status).toBe(200);
  return (await admin.get('/blade-system/post/list', { size: 100 })).body.data.records.map(
    (r: { postCode: string }) => r.postCode,
  );
};

describe('backup and restore (docs/deploy.md)', () => {
  it('the embedded database: the stopped server’s data folder copied to a fresh folder starts and has the data', async () => {
    const root = mkdtempSync(join(tmpdir(), 'pc-backup-'));
    try {
      const live = join(root, 'data');
      const config = testConfig({ seedDemo: false, dataDir: live, databaseUrl: undefined });
      const first = await serverOn(config);
      await addPost(first.url, 'before-backup');
      await first.built.close();
      // The backup: the folder of the stopped server, copied whole (database files, JWT secret, uploaded files).
      cpSync(live, join(root, 'backup'), { recursive: true });
      // Restore into a fresh folder.
      cpSync(join(root, 'backup'), join(root, 'restored'), { recursive: true });
      const restored = await serverOn({ ...config, dataDir: join(root, 'restored') });
      try {
        expect(await postCodes(restored.url)).toContain('before-backup');
      } finally {
        await restored.built.close();
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 300_000);

  const postgres = process.env.DATABASE_URL;
  it.skipIf(!postgres)(
    'PostgreSQL: pg_dump of the database, pg_restore into a fresh database, start, sign in, see the data',
    async () => {
      const source = await createTestDatabase();
      const target = await createTestDatabase();
      const dump = join(mkdtempSync(join(tmpdir(), 'pc-dump-')), 'property.dump');
      try {
        const config = testConfig({ seedDemo: false, databaseUrl: source.url });
        const first = await serverOn(config);
        await addPost(first.url, 'pg-before-backup');
        await first.built.close();
        execFileSync('pg_dump', ['--format=custom', '--no-owner', `--file=${dump}`, source.url]);
        execFileSync('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${target.url}`, dump]);
        const restored = await serverOn({ ...config, databaseUrl: target.url });
        try {
          expect(await postCodes(restored.url)).toContain('pg-before-backup');
        } finally {
          await restored.built.close();
        }
      } finally {
        await source.drop();
        await target.drop();
        rmSync(dump, { force: true });
      }
    },
    300_000,
  );
});

describe('migrations on the previous release’s data', () => {
  it('a database of the previous release, seeded and holding rows, takes the newest migration and serves them', async () => {
    const root = mkdtempSync(join(tmpdir(), 'pc-upgrade-'));
    try {
      const files = readdirSync(MIGRATIONS_DIR)
        .filter((f) => /^\d{4}_.+\.sql$/.test(f))
        .sort();
      const previous = join(root, 'previous');
      cpSync(MIGRATIONS_DIR, previous, { recursive: true });
      // The previous release: every migration but the newest, the first start's seed (plain SQL on the tables it
      // had; what the seed adds at every start — a newer module's dictionaries and data, on tables the newest
      // migration may make — is the new release's to add, and the demo tenant's seed goes through module code,
      // which now writes the audit trail), and rows people added, as its engine wrote them.
      rmSync(join(previous, files.at(-1)!));
      const dataDir = join(root, 'data');
      const config = testConfig({ seedDemo: false, dataDir, databaseUrl: undefined });
      const database = await openDatabase({ dataDir, timeZone: config.timeZone });
      expect(await migrate(database.db, previous)).toEqual(files.slice(0, -1));
      await seedFirstStart(database.db, false);
      await sql`insert into blade_post (category, post_code, post_name, create_user) values (1, 'old-release', '旧岗位', 1)`.execute(
        database.db,
      );
      await sql`insert into blade_log_api (tenant_id, title, method, request_uri) values ('000000', 'old', 'GET', '/api/old')`.execute(
        database.db,
      );
      await database.close();

      // The new release starts on it: applies the newest migration and serves the old rows; changes are audited.
      const started = await serverOn(config);
      try {
        const db = started.built.services.db;
        const applied = await sql<{ version: string }>`select version from schema_migrations order by version`.execute(db);
        expect(applied.rows.map((r) => r.version)).toEqual(files);
        const admin = new ApiClient(started.url);
        expect((await admin.signIn('admin', 'admin')).status).toBe(200);
        const old = (await admin.get('/blade-system/post/list', { postCode: 'old-release' })).body.data.records;
        expect(old).toHaveLength(1);
        expect((await admin.post('/blade-system/post/submit', { id: old[0].id, postName: '升级后修改' })).body.success).toBe(
          true,
        );
        const history = await admin.get('/blade-log/audit/history', { entity: 'post', id: old[0].id });
        expect(history.body.data).toHaveLength(1);
        expect(history.body.data[0].changes).toEqual({ postName: { before: '旧岗位', after: '升级后修改' } });
        // The old api log row is there, without the request id the new column holds for new calls.
        const logs = await sql<{ request_id: string | null }>`select request_id from blade_log_api where title = 'old'`.execute(
          db,
        );
        expect(logs.rows).toEqual([{ request_id: null }]);
      } finally {
        await started.built.close();
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 300_000);
});
