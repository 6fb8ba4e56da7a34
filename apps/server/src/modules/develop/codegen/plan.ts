import {
  CAMEL_NAME,
  columnOf,
  COMMON_FIELDS,
  snake,
  SQL_NAME,
  TENANT_FIELD,
  translate,
  type EntityDef,
  type ErrorKey,
  type FieldDef,
  type PropertyKind,
  type QueryType,
} from '@property/domain';
import { badRequest } from '../../../platform/http/errors';
import type { Row } from '../../../platform/crud/engine';
import { tableParts } from '../source-tables';
import { camelOf, humanize, lowerFirst, upperFirst } from './names';

/**
 * What a code generation record makes, decided once and rendered into every file from here: the
 * entity (its definition's options and fields), its messages, its menu. Nothing is rendered that
 * is not in this plan, so the definition, its table (schemaOf) and its messages cannot disagree.
 */

/** One field of a generated definition. */
export interface FieldPlan {
  key: string;
  /** When the source column is not the key's snake_case (the definition then names it). */
  column?: string;
  kind: PropertyKind;
  labelZh: string;
  labelEn: string;
  required?: { key: string; zh: string; en: string };
  maxLength?: number;
  search?: QueryType;
  dict?: string;
  secret?: boolean;
  readOnly?: boolean;
  /** The console's own screen hides it from the list (the generic one would show it). */
  hideInTable?: boolean;
  /** The console's own screen edits it in a multi-line box. */
  multiline?: boolean;
  /** Where it comes from, for the definition's comment. */
  source: { column: string; type: string };
}

export interface EntityPlan {
  name: string;
  labelZh: string;
  labelEn: string;
  table: string;
  base: string;
  permission: string;
  fields: FieldPlan[];
  menu: { code: string; name: string; path: string; parentCode: string; sort: number };
  source: { datasource: string; table: string; model: string };
  /** The definition as the server reads definitions: what schemaOf makes its table and indexes from. */
  def: EntityDef;
}

export interface ModulePlan {
  /** The server module's folder and the messages files' prefix. */
  service: string;
  /** The definitions' folder under packages/domain/src/entities. */
  folder: string;
  entities: EntityPlan[];
}

/** What one record brings from the database. */
export interface RecordInput {
  code: Row;
  model: Row;
  datasourceName: string;
  prototypes: Row[];
  parent: { code: string; name: string; isGroup: boolean };
  /** The sort the menu takes among its group's. */
  menuSort: number;
}

/** The columns every definition has already (define.ts COMMON_FIELDS, TENANT_FIELD): not generated again. */
const COMMON_COLUMNS = new Set(Object.entries({ ...COMMON_FIELDS, ...TENANT_FIELD }).map(([k, f]) => columnOf(k, f)));
const COMMON_KEYS = new Set(Object.keys({ ...COMMON_FIELDS, ...TENANT_FIELD }));

/** Controls that pick a value rather than take typing: their required message says 请选择. */
const PICKED = new Set(['select', 'date', 'datetime']);

/** The FieldDef of a kind (the helpers of define.ts: money and decimal carry the money check, bytes are secret). */
function fieldDefOf(field: FieldPlan): FieldDef {
  const base: FieldDef =
    field.kind === 'decimal'
      ? { kind: 'money', validator: 'money', measure: true }
      : field.kind === 'money'
        ? { kind: 'money', validator: 'money' }
        : field.kind === 'bytes'
          ? { kind: 'bytes', secret: true, readOnly: true }
          : { kind: field.kind };
  return {
    ...base,
    ...(field.column ? { column: field.column } : {}),
    ...(field.required ? { required: field.required.key as ErrorKey } : {}),
    ...(field.secret ? { secret: true } : {}),
    ...(field.readOnly ? { readOnly: true } : {}),
    ...(field.dict ? { dict: field.dict } : {}),
    ...(field.key === 'status' ? { default: 1 } : {}),
    ...(field.maxLength ? { maxLength: field.maxLength } : {}),
    ...(field.search ? { search: field.search } : {}),
  };
}

/** The length of character varying(n) / character(n). */
const lengthOf = (type: string) => {
  const match = /^character(?: varying)?\((\d+)\)$/.exec(type);
  return match ? Number(match[1]) : undefined;
};

/** The entity's name: the record's, else the table's without its prefix, else the model's class. */
function entityNameOf(code: Row, model: Row): string {
  if (code.entity_name) return String(code.entity_name);
  const table = tableParts(String(model.model_table)).name;
  const prefix = code.table_prefix ? String(code.table_prefix) : '';
  if (prefix && table.startsWith(prefix) && table.length > prefix.length) return camelOf(table.slice(prefix.length));
  return lowerFirst(String(model.model_class));
}

