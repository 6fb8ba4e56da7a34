import { defaultSortOf, type EntityDef, type SortKey } from '@property/domain';
import { sql, type RawBuilder } from 'kysely';
import { badRequest } from '../http/errors';
import { coerce, fieldsOf, type ResolvedField } from './fields';

/** Query keys that are never filters. */
const RESERVED = new Set(['current', 'size', 'ascs', 'descs', 'Blade-Auth', '_t', 'searchCount']);

type Operator =
  | 'equal'
  | 'notequal'
  | 'like'
  | 'likeleft'
  | 'likeright'
  | 'notlike'
  | 'ge'
  | 'le'
  | 'gt'
  | 'lt'
  | 'datege'
  | 'dategt'
  | 'dateequal'
  | 'datelt'
  | 'datele'
  | 'null'
  | 'notnull'
  | 'ignore';

const OPERATORS = new Set<string>([
  'equal',
  'notequal',
  'like',
  'likeleft',
  'likeright',
  'notlike',
  'ge',
  'le',
  'gt',
  'lt',
  'datege',
  'dategt',
  'dateequal',
  'datelt',
  'datele',
  'null',
  'notnull',
  'ignore',
]);

export interface ParsedQuery {
  where: RawBuilder<unknown>[];
  /** The order the client asked (ascs, then descs); empty when none. */
  sort: SortKey[];
  /** Whether a condition looks for text inside a value (like, likeleft, likeright). */
  textSearch: boolean;
  orderBy: RawBuilder<unknown>[];
  current: number;
  size: number;
}

export const MAX_PAGE_SIZE = 1000;

/**
 * Turns list query parameters into SQL conditions. Only the entity's own
 * fields are accepted; column names come from the definition, values travel
 * as parameters, so nothing a client sends becomes SQL text.
 */
export function parseListQuery(entity: EntityDef, query: Record<string, unknown>, skip: ReadonlyArray<string> = []): ParsedQuery {
  const where: RawBuilder<unknown>[] = [];
  let textSearch = false;
  for (const [key, rawValue] of Object.entries(query)) {
    if (RESERVED.has(key) || skip.includes(key)) continue;
    const value = Array.isArray(rawValue) ? rawValue[rawValue.length - 1] : rawValue;
    const { field, operator } = resolveKey(entity, key);
    if (operator === 'ignore') continue;
    if (operator === 'null' || operator === 'notnull') {
      where.push(sql`${sql.ref(field.column)} is ${operator === 'null' ? sql`null` : sql`not null`}`);
      continue;
    }
    if (value === undefined || value === null || value === '') continue;
    where.push(condition(field, operator, String(value)));
    if (operator === 'like' || operator === 'likeleft' || operator === 'likeright') textSearch = true;
  }
  const sort = parseSort(entity, query);
  return { where, sort, textSearch, orderBy: sort.map(orderOf), ...parsePage(query) };
}

function resolveKey(entity: EntityDef, key: string): { field: ResolvedField; operator: Operator } {
  const fields = fieldsOf(entity);
  const cut = key.lastIndexOf('_');
  const suffix = cut > 0 ? key.slice(cut + 1).toLowerCase() : '';
  const name = OPERATORS.has(suffix) ? key.slice(0, cut) : key;
  const field = fields.get(name);
  if (!field || field.def.secret) throw badRequest('unsupportedFilter', { name: key });
  if (OPERATORS.has(suffix)) return { field, operator: suffix as Operator };
  return { field, operator: field.def.kind === 'text' ? 'like' : 'equal' };
}

function condition(field: ResolvedField, operator: Operator, value: string): RawBuilder<unknown> {
  const col = sql.ref(field.column);
  if (operator === 'like' || operator === 'likeleft' || operator === 'likeright' || operator === 'notlike') {
    const escaped = value.replace(/[\\%_]/g, (c) => `\\${c}`);
    const pattern = operator === 'likeleft' ? `%${escaped}` : operator === 'likeright' ? `${escaped}%` : `%${escaped}%`;
    return operator === 'notlike' ? sql`${col}::text not ilike ${pattern}` : sql`${col}::text ilike ${pattern}`;
  }
  if (operator.startsWith('date')) {
    // A day compared with a number or a text is no question PostgreSQL answers (found by fuzzing: status_datege).
    if (field.def.kind !== 'date' && field.def.kind !== 'datetime') {
      throw badRequest('unsupportedFilter', { name: `${field.key}_${operator}` });
    }
    const when = coerce({ kind: 'datetime' }, value);
    if (when === undefined) throw badRequest('paramTypeOf', { name: field.key });
    const cmp = { datege: '>=', dategt: '>', datelt: '<', datele: '<=' }[operator as 'datege'];
    if (operator === 'dateequal') return sql`${col}::date = ${when}::date`;
    return sql`${col} ${sql.raw(cmp)} ${when}::timestamp`;
  }
  const typed = coerce(field.def, value);
  if (typed === undefined) throw badRequest('paramTypeOf', { name: field.key });
  const cmp = { equal: '=', notequal: '<>', ge: '>=', le: '<=', gt: '>', lt: '<' }[operator as 'equal'];
  return sql`${col} ${sql.raw(cmp)} ${typed}`;
}

function parseSort(entity: EntityDef, query: Record<string, unknown>): SortKey[] {
  const order: SortKey[] = [];
  const fields = fieldsOf(entity);
  for (const direction of ['ascs', 'descs'] as const) {
    const raw = query[direction];
    // An empty value names no field: it adds nothing.
    if (raw === undefined) continue;
    for (const name of String(raw)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const field = fields.get(name);
      if (!field || field.def.secret) throw badRequest('unsupportedSort', { name });
      order.push({ column: field.column, direction: direction === 'ascs' ? 'asc' : 'desc' });
    }
  }
  return order;
}

const orderOf = (key: SortKey) => sql`${sql.ref(key.column)} ${sql.raw(key.direction)}`;

function parsePage(query: Record<string, unknown>): { current: number; size: number } {
  const current = query.current === undefined || query.current === '' ? 1 : Number(query.current);
  const size = query.size === undefined || query.size === '' ? 10 : Number(query.size);
  if (!Number.isInteger(current) || current < 1) throw badRequest('pageNotPositive');
  if (!Number.isInteger(size) || size < 1) throw badRequest('sizeNotPositive');
  if (size > MAX_PAGE_SIZE) throw badRequest('sizeTooLarge', { max: MAX_PAGE_SIZE });
  return { current, size };
}

/** The entity's default order, used when the client asks none. */
export function defaultSort(entity: EntityDef): RawBuilder<unknown>[] {
  return defaultSortOf(entity).map(orderOf);
}

/** The order a list is read in: the client's, else the entity's default; then id, so every row has one place. */
export function listOrder(entity: EntityDef, parsed: ParsedQuery): SortKey[] {
  return [...(parsed.sort.length > 0 ? parsed.sort : defaultSortOf(entity)), { column: 'id', direction: 'desc' }];
}
