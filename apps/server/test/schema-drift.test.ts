import { readFileSync } from 'node:fs';
import { ENTITIES, allFields, columnOf } from '@property/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../src/platform/db/migrate';
import { diffSchema, schemaOf } from '../src/platform/db/schema-ddl';
import { startServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ seedDemo: false });
});
afterAll(async () => server?.close());

describe('tables and definitions', () => {
  it('the committed migrations cover every definition (run npm run db:generate -w apps/server when this fails)', () => {
    const snapshot = JSON.parse(readFileSync(`${MIGRATIONS_DIR}/schema.json`, 'utf8'));
    expect(diffSchema(snapshot, schemaOf(ENTITIES))).toEqual([]);
  });

  it('the migrated database has exactly the columns the definitions declare', async () => {
    const rows = await sql<{ table_name: string; column_name: string }>`select table_name, column_name
      from information_schema.columns where table_schema = current_schema()`.execute(server.built.services.db);
    const actual = new Map<string, Set<string>>();
    for (const r of rows.rows)
      (actual.get(r.table_name) ?? actual.set(r.table_name, new Set()).get(r.table_name)!).add(r.column_name);
    for (const entity of ENTITIES) {
      const declared = Object.entries(allFields(entity))
        .map(([key, field]) => columnOf(key, field))
        .sort();
      expect([...(actual.get(entity.table) ?? [])].sort(), entity.table).toEqual(declared);
    }
  });
});