function fieldOf(entity: string, prototype: Row): FieldPlan {
  const key = String(prototype.property_name);
  const kind = String(prototype.property_kind) as PropertyKind;
  const jdbcName = String(prototype.jdbc_name);
  const type = String(prototype.jdbc_type ?? '');
  const labelZh = String(prototype.comment ?? '').trim() || jdbcName;
  const labelEn = humanize(key);
  const control = String(prototype.form_control ?? '');
  const readOnly = Number(prototype.is_form) !== 1 || kind === 'bytes';
  const secret = control === 'password' && kind === 'text';
  const picked = PICKED.has(control) || !!prototype.dict_code;
  const message: ErrorKey = picked ? 'fieldRequiredChoose' : 'fieldRequiredEnter';
  const required =
    Number(prototype.is_required) === 1 && !readOnly
      ? {
          key: `${entity}${upperFirst(key)}Required`,
          zh: translate('zh', message, { label: labelZh }),
          en: translate('en', message, { label: labelEn.toLowerCase() }),
        }
      : undefined;
  // The generic screen already leaves secrets, JSON and bytes out of the list: only the others need hiding.
  const shownByDefault = !secret && kind !== 'json' && kind !== 'bytes';
  return {
    key,
    ...(snake(key) !== jdbcName && SQL_NAME.test(jdbcName) && !jdbcName.includes('.') ? { column: jdbcName } : {}),
    kind,
    labelZh,
    labelEn,
    ...(required ? { required } : {}),
    ...(kind === 'text' && lengthOf(type) ? { maxLength: lengthOf(type) } : {}),
    ...(Number(prototype.is_query) === 1 && prototype.query_type ? { search: String(prototype.query_type) as QueryType } : {}),
    ...(prototype.dict_code ? { dict: String(prototype.dict_code) } : {}),
    ...(secret ? { secret: true } : {}),
    ...(readOnly && kind !== 'bytes' ? { readOnly: true } : {}),
    ...(Number(prototype.is_list) !== 1 && shownByDefault ? { hideInTable: true } : {}),
    ...(control === 'textarea' && kind === 'text' ? { multiline: true } : {}),
    source: { column: jdbcName, type },
  };
}

/** The plan of one record, or a 400 saying what stands in its way. */
export function planEntity(input: RecordInput, existing: ReadonlyArray<EntityDef>, menuCodes: ReadonlySet<string>): EntityPlan {
  const { code, model } = input;
  const modelName = String(model.model_name);
  if (input.prototypes.length === 0) throw badRequest('codeNoColumns', { model: modelName });
  const name = entityNameOf(code, model);
  if (!CAMEL_NAME.test(name)) throw badRequest('camelNameInvalid');
  const table = tableParts(String(model.model_table)).name;
  const base = String(code.api_path);
  const permission = String(code.menu_code);
  const taken = existing.find((e) => e.name === name);
  if (taken) throw badRequest('codeEntityTaken', { name });
  const owner = existing.find((e) => e.table === table);
  if (owner) throw badRequest('codeTableTaken', { table, entity: owner.name });
  if (existing.some((e) => e.base === base)) throw badRequest('codeApiTaken', { path: base });
  if (menuCodes.has(permission)) throw badRequest('codeMenuTaken', { code: permission });
  if (!input.parent.isGroup) throw badRequest('codeMenuParentNotGroup', { name: input.parent.name });

  const pk = String(code.pk_name || 'id');
  const fields = input.prototypes
    .filter((p) => {
      const column = String(p.jdbc_name);
      if (column === pk) return false;
      // A status of its own (a dictionary of states) overrides the common flag, as the definitions do.
      if (column === 'status') return !!p.dict_code && p.property_kind === 'int';
      return !COMMON_COLUMNS.has(column) && !COMMON_KEYS.has(String(p.property_name));
    })
    .map((p) => fieldOf(name, p));
  if (fields.length === 0) throw badRequest('codeNoFields', { model: modelName });

  const labelZh = String(code.code_name);
  const labelEn = humanize(name);
  const def: EntityDef = {
    name,
    table,
    base,
    owner: 'tenant',
    label: { zh: labelZh, en: labelEn },
    permission,
    fields: Object.fromEntries(fields.map((f) => [f.key, fieldDefOf(f)])),
    sort: { descs: ['createTime'] },
  };
  return {
    name,
    labelZh,
    labelEn,
    table,
    base,
    permission,
    fields,
    menu: { code: permission, name: labelZh, path: String(code.menu_path), parentCode: input.parent.code, sort: input.menuSort },
    source: { datasource: input.datasourceName, table: String(model.model_table), model: modelName },
    def,
  };
}

/** Records grouped into modules (one per service and folder), every name used once across them. */
export function planModules(
  inputs: RecordInput[],
  existing: ReadonlyArray<EntityDef>,
  menuCodes: ReadonlySet<string>,
  foldersTaken: (paths: string[]) => string | undefined,
): ModulePlan[] {
  const modules = new Map<string, ModulePlan>();
  const seen = new Set<string>();
  const once = (what: string) => {
    if (seen.has(what)) throw badRequest('codeGeneratedTwice', { name: what.split(':')[1]! });
    seen.add(what);
  };
  // Menus of this generation take their sorts one after another within a group.
  const nextSort = new Map<string, number>();
  for (const input of inputs) {
    const parent = input.parent.code;
    const sort = nextSort.get(parent) ?? input.menuSort;
    nextSort.set(parent, sort + 1);
    const entity = planEntity({ ...input, menuSort: sort }, existing, menuCodes);
    for (const what of [`entity:${entity.name}`, `table:${entity.table}`, `api:${entity.base}`, `menu:${entity.permission}`])
      once(what);
    const service = String(input.code.service_name);
    const folder = String(input.code.package_name || service);
    const module = modules.get(service) ?? { service, folder, entities: [] };
    // One service is one server module and one pair of messages files: its definitions live in one folder.
    if (module.folder !== folder) throw badRequest('codeGeneratedTwice', { name: `apps/server/src/modules/${service}` });
    module.entities.push(entity);
    modules.set(service, module);
  }
  for (const module of modules.values()) {
    once(`folder:packages/domain/src/entities/${module.folder}`);
    const clash = foldersTaken([
      `packages/domain/src/entities/${module.folder}`,
      `packages/domain/src/messages/${module.service}-zh.ts`,
      `apps/server/src/modules/${module.service}`,
      `apps/web/src/modules/${module.service}`,
    ]);
    if (clash) throw badRequest('codeFolderTaken', { path: clash });
  }
  return [...modules.values()];
}
