/**
 * How the tests see which indexes a statement walks (DESIGN.md decision 9): the statement explained on its table
 * grown by 5,000 rows of the tenant (spread over 50 gardens), analysed, with the planner's ways around an index
 * switched off as asked; everything rolled back after. Tables this small make a sequential scan and a sort the
 * planner's cheapest choice: what is left with them off shows whether an index serves the statement. Shared by
 * list-indexes (every main list) and the dashboard's figures.
 */
import { columnOf, type EntityDef } from '@property/domain';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../src/platform/db/database';
import { gardenColumnOf } from '../src/platform/security/access';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

export const GROWN_ROWS = 5000;
export const GARDENS = 50;

/** Distinct values of a column's kind for row g (a unique rule over a date, such as a patrol task's day, needs dates). */
const distinctOf = (kind: string) => (kind === 'text' ? sql`'u' || g` : kind === 'date' ? sql`date '2000-01-01' + g` : sql`g`);

/**
 * Adds rows to the entity's table for the planner to weigh: the tenant's, 50 gardens, distinct values where a
 * unique rule needs them, and `fill` for the columns a check looks at (each a SQL expression of the row number g).
 */
async function grow(tx: Db, tenantId: string, entity: EntityDef, fill: Record<string, RawBuilder<unknown>> = {}): Promise<void> {
  const values: Record<string, RawBuilder<unknown>> = { is_deleted: sql`0` };
  if (entity.owner === 'tenant') values.tenant_id = sql`${tenantId}`;
  for (const rule of entity.unique ?? []) {
    for (const key of rule.fields) values[columnOf(key, entity.fields[key]!)] = distinctOf(entity.fields[key]!.kind);
  }
  const garden = gardenColumnOf(entity);
  // Spread over 50 gardens, unless a unique rule names the garden (one epidemic configuration a garden): distinct.
  if (garden && garden !== 'id' && !(garden in values)) values[garden] = sql`1 + g % ${GARDENS}`;
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
export interface Check {
  statement: RawBuilder<unknown>;
  off: string[];
}

export const SETTINGS = ['enable_seqscan', 'enable_sort', 'enable_incremental_sort'];

/** The nodes of each statement's plan ("Index Scan on x" …), all explained on one grown table. */
export async function explainOnGrown(
  db: Db,
  tenantId: string,
  entity: EntityDef,
  checks: Check[],
  fill?: Record<string, RawBuilder<unknown>>,
): Promise<string[][]> {
  const plans: string[][] = [];
  await db
    .transaction()
    .execute(async (tx) => {
      await grow(tx, tenantId, entity, fill);
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
