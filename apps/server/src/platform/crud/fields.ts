import { allFields, columnOf, isCalendarDay, isTimeOfDay, type EntityDef, type FieldDef } from '@property/domain';

/** A field of an entity as the engine sees it: its JSON key, column and definition. */
export interface ResolvedField {
  key: string;
  column: string;
  def: FieldDef;
}

const cache = new WeakMap<EntityDef, Map<string, ResolvedField>>();

/** Every readable field by JSON key and by column name (clients send either in sorts). */
export function fieldsOf(entity: EntityDef): Map<string, ResolvedField> {
  let map = cache.get(entity);
  if (!map) {
    map = new Map();
    for (const [key, def] of Object.entries(allFields(entity))) {
      const field = { key, column: columnOf(key, def), def };
      map.set(key, field);
      map.set(field.column, field);
    }
    cache.set(entity, map);
  }
  return map;
}

const uniqueCache = new WeakMap<EntityDef, ResolvedField[]>();

/** Every field once (fieldsOf holds each under two names); made once per entity, as every row's JSON uses it. */
export function uniqueFields(entity: EntityDef): ResolvedField[] {
  let fields = uniqueCache.get(entity);
  if (!fields) uniqueCache.set(entity, (fields = [...new Set(fieldsOf(entity).values())]));
  return fields;
}

const INTEGER = /^-?\d{1,18}$/;
const LONG = /^-?\d{1,19}$/;
const DECIMAL = /^-?\d{1,12}(\.\d{1,4})?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const INT64_MAX = 9223372036854775807n;

/**
 * Whether digits (with an optional minus) fit PostgreSQL's bigint: 19 digits
 * go up to 9999999999999999999, beyond the 64-bit maximum, which the database
 * would refuse with an error instead of an answer.
 */
export function isInt64(text: string): boolean {
  if (!LONG.test(text)) return false;
  const value = BigInt(text);
  return value <= INT64_MAX && value >= -INT64_MAX - 1n;
}

/** An id as clients send it: digits within bigint (a JSON number only while exact). */
export function idText(raw: unknown): string | undefined {
  if (typeof raw === 'number') return Number.isSafeInteger(raw) && raw >= 0 ? String(raw) : undefined;
  return typeof raw === 'string' && /^\d{1,19}$/.test(raw) && isInt64(raw) ? raw : undefined;
}

/** `yyyy-MM-dd`, a real day, or undefined. */
function calendarDate(text: string): string | undefined {
  const m = DATE.exec(text);
  return m && isCalendarDay(Number(m[1]), Number(m[2]), Number(m[3])) ? text : undefined;
}

/** `yyyy-MM-dd[ HH:mm[:ss]]`, a real day and time of day, or undefined. */
function calendarDateTime(text: string): string | undefined {
  const m = DATETIME.exec(text);
  if (!m || !isCalendarDay(Number(m[1]), Number(m[2]), Number(m[3]))) return undefined;
  const [hour, minute, second] = [m[4], m[5], m[6]].map((v) => Number(v ?? 0));
  return isTimeOfDay(hour!, minute!, second) ? text : undefined;
}

/**
 * The value of a query parameter or body value in the column's own type, or
 * undefined when it is not one. Numbers arrive as strings from query strings
 * and often from forms, so both are accepted.
 */
export function coerce(field: FieldDef, raw: unknown): unknown {
  if (raw === null) return null;
  const text = typeof raw === 'number' || typeof raw === 'bigint' ? String(raw) : raw;
  switch (field.kind) {
    case 'text':
      return typeof raw === 'string' || typeof raw === 'number' ? String(raw) : undefined;
    case 'int':
      return typeof text === 'string' && INTEGER.test(text.trim()) && Math.abs(Number(text)) <= 2147483647
        ? Number(text)
        : undefined;
    case 'long':
      if (typeof raw === 'number' && !Number.isSafeInteger(raw)) return undefined; // already rounded by JSON.parse
      return typeof text === 'string' && isInt64(text.trim()) ? text.trim() : undefined;
    case 'money':
      return typeof text === 'string' && DECIMAL.test(text.trim()) ? text.trim() : undefined;
    case 'date':
      return typeof text === 'string' ? calendarDate(text.trim().slice(0, 10)) : undefined;
    case 'datetime':
      return typeof text === 'string' ? calendarDateTime(text.trim()) : undefined;
    case 'json':
      return raw === undefined ? undefined : JSON.stringify(raw);
    case 'bytes':
      // File contents are written by the storage layer only, never taken from a body or filter.
      return undefined;
  }
}
