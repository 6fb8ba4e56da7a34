import { VALIDATORS, type EntityDef } from '@property/domain';
import { badRequest } from '../http/errors';
import { coerce, uniqueFields } from './fields';

/** Column → value, ready for SQL. */
export type Values = Record<string, unknown>;

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const MAX_TEXT = 200_000;

/**
 * Checks a submit body against the definition and returns the columns to
 * write. The first problem, in the definition's field order, is answered with
 * the spec's own message. Keys the definition does not know (screens send view
 * state along) and server-owned fields are ignored.
 */
export function validateBody(entity: EntityDef, body: unknown, isNew: boolean): Values {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('invalid');
  const input = body as Record<string, unknown>;
  const values: Values = {};
  for (const field of uniqueFields(entity)) {
    const { key, def } = field;
    if (def.readOnly) continue;
    const present = key in input;
    let raw = input[key];
    // A secret is never answered, so an edit form cannot show it: left empty there (or typed and erased), it stays.
    if (!isNew && def.secret && isEmpty(raw)) continue;
    // A field without a default stays empty: its default is undefined.
    if (isNew && isEmpty(raw)) raw = def.default;
    if (isEmpty(raw)) {
      if (def.required && (isNew || present)) throw badRequest(def.required);
      if (present) values[field.column] = null;
      continue;
    }
    const typed = coerce(def, raw);
    if (typed === undefined) throw def.invalid ? badRequest(def.invalid) : badRequest('paramTypeOf', { name: key });
    if (typeof typed === 'string' && typed.length > (def.maxLength ?? MAX_TEXT)) {
      throw badRequest('tooLong', { name: key, max: def.maxLength ?? MAX_TEXT });
    }
    if (def.choices && !def.choices.includes(String(typed)))
      throw def.invalid ? badRequest(def.invalid) : badRequest('paramTypeOf', { name: key });
    if (def.validator) {
      const problem = VALIDATORS[def.validator](typed);
      if (problem) throw badRequest(def.invalid ?? problem);
    }
    values[field.column] = typed;
  }
  return values;
}
