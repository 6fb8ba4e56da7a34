import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';

/** A platform parameter's value (blade_param), or the fallback when it is unset. */
export async function paramValue(db: Db, key: string, fallback: string): Promise<string> {
  const rows = await sql<{ param_value: string }>`select param_value from blade_param
    where param_key = ${key} and is_deleted = 0 limit 1`.execute(db);
  return rows.rows[0]?.param_value ?? fallback;
}
