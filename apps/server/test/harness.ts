/**
 * Test servers: the real app on a fresh database, listening on a real port.
 * With DB_KIND=postgres each server gets its own database on the server named
 * by DATABASE_URL, dropped afterwards; otherwise an in-memory PGlite.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp, type BuiltApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/platform/db/database';
import type { AuthContext } from '../src/platform/http/context';

/** A tenant's administrator as a token would name them, for calling the engine directly (explain tests, the bench). */
export function administratorOf(tenantId: string): AuthContext {
  return {
    userId: '1',
    tenantId,
    account: 'admin',
    userName: 'admin',
    deptId: '',
    deptIds: [],
    roleIds: [],
    roleAliases: ['administrator'],
    clientId: 'saber',
  };
}
import { AnswerChecker } from './answer-check';

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
  /** PGlite: start from these database files (another server's, dumped when it stopped) instead of the template. */
  loadDataDir?: Blob;
  /** Add test-only routes before the server listens. */
  beforeListen?: (app: BuiltApp['app']) => void;
}

/**
 * Migrating and seeding a new database takes seconds (the demo data most of all), and nearly every
 * test starts a server. So a test run seeds once per seed setting and every server starts from a
 * copy: PGlite from dumped files kept in the run's folder (PC_TEMPLATE_DIR, made by
 * template-setup.ts), PostgreSQL from a template database named after the run. Test files run in
 * parallel processes; the first to need a template makes it while the others wait for it.
 */
const pgliteTemplates = new Map<string, Promise<Blob>>();
const postgresTemplates = new Map<string, Promise<string>>();

async function seededOnce(config: Config, databaseUrl?: string): Promise<Database> {
  const database = await openDatabase({ url: databaseUrl, timeZone: config.timeZone, poolSize: 2 });
  const built = await buildApp({ ...config, databaseUrl }, { database, logger: false });
  return { ...database, close: () => built.close() };
}

async function dumpSeeded(config: Config): Promise<Blob> {
  const database = await seededOnce(config);
  const files = await database.dumpDataDir!();
  await database.close();
  return files;
}

