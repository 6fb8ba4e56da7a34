/**
 * Test servers: the real app on a fresh database, listening on a real port.
 * With DB_KIND=postgres each server gets its own database on the server named
 * by DATABASE_URL, dropped afterwards; otherwise an in-memory PGlite.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp, type BuiltApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase } from '../src/platform/db/database';

export const CLIENT_BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

export interface TestServer {
  url: string;
  built: BuiltApp;
  close(): Promise<void>;
}

export function usingPostgres(): boolean {
  return process.env.DB_KIND === 'postgres' && !!process.env.DATABASE_URL;
}

/** A database of its own for one test server; answers its URL and how to drop it. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new URL(process.env.DATABASE_URL!);
  const name = `pc_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin.toString());
  url.pathname = `/${name}`;
  return {
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
  if (!databaseUrl && usingPostgres()) {
    const created = await createTestDatabase();
    databaseUrl = created.url;
    dropDatabase = created.drop;
  }
  const database = await openDatabase({ url: databaseUrl, timeZone: config.timeZone, poolSize: 5 });
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
