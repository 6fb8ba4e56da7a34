import { ENTITIES, columnOf, gardenEntity, routesOf, type EntityDef } from '@property/domain';
import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrudService, type CrudContext } from '../src/platform/crud/engine';
import { countSql, searchPageSql, offsetPageSql } from '../src/platform/crud/paging';
import type { Db } from '../src/platform/db/database';
import { gardenColumnOf } from '../src/platform/security/access';
import { administratorOf, startServer, type TestServer } from './harness';

/**
 * Every main list walks an index (DESIGN.md decision 9): for each entity with
 * a list call, the statements the engine runs for its first page — in the
 * default order, whole and by the header's garden — and for a text search on
 * each field the screen searches with LIKE, explained on the migrated
 * database. Tables this small make a sequential scan and a sort the
 * planner's cheapest choice, so each explanation runs in a transaction that
 * first adds 5,000 rows to the table (spread over 50 gardens) and analyses
 * it, and with sequential scans and sorts switched off: what is left shows
 * whether an index serves the list. Everything is rolled back. A definition
 * whose list no index serves fails here, not at a million rows.
 */
let server: TestServer;
let db: Db;

const tenantAdmin = administratorOf('100001');

beforeAll(async () => {
  server = await startServer({ seedDemo: true });
  db = server.built.services.db;
});
afterAll(async () => server?.close());

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

const GROWN_ROWS = 5000;
const GARDENS = 50;

/** Distinct values of a column's kind for row g (a unique rule over a date, such as a patrol task's day, needs dates). */
const distinctOf = (kind: string) => (kind === 'text' ? sql`'u' || g` : kind === 'date' ? sql`date '2000-01-01' + g` : sql`g`);

/**
 * Adds rows to the entity's table for the planner to weigh: the caller's
 * tenant, 50 gardens, distinct values where a unique rule needs them, and
 * `fill` for the columns a check looks at.
 */
async function grow(tx: Db, entity: EntityDef, fill: Record<string, RawBuilder<unknown>> = {}): Promise<void> {
  const values: Record<string, RawBuilder<unknown>> = { is_deleted: sql`0` };
  if (entity.owner === 'tenant') values.tenant_id = sql`${tenantAdmin.tenantId}`;
  for (const rule of entity.unique ?? []) {
    for (const key of rule.fields) values[columnOf(key, entity.fields[key]!)] = distinctOf(entity.fields[key]!.kind);
  }
  const garden = gardenColumnOf(entity);
  if (garden && garden !== 'id') values[garden] = sql`1 + g % ${GARDENS}`;
  Object.assign(values, fill);
  const columns = Object.keys(values);
  await sql`insert into ${sql.table(entity.table)} (${sql.join(columns.map((c) => sql.ref(c)))})
    select ${sql.join(columns.map((c) => values[c]!))} from generate_series(1, ${GROWN_ROWS}) g`.execute(tx);
  // New rows wait in a GIN index's pending list until a vacuum, which cannot run in a transaction; the planner
  // prices that list as read on every search. Merged here, as autovacuum would have merged them.
  await sql`select gin_clean_pending_list(i.indexrelid) from pg_index i join pg_class c on c.oid = i.indexrelid
    join pg_am a on a.oid = c.relam where i.indrelid = ${entity.table}::regclass and a.amname = 'gin'`.execute(tx);
  await sql`analyze ${sql.table(entity.table)}`.execute(tx);
}

/** What one explanation looks at: a statement, and the planner's ways around an index switched off for it. */
interface Check {
  statement: RawBuilder<unknown>;
  off: string[];
}

const SETTINGS = ['enable_seqscan', 'enable_sort', 'enable_incremental_sort'];

