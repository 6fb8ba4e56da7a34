import { ENTITIES, columnOf, gardenEntity, routesOf, type EntityDef } from '@property/domain';
import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrudService, type CrudContext } from '../src/platform/crud/engine';
import { countSql, searchPageSql, offsetPageSql } from '../src/platform/crud/paging';
import type { Db } from '../src/platform/db/database';
import { gardenColumnOf } from '../src/platform/security/access';
import { administratorOf, startServer, type TestServer } from './harness';
import { explainOnGrown, SETTINGS, type Check } from './plans';

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

const plansOf = (entity: EntityDef, checks: Check[], fill?: Record<string, RawBuilder<unknown>>) =>
  explainOnGrown(db, tenantAdmin.tenantId, entity, checks, fill);

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
