import type { EntityDef, ErrorKey } from '@property/domain';
import { sql } from 'kysely';
import type { CrudContext, Row } from '../../platform/crud/engine';
import { badRequest } from '../../platform/http/errors';

/**
 * A live row the caller may see, by id, or a 400 with `missing`: the same row
 * scope as the entity's own list (tenant, the staff member's gardens, data
 * scope), so a save cannot point at a lot, owner or car of a garden the caller
 * does not work in. Used for rows other modules own, read through their
 * definitions so this module does not depend on their code.
 */
export async function liveRow(
  ctx: CrudContext,
  entity: EntityDef,
  id: unknown,
  missing: ErrorKey,
  options: { lock?: boolean } = {},
): Promise<Row> {
  if (id === undefined || id === null || id === '' || !/^\d+$/.test(String(id))) throw badRequest(missing);
  const lock = options.lock ? sql` for update` : sql``;
  const scope = sql.join([sql`is_deleted = 0`, ...ctx.rowScope(entity)], sql` and `);
  const rows = await sql<Row>`select * from ${sql.table(entity.table)}
    where id = ${String(id)} and ${scope}${lock}`.execute(ctx.db);
  if (!rows.rows[0]) throw badRequest(missing);
  return rows.rows[0];
}

/** The value a save ends with: the body's when it sets the column, otherwise the stored one. */
export const pickOf = (values: Row, existing: Row | undefined) => (column: string) =>
  column in values ? values[column] : existing?.[column];

export const isSet = (value: unknown) => value !== undefined && value !== null && value !== '';

/** In the database's own date arithmetic: true when `later` is before `earlier`. */
export async function endsBeforeStart(ctx: CrudContext, earlier: unknown, later: unknown): Promise<boolean> {
  if (!isSet(earlier) || !isSet(later)) return false;
  const rows = await sql<{ bad: boolean }>`select ${later}::date < ${earlier}::date as bad`.execute(ctx.db);
  return rows.rows[0]?.bad === true;
}