/** The run's PGlite template for this seed setting: read from the run's folder, or made and written there. */
async function sharedPgliteTemplate(config: Config, dir: string): Promise<Blob> {
  const file = join(dir, `pglite-demo-${config.seedDemo}.tar`);
  const lock = `${file}.lock`;
  let owner = false;
  try {
    writeFileSync(lock, String(process.pid), { flag: 'wx' });
    owner = true;
  } catch {
    // Another test process is making it.
  }
  if (owner) {
    const files = await dumpSeeded(config);
    writeFileSync(`${file}.part`, Buffer.from(await files.arrayBuffer()));
    renameSync(`${file}.part`, file);
    return files;
  }
  for (let waited = 0; !existsSync(file); waited += 200) {
    if (waited > 180_000) throw new Error(`No PGlite template at ${file} after 3 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return new Blob([readFileSync(file)]);
}

function pgliteTemplate(config: Config): Promise<Blob> {
  const key = String(config.seedDemo);
  let template = pgliteTemplates.get(key);
  if (!template) {
    const dir = process.env.PC_TEMPLATE_DIR;
    template = dir && existsSync(dir) ? sharedPgliteTemplate(config, dir) : dumpSeeded(config);
    pgliteTemplates.set(key, template);
  }
  return template;
}

/** Held while a template database is made, so parallel test processes make it once. */
const TEMPLATE_LOCK = 727_101;

function postgresTemplate(config: Config): Promise<string> {
  const key = String(config.seedDemo);
  let template = postgresTemplates.get(key);
  if (!template) {
    template = (async () => {
      // Outside a test run (no run id) the name must not match a template left by an earlier version of the seed.
      const adhoc = process.env.PC_TEST_RUN ? '' : `${process.pid}_${Date.now()}_`;
      const name = `${testDatabasePrefix()}${adhoc}template_demo_${key}`;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      try {
        await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
        const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
        if (exists.rows.length === 0) {
          await admin.query(`create database ${name}`);
          const url = new URL(process.env.DATABASE_URL!);
          url.pathname = `/${name}`;
          const database = await seededOnce(config, url.toString());
          await database.close();
        }
      } finally {
        await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
        await admin.end();
      }
      return name;
    })();
    postgresTemplates.set(key, template);
  }
  return template;
}

/** The configuration of a test server: the environment's, made quiet and self-contained. */
export function testConfig(overrides: Partial<Config>): Config {
  const base = loadConfig({
    ...process.env,
    DATA_DIR: '/tmp/pc-test-unused',
    JWT_SECRET: 'test-secret-0123456789abcdef0123456789',
    // Stored credentials sealed under the token secret, as in a deployment that sets no key of its own.
    SECRETS_KEY: '',
    SECRETS_KEY_PREVIOUS: '',
    CAPTCHA_ENABLED: 'false',
    REDIS_URL: '',
    DATABASE_URL: '',
  });
  return { ...base, logLevel: 'silent', ...overrides };
}

/**
 * Seeds the run's PGlite template now (in PC_TEMPLATE_DIR) rather than on the first server's
 * start: mutation testing makes it from the unmutated code before any mutant runs.
 */
export async function preparePgliteTemplate(overrides: Partial<Config> = {}): Promise<void> {
  await pgliteTemplate(testConfig(overrides));
}

/** The files of the run's seeded PGlite template (an archive PGlite loads), for a server started another way (a child process). */
export function seededPgliteFiles(overrides: Partial<Config> = {}): Promise<Blob> {
  return pgliteTemplate(testConfig(overrides));
}

/** A PostgreSQL database of its own, a copy of the run's seeded template; answers its URL and how to drop it. */
export async function createSeededTestDatabase(overrides: Partial<Config> = {}): Promise<{ url: string; drop(): Promise<void> }> {
  return createTestDatabase(await postgresTemplate(testConfig(overrides)));
}

/**
 * The seeded database alone, without a server, for tests of functions that query it (the
 * access decisions, the list filters): a copy of the run's template, like a server gets.
 */
export async function openSeededDatabase(): Promise<Database> {
  const config = testConfig({});
  if (usingPostgres()) {
    const created = await createTestDatabase(await postgresTemplate(config));
    const database = await openDatabase({ url: created.url, timeZone: config.timeZone, poolSize: 2 });
    return {
      ...database,
      async close() {
        await database.close();
        await created.drop();
      },
    };
  }
  return openDatabase({ timeZone: config.timeZone, loadDataDir: await pgliteTemplate(config) });
}

export async function startServer(overrides: Partial<Config> = {}, shared: StartOptions = {}): Promise<TestServer> {
  const config = testConfig(overrides);
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl = shared.databaseUrl;
  let loadDataDir: Blob | undefined = shared.loadDataDir;
  if (loadDataDir) {
    // A restart: the files given are the database.
  } else if (!databaseUrl && usingPostgres()) {
    const created = await createTestDatabase(await postgresTemplate(config));
    databaseUrl = created.url;
    dropDatabase = created.drop;
  } else if (!databaseUrl) {
    loadDataDir = await pgliteTemplate(config);
  }
  const database = await openDatabase({ url: databaseUrl, timeZone: config.timeZone, poolSize: 5, loadDataDir });
  let checker: AnswerChecker | undefined;
  const built = await buildApp(
    { ...config, databaseUrl },
    {
      database,
      logger: false,
      checkAnswer: (app, request, reply, payload) => (checker ??= new AnswerChecker(app)).check(request, reply, payload),
    },
  );
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
      if (checker?.problems.length) {
        throw new Error(`Answers that do not match the OpenAPI document:\n${[...new Set(checker.problems)].join('\n')}`);
      }
    },
  };
}
