import type { EntityDef, FieldDef } from '@property/domain';
import { uniqueFields } from './fields';

/** JSON Schema of an entity's JSON, for the OpenAPI document. */
export function jsonSchemaOf(entity: EntityDef): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const { key, def } of uniqueFields(entity)) {
    if (def.secret) continue;
    properties[key] = { ...typeOf(def), ...(def.readOnly ? { readOnly: true } : {}) };
    if (def.required) required.push(key);
  }
  return { type: 'object', title: entity.label.en, properties, ...(required.length ? { required } : {}) };
}

function typeOf(def: FieldDef): Record<string, unknown> {
  switch (def.kind) {
    case 'int':
      return { type: 'integer' };
    case 'long':
      return { type: 'string', pattern: '^\\d+$', description: '64-bit id as a string' };
    case 'money':
      return { type: 'string', pattern: '^-?\\d+(\\.\\d{1,2})?$', description: 'decimal as a string' };
    case 'date':
      return { type: 'string', description: 'yyyy-MM-dd' };
    case 'datetime':
      return { type: 'string', description: 'yyyy-MM-dd HH:mm:ss' };
    case 'json':
      return {};
    default:
      return { type: 'string', ...(def.maxLength ? { maxLength: def.maxLength } : {}) };
  }
}

/** The list filters of an entity: every field, bare or with an operator suffix. */
export function listQuerySchema(entity: EntityDef): Record<string, unknown> {
  const properties: Record<string, unknown> = {
    current: { type: 'integer', default: 1 },
    size: { type: 'integer', default: 10, maximum: 1000 },
    ascs: { type: 'string', description: 'comma-separated columns' },
    descs: { type: 'string', description: 'comma-separated columns' },
  };
  for (const { key, def } of uniqueFields(entity)) {
    if (def.secret) continue;
    properties[key] = { type: 'string', description: 'filter; add _equal, _like, _gt, _datege... for other operators' };
  }
  return { type: 'object', properties };
}
