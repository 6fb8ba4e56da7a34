import { VALIDATORS, type EntityDef } from '@property/domain';
import { MSG } from '../http/envelope';
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
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest(MSG.invalid);
  const input = body as Record<string, unknown>;
  const values: Values = {};
  for (const field of uniqueFields(entity)) {
    const { key, def } = field;
    if (def.readOnly) continue;
    const present = key in input;
    let raw = input[key];
    if (isNew && isEmpty(raw) && def.default !== undefined && def.default !== null) raw = def.default;
    if (isEmpty(raw)) {
      if (def.required && (isNew || present)) throw badRequest(def.required);
      if (present) values[field.column] = null;
      continue;
    }
    const typed = coerce(def, raw);
    if (typed === undefined) throw badRequest(def.invalid ?? `${MSG.badParamType}: ${key}`);
    if (typeof typed === 'string' && typed.length > (def.maxLength ?? MAX_TEXT)) {
      throw badRequest(`${key} 长度不能超过 ${def.maxLength ?? MAX_TEXT}`);
    }
    if (def.validator) {
      const problem = VALIDATORS[def.validator](typed);
      if (problem) throw badRequest(def.invalid ?? problem);
    }
    values[field.column] = typed;
  }
  return values;
}
