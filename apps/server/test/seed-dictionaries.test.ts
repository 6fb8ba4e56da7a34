import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../src/seed/seed';
import { DEMO_TENANT } from '../src/seed/seed';
import { startServer, type TestServer } from './harness';

/**
 * A database seeded before a module existed gets that module's dictionaries at the next start (seed runs at every
 * start), for the platform and every tenant, while the dictionaries already there stay as the administrators left
 * them: edited, or removed.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());
const db = () => server.built.services.db;

const items = async (table: 'blade_dict' | 'blade_dict_biz', code: string, tenantId?: string) =>
  (
    await sql<{ dict_value: string }>`select dict_value from ${sql.table(table)} where code = ${code} and parent_id <> 0
      and is_deleted = 0 ${tenantId ? sql`and tenant_id = ${tenantId}` : sql``} order by sort`.execute(db())
  ).rows.map((r) => r.dict_value);

describe('dictionaries at a start', () => {
  it('adds a system and a business dictionary the database never held, and nothing twice', async () => {
    const healthCodes = await items('blade_dict', 'health_code');
    const duties = await items('blade_dict_biz', 'epidemic_duty', DEMO_TENANT);
    expect(healthCodes).toEqual(['绿码', '黄码', '红码']);
    expect(duties.length).toBeGreaterThan(0);
    // As a database from before the epidemic module: neither dictionary there at all.
    await sql`delete from blade_dict where code = 'health_code'`.execute(db());
    await sql`delete from blade_dict_biz where code = 'epidemic_duty' and tenant_id = ${DEMO_TENANT}`.execute(db());
    await seed(server.built.services);
    expect(await items('blade_dict', 'health_code')).toEqual(healthCodes);
    expect(await items('blade_dict_biz', 'epidemic_duty', DEMO_TENANT)).toEqual(duties);
    // A second start adds nothing.
    await seed(server.built.services);
    expect(await items('blade_dict', 'health_code')).toEqual(healthCodes);
    const parents = await sql<{
      n: number;
    }>`select count(*)::int as n from blade_dict where code = 'health_code' and parent_id = 0`.execute(db());
    expect(parents.rows[0]!.n).toBe(1);
  });

  it('leaves a dictionary the administrators edited or removed as they left it', async () => {
    await sql`update blade_dict set dict_value = '绿色' where code = 'health_code' and dict_key = '1'`.execute(db());
    await sql`update blade_dict_biz set is_deleted = 1 where code = 'house_orientation' and tenant_id = ${DEMO_TENANT}`.execute(
      db(),
    );
    await seed(server.built.services);
    expect(await items('blade_dict', 'health_code')).toEqual(['绿色', '黄码', '红码']);
    expect(await items('blade_dict_biz', 'house_orientation', DEMO_TENANT)).toEqual([]);
  });
});
