import { sql } from 'kysely';
import type { Db } from '../platform/db/database';
import { BUSINESS_DICTS, type DictSeed } from './data/dictionaries';

/**
 * Inserts the dictionaries of `dicts` whose code the table has never held (for the tenant): every one in a new
 * database or tenant, and in one seeded before a module existed, that module's, so its pickers are not empty. A
 * dictionary once there belongs to the administrators (edited, sealed or removed): it is never touched again.
 */
export async function seedDicts(
  db: Db,
  table: 'blade_dict' | 'blade_dict_biz',
  dicts: ReadonlyArray<DictSeed>,
  tenantId?: string,
): Promise<void> {
  const tenant = tenantId ? sql`, tenant_id` : sql``;
  const tenantValue = tenantId ? sql`, ${tenantId}` : sql``;
  const held = await sql<{ code: string }>`select code from ${sql.table(table)}
    where parent_id = 0 ${tenantId ? sql`and tenant_id = ${tenantId}` : sql``}`.execute(db);
  const heldCodes = new Set(held.rows.map((r) => r.code));
  for (const [index, dict] of dicts.entries()) {
    if (heldCodes.has(dict.code)) continue;
    const parent = await sql<{
      id: string;
    }>`insert into ${sql.table(table)} (parent_id, code, dict_key, dict_value, sort, is_sealed${tenant})
      values (0, ${dict.code}, '-1', ${dict.name}, ${index + 1}, 0${tenantValue}) returning id`.execute(db);
    const rows = dict.items.map(
      (item, i) =>
        sql`(${parent.rows[0]!.id}, ${dict.code}, ${item.key}, ${item.value}, ${i + 1}, ${item.remark ?? null}, 0${tenantValue})`,
    );
    if (rows.length) {
      await sql`insert into ${sql.table(table)} (parent_id, code, dict_key, dict_value, sort, remark, is_sealed${tenant}) values ${sql.join(rows)}`.execute(
        db,
      );
    }
  }
}

export async function seedBusinessDicts(db: Db, tenantId: string): Promise<void> {
  await seedDicts(db, 'blade_dict_biz', BUSINESS_DICTS, tenantId);
}
