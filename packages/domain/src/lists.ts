import { allFields, columnOf, type EntityDef } from './define';

/**
 * Lists cost the same at any size (DESIGN.md decision 9). The server and the
 * console share these limits; docs/api-conventions.md ("Pages") describes them
 * and docs/benchmarks.md the measurements they come from.
 */

/**
 * Totals are counted exactly up to this many rows. Beyond it the count stops
 * and the answer carries the planner's estimate instead (`totalExact: false`):
 * counting 10,001 rows costs about 2 ms, counting a million about 110 ms.
 */
export const EXACT_TOTAL_LIMIT = 10_000;

/**
 * Pages are reached by OFFSET while they start within this many rows. A page
 * starting deeper continues from the last row of the page before it (keyset),
 * which the server remembers for a while after answering that page; a jump
 * deeper than this without having read the page before is refused.
 */
export const PAGE_DEPTH_LIMIT = 10_000;

/** One column of a list's order. */
export interface SortKey {
  column: string;
  direction: 'asc' | 'desc';
}

/**
 * The order of an entity's list when the client asks none: its declared sort
 * (ascending fields first, then descending), else the newest first. Lists
 * always end the order with `id desc`, so every row has one place; that key
 * is not part of this answer.
 */
export function defaultSortOf(def: EntityDef): SortKey[] {
  const fields = allFields(def);
  const keys: SortKey[] = [
    ...(def.sort?.ascs ?? []).map((name) => ({ column: columnOf(name, fields[name]!), direction: 'asc' as const })),
    ...(def.sort?.descs ?? []).map((name) => ({ column: columnOf(name, fields[name]!), direction: 'desc' as const })),
  ];
  return keys.length > 0 ? keys : [{ column: 'create_time', direction: 'desc' }];
}
