import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Db } from './database';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../migrations', import.meta.url));

/** An arbitrary constant: the advisory lock every starting instance queues on. */
const MIGRATION_LOCK = 727_001;

/**
 * Applies the numbered SQL files of migrations/ that this database has not
 * seen, in order, each in its own transaction. Instances starting together
 * queue on an advisory lock, so each file runs exactly once.
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f))
    .sort();
  await db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(tx);
    await sql`create table if not exists schema_migrations (
      version text primary key, applied_at timestamp(0) default localtimestamp(0))`.execute(tx);
  });
  const applied: string[] = [];
  for (const file of files) {
    const ran = await db.transaction().execute(async (tx) => {
      await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(tx);
      const seen = await sql`select 1 from schema_migrations where version = ${file}`.execute(tx);
      if (seen.rows.length > 0) return false;
      for (const statement of splitStatements(readFileSync(`${dir}/${file}`, 'utf8'))) {
        await sql.raw(statement).execute(tx);
      }
      await sql`insert into schema_migrations (version) values (${file})`.execute(tx);
      return true;
    });
    if (ran) applied.push(file);
  }
  return applied;
}

/** Our migration files separate statements with a line holding only `--;`. */
export function splitStatements(text: string): string[] {
  return text
    .split(/^--;\s*$/m)
    .map((s) => s.trim())
    .filter((s) => s.length > 0 && !/^(--[^\n]*\n?)*$/.test(s));
}
