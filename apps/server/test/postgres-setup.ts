import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { testDatabasePrefix } from './harness';

/**
 * The postgres project's run: names its test databases after a run id, and at the end drops the
 * ones still there (the seeded templates every test database is copied from, and any a failed test left).
 */
export default function postgresRun(): () => Promise<void> {
  process.env.PC_TEST_RUN = randomBytes(4).toString('hex');
  const prefix = testDatabasePrefix();
  return () => dropRunDatabases(prefix);
}

/** Drops the databases named with this run's prefix (mutation testing's run.mjs calls it too). */
export async function dropRunDatabases(prefix = testDatabasePrefix()): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const left = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${prefix}%`]);
  for (const { datname } of left.rows) await client.query(`drop database if exists ${datname} with (force)`);
  await client.end();
}
