import { createHash } from 'node:crypto';
import { EXACT_TOTAL_LIMIT, PAGE_DEPTH_LIMIT, type PageOf, type SortKey } from '@property/domain';
import { sql, type RawBuilder } from 'kysely';
import type { KeyValueStore } from '../cache/store';
import type { Db } from '../db/database';
import { badRequest } from '../http/errors';
import { keysetPageSql, orderSql } from './keyset';

/**
 * Paging that costs the same at any table size (DESIGN.md decision 9, measured
 * in docs/benchmarks.md):
 * - the total is counted up to EXACT_TOTAL_LIMIT rows and estimated beyond;
 * - a page starting within PAGE_DEPTH_LIMIT rows is read by OFFSET, a deeper
 *   one from the last row of the page before it (keyset.ts), which is kept in
 *   the shared store for a while after that page was answered.
 */

export type Row = Record<string, unknown>;

export interface Total {
  total: number;
  exact: boolean;
}

/** How long a list stays known to be over the limit, and how long a page's last row is kept for the next page. */
const LARGE_SECONDS = 30;
const BOUNDARY_SECONDS = 600;
const LARGE_ENTRIES = 1000;

/**
 * Lists known, on this instance, to match more than EXACT_TOTAL_LIMIT rows,
 * with their estimate: a list that large is answered without counting again
 * for LARGE_SECONDS (the total is an estimate anyway). A list under the limit
 * is always counted, so its total is exact and current.
 */
class LargeLists {
  private readonly entries = new Map<string, { estimate: number; expires: number }>();
  get(key: string): number | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires > Date.now()) return entry.estimate;
    this.entries.delete(key);
    return undefined;
  }
  set(key: string, estimate: number): void {
    if (this.entries.size >= LARGE_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { estimate, expires: Date.now() + LARGE_SECONDS * 1000 });
  }
}

/** One memory per database (test processes run several servers, each on its own database). */
const largeLists = new WeakMap<Db, LargeLists>();
const largeListsOf = (db: Db) => largeLists.get(db) ?? largeLists.set(db, new LargeLists()).get(db)!;

/** The rows a list reads: a table or a subquery, and the condition on it. */
export interface ListSource {
  from: RawBuilder<unknown>;
  where: RawBuilder<unknown>;
}