/** The nodes of each statement's plan ("Index Scan on x" …), all explained on one grown table. */
async function plansOf(entity: EntityDef, checks: Check[], fill?: Record<string, RawBuilder<unknown>>): Promise<string[][]> {
  const plans: string[][] = [];
  await db
    .transaction()
    .execute(async (tx) => {
      await grow(tx, entity, fill);
      for (const { statement, off } of checks) {
        for (const setting of SETTINGS)
          await sql.raw(`set local ${setting} = ${off.includes(setting) ? 'off' : 'on'}`).execute(tx);
        const compiled = statement.compile(db);
        const explained = await sql<
          Record<string, unknown>
        >`explain (format json) ${sql.raw(inline(compiled.sql, compiled.parameters))}`.execute(tx);
        const value = Object.values(explained.rows[0]!)[0];
        const plan = (typeof value === 'string' ? JSON.parse(value) : value) as Array<{ Plan: PlanNode }>;
        const nodes: PlanNode[] = [];
        const walk = (node: PlanNode) => {
          nodes.push(node);
          node.Plans?.forEach(walk);
        };
        walk(plan[0]!.Plan);
        plans.push(nodes.map((n) => `${n['Node Type']}${n['Index Name'] ? ` on ${n['Index Name']}` : ''}`));
      }
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return plans;
}

/** Thrown to end an explanation's transaction: nothing it added stays. */
class RolledBack extends Error {}

/** The statement with its values written in (EXPLAIN takes no parameters); values are ids, numbers and plain text. */
function inline(text: string, parameters: ReadonlyArray<unknown>): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = parameters[Number(n) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  });
}

/** The tenant administrator's view: every row of the tenant (platform tables: every row). */
function adminContext(): CrudContext {
  return {
    db,
    auth: tenantAdmin,
    rowScope: (e) => (e.owner === 'tenant' ? [sql`tenant_id = ${tenantAdmin.tenantId}`] : []),
  };
}

const listed = ENTITIES.filter((e) => routesOf(e).some((r) => r === 'list' || r === 'page'));
const gardenBound = listed.filter((e) => gardenColumnOf(e) && e !== gardenEntity);
const textSearches = ENTITIES.flatMap((e) =>
  Object.entries(e.fields)
    .filter(([, f]) => f.search === 'like' && f.kind === 'text')
    .map(([key, f]) => [e.name, key, e, columnOf(key, f)] as const),
);

describe('main lists walk an index in their order', () => {
  it('covers gardens, houses, owners, users and the logs', () => {
    const names = listed.map((e) => e.name);
    for (const name of ['garden', 'house', 'owner', 'user', 'logApi', 'logUsual', 'logError']) expect(names).toContain(name);
  });

  it.each(listed.map((e) => [e.name, e] as const))('%s: first page and its count', async (_, entity) => {
    const request = new CrudService(entity).listRequest(adminContext(), {});
    const [page, count] = await plansOf(entity, [
      { statement: offsetPageSql(request, 0), off: SETTINGS },
      { statement: countSql(request), off: ['enable_seqscan'] },
    ]);
    expect(page!.join(' > ')).not.toMatch(/Seq Scan|Sort/);
    expect(page!.join(' > ')).toMatch(/Index (Only )?Scan/);
    expect(count!.join(' > ')).not.toMatch(/Seq Scan/);
  });

  it.each(gardenBound.map((e) => [e.name, e] as const))('%s: first page of one garden', async (_, entity) => {
    const request = new CrudService(entity).listRequest(adminContext(), { gardenId_equal: '1' });
    const [page] = await plansOf(entity, [{ statement: offsetPageSql(request, 0), off: SETTINGS }]);
    expect(page!.join(' > ')).not.toMatch(/Seq Scan|Sort/);
    expect(
      page!.some((n) => n.includes('garden_list_idx')),
      page!.join(' > '),
    ).toBe(true);
  });
});

describe('text searches use trigram indexes', () => {
  it('covers names, phones and house names', () => {
    const keys = textSearches.map(([name, key]) => `${name}.${key}`);
    for (const key of ['garden.gardenName', 'house.houseName', 'owner.name', 'owner.phone', 'user.realName', 'logApi.requestUri'])
      expect(keys).toContain(key);
  });

  it.each(textSearches.map(([name, key, entity, column]) => [`${name}.${key}`, entity, column] as const))(
    '%s',
    async (_, entity, column) => {
      const request = new CrudService(entity).listRequest(adminContext(), { [`${entityKey(entity, column)}_like`]: '三号楼' });
      // The count, and the page of a search matching few rows (its matches read first, then sorted: see readPage).
      const plans = await plansOf(
        entity,
        [
          { statement: countSql(request), off: ['enable_seqscan'] },
          { statement: searchPageSql(request, 0), off: ['enable_seqscan'] },
        ],
        { [column]: sql`g || '号楼'` },
      );
      for (const plan of plans) expect(plan.join(' > ')).toContain(`Bitmap Index Scan on ${entity.table}_${column}_trgm`);
    },
  );
});

const entityKey = (entity: EntityDef, column: string) =>
  Object.entries(entity.fields).find(([key, f]) => columnOf(key, f) === column)![0];
