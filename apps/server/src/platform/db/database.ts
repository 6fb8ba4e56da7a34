import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect';

/** The whole server speaks to PostgreSQL through this one handle. */
export type Db = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The embedded database's files as one archive (PGlite only), to start another copy from. */
  dumpDataDir?(): Promise<Blob>;
  /**
   * Raw SQL for the job queue (pg-boss's database adapter): text with $1.. values, or several
   * statements without values, answering the rows of every statement. On PGlite it waits for the one
   * connection like every Kysely query, so it never lands inside another caller's transaction.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** The rows of every statement of a multi-statement answer, as pg-boss reads them. */
function rowsOfAll(result: { rows?: unknown[] } | Array<{ rows?: unknown[] }>): { rows: unknown[] } {
  return Array.isArray(result) ? { rows: result.flatMap((r) => r.rows ?? []) } : { rows: result.rows ?? [] };
}

export interface DatabaseOptions {
  /** A PostgreSQL server; when absent, the embedded PGlite. */
  url?: string;
  /** PGlite data folder; absent means in memory (tests). */
  dataDir?: string;
  timeZone: string;
  poolSize?: number;
  /** PGlite: start from these files (an archive from dumpDataDir) instead of an empty database. */
  loadDataDir?: Blob;
}

/**
 * Values keep their wire text where JavaScript numbers would lie: 64-bit ids
 * and counts (int8), money (numeric) and local date-times, which already read
 * 'yyyy-MM-dd HH:mm:ss' because columns are timestamp(0) in the server's zone.
 */
const TEXT_TYPES = [20, 1700, 1114, 1082, 1184];

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options);
  return openPGlite(options);
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 20,
    options: `-c TimeZone=${options.timeZone}`,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        TEXT_TYPES.includes(oid)
          ? (value: string) => value
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection the server drops (restart, failover, admin command) must not crash the process:
  // the pool discards it and opens a new one on next use.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  // A connection in use has no listener of the pool's: when the server ends it mid-query (restart,
  // pg_terminate_backend), node-postgres fails the query, which reaches its caller (a 503), and also
  // emits 'error' on the client, which unheard would end the process. The pool drops the client on release.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) }); // eslint-disable-line @typescript-eslint/no-explicit-any
  return {
    db,
    kind: 'postgres',
    close: () => db.destroy(),
    executeSql: async (text, values) =>
      rowsOfAll((await pool.query(text, values)) as unknown as { rows?: unknown[] } | Array<{ rows?: unknown[] }>),
  };
}

async function openPGlite(options: DatabaseOptions): Promise<Database> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const asText = (value: string) => value;
  const parsers = Object.fromEntries(TEXT_TYPES.map((oid) => [oid, asText]));
  // pg_trgm (trigram indexes for text search) ships as a PGlite extension bundle: it must be handed over here
  // before the migrations can create it.
  const pglite = await PGlite.create(options.dataDir, { parsers, loadDataDir: options.loadDataDir, extensions: { pg_trgm } });
  await pglite.exec(`set TimeZone = '${options.timeZone.replace(/'/g, '')}'`);
  const db = new Kysely<any>({ dialect: new PGliteDialect(pglite) }); // eslint-disable-line @typescript-eslint/no-explicit-any
  const executeSql = (text: string, values?: unknown[]) =>
    // db.connection() holds PGlite's single connection (the dialect's queue) for the callback.
    db.connection().execute(async () => {
      try {
        // query() runs one statement with parameters; exec() runs several without (pg-boss's migrations and locked blocks).
        if (values?.length) return rowsOfAll(await pglite.query(text, values));
        return rowsOfAll(await pglite.exec(text));
      } catch (error) {
        // A failed statement inside a BEGIN…COMMIT block would leave the one connection in an aborted transaction.
        if (pglite.isInTransaction?.()) await pglite.query('rollback').catch(() => undefined);
        throw error;
      }
    });
  return { db, kind: 'pglite', close: () => db.destroy(), dumpDataDir: () => dumpFiles(pglite, !options.dataDir), executeSql };
}

/** Where PGlite keeps its write-ahead log in its own file system. */
const PGLITE_WAL = '/pglite/data/pg_wal';

/**
 * The database's files as one archive. In memory, without the write-ahead log segments Postgres
 * keeps ready for later writes (recycled ones, named after the segment being written): after a
 * checkpoint every change before it is in the data files, so the segment being written is the last
 * one a restart reads, and the others are half the archive (a seeded template: 160 MB, 95 MB
 * without them) - every test server and mutant's run loads it, about twice as fast without them.
 */
async function dumpFiles(pglite: PGlite, inMemory: boolean): Promise<Blob> {
  if (inMemory) {
    await pglite.exec('checkpoint');
    const current = await pglite.query<{ w: string }>('select pg_walfile_name(pg_current_wal_insert_lsn()) as w');
    const segment = current.rows[0]!.w;
    // PGlite's Emscripten file system; not in its typings.
    const fs = (pglite as unknown as { Module: { FS: { readdir(p: string): string[]; unlink(p: string): void } } }).Module.FS;
    for (const name of fs.readdir(PGLITE_WAL))
      if (/^[0-9A-F]{24}$/.test(name) && name > segment) fs.unlink(`${PGLITE_WAL}/${name}`);
  }
  return pglite.dumpDataDir('none');
}