/** A key naming a list's rows: the statement's text and values (the in-process memory of large lists uses it as is). */
function keyOf(db: Db, source: ListSource): string {
  const compiled = sql`${source.from} where ${source.where}`.compile(db);
  return `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
}

/** Where the last row of a page is kept: the list, its order and page size, hashed short for the shared store. */
function boundaryKey(db: Db, request: PageRequest, page: number): string {
  const list = createHash('sha1')
    .update(JSON.stringify([keyOf(db, request), request.order, request.size]))
    .digest('base64url');
  return `page:${list}:${page}`;
}

/** The count of a list's rows, which stops at the first row beyond the limit. */
export const countSql = (source: ListSource) =>
  sql<{ n: number }>`select count(*)::int as n from
    (select 1 from ${source.from} where ${source.where} limit ${EXACT_TOTAL_LIMIT + 1}) as counted`;

/** A page of a list by OFFSET. */
export const offsetPageSql = (request: PageRequest, offset: number) =>
  sql<Row>`select * from ${request.from} where ${request.where}
    order by ${orderSql(request.order)} limit ${request.size} offset ${offset}`;

/** The column a search page answers its number of matches in, beside each row (or alone, when the page is empty). */
const MATCHES = 'matches_found';

/**
 * A text search's matches, up to one beyond the limit, read once by whatever index suits the condition
 * (the trigram index): their number, and the page of them in the list's order. Reading the matches
 * first, rather than walking the order's index and testing each row, costs what the search finds.
 */
export const searchPageSql = (request: PageRequest, offset: number) =>
  sql<Row>`with matching as materialized (
      select * from ${request.from} where ${request.where} limit ${EXACT_TOTAL_LIMIT + 1})
    select (select count(*)::int from matching) as ${sql.ref(MATCHES)}, page.* from (select 1) as one
    left join lateral (select * from matching order by ${orderSql(request.order)} limit ${request.size} offset ${offset}) as page
      on true`;

/**
 * The list's total: counted while at most EXACT_TOTAL_LIMIT rows match (the
 * count stops reading at the first row beyond), otherwise the planner's
 * estimate, never below the limit.
 */
export async function boundedTotal(db: Db, source: ListSource): Promise<Total> {
  const known = knownLarge(db, source);
  if (known) return known;
  const counted = await countSql(source).execute(db);
  const total = Number(counted.rows[0]?.n ?? 0);
  return total <= EXACT_TOTAL_LIMIT ? { total, exact: true } : rememberLarge(db, source);
}

/** The estimate of a list this instance found larger than the limit lately, if it did. */
function knownLarge(db: Db, source: ListSource): Total | undefined {
  const known = largeListsOf(db).get(keyOf(db, source));
  return known === undefined ? undefined : { total: known, exact: false };
}

/** A list just found to match more than the limit: its estimate, remembered for LARGE_SECONDS. */
async function rememberLarge(db: Db, source: ListSource): Promise<Total> {
  const estimate = Math.max(EXACT_TOTAL_LIMIT + 1, await plannedRows(db, source));
  largeListsOf(db).set(keyOf(db, source), estimate);
  return { total: estimate, exact: false };
}

/** The number of rows the planner expects the list to match (from the table's statistics; no row is read). */
async function plannedRows(db: Db, source: ListSource): Promise<number> {
  const plan = await sql<
    Record<string, unknown>
  >`explain (format json) select 1 from ${source.from} where ${source.where}`.execute(db);
  const value = Object.values(plan.rows[0] ?? {})[0];
  const parsed = (typeof value === 'string' ? JSON.parse(value) : value) as Array<{ Plan: { 'Plan Rows': number } }>;
  return Math.round(Number(parsed[0]?.Plan['Plan Rows'] ?? 0));
}

/** A page request beyond the depth OFFSET reaches, without the page before it having been read. */
export const tooDeep = () => badRequest('pageTooDeep', { limit: PAGE_DEPTH_LIMIT });

/** Refuses a page OFFSET would have to reach too deep (lists without keyset paging). */
export function requireShallow(current: number, size: number): void {
  if ((current - 1) * size >= PAGE_DEPTH_LIMIT) throw tooDeep();
}

export interface PageRequest extends ListSource {
  /** The order, ending with a key no two rows share (id). */
  order: ReadonlyArray<SortKey>;
  current: number;
  size: number;
  /** A condition looks for text inside a value (LIKE): see readPage. */
  textSearch?: boolean;
  /** Where the last rows of deep pages are kept for the page after them; absent: deep pages are refused. */
  store?: KeyValueStore;
}

/**
 * One page of a list in any order, with its total. Rows come first: a page
 * that is not full tells its total without counting.
 *
 * A text search reads its matches first instead. The planner cannot tell a
 * rare text from a common one (its estimate of a LIKE is a guess, one in a
 * hundred when the text happens to be in its sample), and walking the
 * order's index for a rare text reads the whole table before the page is
 * full. So a search reads up to EXACT_TOTAL_LIMIT + 1 matches by the trigram
 * index, once, and answers their number and the page of them; a search that
 * matches more than that walks the order's index as any list does, finding a
 * page among so many matches within a few hundred rows.
 */
export async function readPage(db: Db, request: PageRequest): Promise<PageOf<Row>> {
  const { current, size, order } = request;
  const offset = (current - 1) * size;
  let counted: Total | undefined;
  let rows: Row[];
  if (offset >= PAGE_DEPTH_LIMIT) {
    const kept = await request.store?.get(boundaryKey(db, request, current - 1));
    if (!kept) throw tooDeep();
    rows = (await keysetPageSql(request.from, request.where, order, JSON.parse(kept) as unknown[], size).execute(db)).rows;
  } else if (request.textSearch && !(counted = knownLarge(db, request))) {
    const found = (await searchPageSql(request, offset).execute(db)).rows;
    const matches = Number(found[0]?.[MATCHES] ?? 0);
    if (matches <= EXACT_TOTAL_LIMIT) {
      counted = { total: matches, exact: true };
      rows = found.filter((row) => row.id !== null).map(({ [MATCHES]: _, ...row }) => row);
    } else {
      counted = await rememberLarge(db, request);
      rows = (await offsetPageSql(request, offset).execute(db)).rows;
    }
  } else {
    rows = (await offsetPageSql(request, offset).execute(db)).rows;
  }
  // The page after this one is read from this one's last row: keep it.
  const last = rows[size - 1];
  if (request.store && last && offset + size >= PAGE_DEPTH_LIMIT) {
    await request.store.set(
      boundaryKey(db, request, current),
      JSON.stringify(order.map((k) => last[k.column] ?? null)),
      BOUNDARY_SECONDS,
    );
  }
  const shownAll = offset < PAGE_DEPTH_LIMIT && rows.length < size && (rows.length > 0 || offset === 0);
  const { total, exact } = counted ?? (shownAll ? { total: offset + rows.length, exact: true } : await boundedTotal(db, request));
  return { records: rows, total, size, current, pages: Math.ceil(total / size), searchCount: true, totalExact: exact };
}
