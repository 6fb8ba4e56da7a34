/**
 * A server in a process of its own, for batch-kill.test.ts to SIGKILL in the middle of a batch: built
 * from the environment (DATA_DIR, from the run's seeded files in KILL_TEST_DATA_TAR, or DATABASE_URL),
 * listening on a free port ("listening <port>" on stdout). Once an insert into the table named by
 * KILL_TEST_HOLD_AFTER has run, the call that made it stops there ("mid-batch <table>"), inside its
 * transaction, so the test kills the process at a known point rather than at a guessed moment.
 */
import { readFileSync } from 'node:fs';
import type { KyselyPlugin, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/platform/db/database';

const config = { ...loadConfig(process.env), logLevel: 'silent' };
const tar = process.env.KILL_TEST_DATA_TAR;
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : config.dataDir,
  timeZone: config.timeZone,
  loadDataDir: tar ? new Blob([readFileSync(tar)]) : undefined,
});

const table = process.env.KILL_TEST_HOLD_AFTER ?? '';
/** The text of a raw statement, or the table of a built insert. */
function insertsInto(node: RootOperationNode): boolean {
  if (node.kind === 'RawNode') return new RegExp(`^\\s*insert into ${table}\\b`, 'i').test(node.sqlFragments.join('?'));
  if (node.kind === 'InsertQueryNode') return node.into?.table.identifier.name === table;
  return false;
}
const holding = new Set<unknown>();
const hold: KyselyPlugin = {
  transformQuery({ node, queryId }) {
    if (table && insertsInto(node)) holding.add(queryId);
    return node;
  },
  async transformResult({ result, queryId }): Promise<QueryResult<UnknownRow>> {
    if (!holding.has(queryId)) return result;
    console.log(`mid-batch ${table}`);
    return new Promise(() => undefined); // never: the process is killed here
  },
};

const built = await buildApp(config, { logger: false, database: { ...database, db: database.db.withPlugin(hold) } });
await built.app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening ${(built.app.server.address() as { port: number }).port}`);
