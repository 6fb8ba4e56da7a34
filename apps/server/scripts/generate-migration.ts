/**
 * Writes the next migration from the change in the entity definitions:
 *   npm run db:generate -w apps/server -- <name>
 * migrations/schema.json keeps the shape the existing migrations produce.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { ENTITIES } from '@property/domain';
import { MIGRATIONS_DIR } from '../src/platform/db/migrate';
import { diffSchema, schemaOf, type SchemaShape } from '../src/platform/db/schema-ddl';

const snapshotFile = `${MIGRATIONS_DIR}/schema.json`;
const before: SchemaShape = existsSync(snapshotFile) ? JSON.parse(readFileSync(snapshotFile, 'utf8')) : {};
const after = schemaOf(ENTITIES);
const statements = diffSchema(before, after);
if (statements.length === 0) {
  console.log('The definitions match the migrations: nothing to generate.');
} else {
  const name = (process.argv[2] ?? 'change').replace(/[^a-z0-9_]+/gi, '_');
  const next = readdirSync(MIGRATIONS_DIR).filter((f) => /^\d{4}_/.test(f)).length + 1;
  const file = `${MIGRATIONS_DIR}/${String(next).padStart(4, '0')}_${name}.sql`;
  writeFileSync(file, `-- Generated from the entity definitions.\n${statements.join(';\n--;\n')};\n`);
  writeFileSync(snapshotFile, `${JSON.stringify(after, null, 2)}\n`);
  console.log(`Wrote ${file} (${statements.length} statements).`);
}
