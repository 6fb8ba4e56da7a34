import type { SortKey } from '@property/domain';
import { sql, type RawBuilder } from 'kysely';

/**
 * Keyset paging: the rows after a given row in a list's order, found by the
 * order's index rather than by counting past every row before them.
 *
 * The order (c1, c2, …, id) is lexicographic, so the rows after the boundary
 * (b1, b2, …, bid) fall into segments, each an equality prefix and one range:
 * those with c1 = b1, c2 = b2 and id after bid come first, then those with
 * c1 = b1 and c2 after b2, and last those with c1 after b1. Every segment is
 * a single range of an index on the order's columns, read in order from its
 * start; stacked, they are the rows after the boundary in order.
 *
 * NULLs sort as PostgreSQL sorts them without NULLS FIRST/LAST: last when
 * ascending, first when descending. So "after b" in an ascending column is
 * `> b` and then the NULLs; in a descending one `< b`, or every non-NULL
 * value when b itself is NULL.
 */

const sameAs = (column: RawBuilder<unknown>, value: unknown) =>
  value === null ? sql`${column} is null` : sql`${column} = ${value}`;

/** The conditions, in order, of the values after `value` in one column. */
function after(key: SortKey, value: unknown): RawBuilder<unknown>[] {
  const column = sql.ref(key.column);
  if (key.direction === 'asc') return value === null ? [] : [sql`${column} > ${value}`, sql`${column} is null`];
  return value === null ? [sql`${column} is not null`] : [sql`${column} < ${value}`];
}

/**
 * The segments of the rows after `boundary` (the values of `order`'s columns
 * in the last row already shown), first segment first.
 */
export function keysetSegments(order: ReadonlyArray<SortKey>, boundary: ReadonlyArray<unknown>): RawBuilder<unknown>[] {
  const segments: RawBuilder<unknown>[] = [];
  for (let depth = order.length - 1; depth >= 0; depth--) {
    const prefix = order.slice(0, depth).map((key, i) => sameAs(sql.ref(key.column), boundary[i]));
    for (const range of after(order[depth]!, boundary[depth])) segments.push(sql.join([...prefix, range], sql` and `));
  }
  return segments;
}

export const orderSql = (order: ReadonlyArray<SortKey>) =>
  sql.join(order.map((key) => sql`${sql.ref(key.column)} ${sql.raw(key.direction)}`));

/**
 * One page of the rows after `boundary`: each segment's first `size` rows by
 * the index, then the first `size` of them in segment order.
 */
export function keysetPageSql(
  from: RawBuilder<unknown>,
  where: RawBuilder<unknown>,
  order: ReadonlyArray<SortKey>,
  boundary: ReadonlyArray<unknown>,
  size: number,
): RawBuilder<Record<string, unknown>> {
  const parts = keysetSegments(order, boundary).map(
    (segment, i) =>
      sql`(select *, ${sql.lit(i)} as keyset_segment from ${from} where ${where} and ${segment}
        order by ${orderSql(order)} limit ${size})`,
  );
  return sql<Record<string, unknown>>`select * from (${sql.join(parts, sql` union all `)}) as page
    order by keyset_segment, ${orderSql(order)} limit ${size}`;
}
