import { allFields, columnOf, type EntityDef, type FieldDef } from '@property/domain';

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
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;

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
      return typeof text === 'string' && LONG.test(text.trim()) ? text.trim() : undefined;
    case 'money':
      return typeof text === 'string' && DECIMAL.test(text.trim()) ? text.trim() : undefined;
    case 'date':
      return typeof text === 'string' && DATE.test(text.trim().slice(0, 10)) ? text.trim().slice(0, 10) : undefined;
    case 'datetime':
      return typeof text === 'string' && DATETIME.test(text.trim()) ? text.trim() : undefined;
    case 'json':
      return raw === undefined ? undefined : JSON.stringify(raw);
    case 'bytes':
      // File contents are written by the storage layer only, never taken from a body or filter.
      return undefined;
  }
}
