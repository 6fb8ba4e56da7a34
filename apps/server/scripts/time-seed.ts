/**
 * Times the first start's seeding on a new embedded database (in memory):
 *   npx tsx apps/server/scripts/time-seed.ts
 * Prints the milliseconds of migrating and of seeding (platform and demo tenant).
 */
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/platform/db/database';
import { migrate } from '../src/platform/db/migrate';
import type { Services } from '../src/platform/services';
import { seed } from '../src/seed/seed';

const config = { ...loadConfig({ ...process.env, DATABASE_URL: '' }), seedDemo: true };
const database = await openDatabase({ timeZone: config.timeZone });
let at = performance.now();
await migrate(database.db);
const migrated = performance.now() - at;
at = performance.now();
await seed({ db: database.db, database, config } as unknown as Services);
const seeded = performance.now() - at;
console.log(`migrate ${migrated.toFixed(0)} ms, seed ${seeded.toFixed(0)} ms`);
if (process.env.SEED_COUNTS) {
  const { sql } = await import('kysely');
  const r = await sql`select item_name, count(*)::int n from property_payment_bill group by 1 order by 1`.execute(database.db);
  console.log(r.rows);
  for (const t of ['property_payment_order', 'property_bill_log', 'property_payment_bill_child', 'property_meter_reading'])
    console.log(t, (await sql`select count(*)::int n from ${sql.table(t)}`.execute(database.db)).rows[0]);
}
await database.close();
