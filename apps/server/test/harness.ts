/**
 * Test servers: the real app on a fresh database, listening on a real port.
 * With DB_KIND=postgres each server gets its own database on the server named
 * by DATABASE_URL, dropped afterwards; otherwise an in-memory PGlite.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp, type BuiltApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/platform/db/database';

export const CLIENT_BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

export interface TestServer {
  url: string;
  built: BuiltApp;
  close(): Promise<void>;
}

export function usingPostgres(): boolean {
  return process.env.DB_KIND === 'postgres' && !!process.env.DATABASE_URL;
}

/** Test databases of this run are named with this prefix; the postgres project's teardown drops what is left. */
export const testDatabasePrefix = () => `pc_test_${process.env.PC_TEST_RUN ?? 'adhoc'}_`;

/** A database of its own for one test server (a copy of `template` when given); answers its URL and how to drop it. */
export async function createTestDatabase(template?: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const admin = new URL(process.env.DATABASE_URL!);
  const name = `${testDatabasePrefix()}${Date.now()}_${randomBytes(3).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await client.end();
  const url = new URL(admin.toString());
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface StartOptions {
  /** Share an existing database (several instances). */
  databaseUrl?: string;
  /** Add test-only routes before the server listens. */
  beforeListen?: (app: BuiltApp['app']) => void;
}

/**
 * Migrating and seeding a new database takes seconds (PGlite's own start, most of all), and nearly
 * every test starts a server. So each test process migrates and seeds once per seed setting, and
 * every server starts from a copy: PGlite from the dumped files, PostgreSQL from a template database.
 */
const pgliteTemplates = new Map<string, Promise<Blob>>();
const postgresTemplates = new Map<string, Promise<string>>();

async function seededOnce(config: Config, databaseUrl?: string): Promise<Database> {
  const database = await openDatabase({ url: databaseUrl, timeZone: config.timeZone, poolSize: 2 });
  const built = await buildApp({ ...config, databaseUrl }, { database, logger: false });
  return { ...database, close: () => built.close() };
}

function pgliteTemplate(config: Config): Promise<Blob> {
  const key = String(config.seedDemo);
  let template = pgliteTemplates.get(key);
  if (!template) {
    template = (async () => {
      const database = await seededOnce(config);
      const files = await database.dumpDataDir!();
      await database.close();
      return files;
    })();
    pgliteTemplates.set(key, template);
  }
  return template;
}

function postgresTemplate(config: Config): Promise<string> {
  const key = String(config.seedDemo);
  let template = postgresTemplates.get(key);
  if (!template) {
    template = (async () => {
      const created = await createTestDatabase();
      const database = await seededOnce(config, created.url);
      await database.close();
      return created.name;
    })();
    postgresTemplates.set(key, template);
  }
  return template;
}

export async function startServer(overrides: Partial<Config> = {}, shared: StartOptions = {}): Promise<TestServer> {
  const base = loadConfig({
    ...process.env,
    DATA_DIR: '/tmp/pc-test-unused',
    JWT_SECRET: 'test-secret-0123456789abcdef0123456789',
    CAPTCHA_ENABLED: 'false',
    REDIS_URL: '',
    DATABASE_URL: '',
  });
  const config: Config = { ...base, logLevel: 'silent', ...overrides };
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl = shared.databaseUrl;
  let loadDataDir: Blob | undefined;
  if (!databaseUrl && usingPostgres()) {
    const created = await createTestDatabase(await postgresTemplate(config));
    databaseUrl = created.url;
    dropDatabase = created.drop;
  } else if (!databaseUrl) {
    loadDataDir = await pgliteTemplate(config);
  }
  const database = await openDatabase({ url: databaseUrl, timeZone: config.timeZone, poolSize: 5, loadDataDir });
  const built = await buildApp({ ...config, databaseUrl }, { database, logger: false });
  shared.beforeListen?.(built.app);
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    built,
    async close() {
      await built.close();
      await dropDatabase?.();
    },
  };
}
