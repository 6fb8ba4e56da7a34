import {
  camel,
  CONTROLS_OF_KIND,
  DICT_KINDS,
  FORM_CONTROLS,
  modelPrototypeEntity,
  PROPERTY_KINDS,
  QUERIES_OF_KIND,
  QUERY_TYPES,
  type FormControl,
  type PropertyKind,
} from '@property/domain';
import { sql } from 'kysely';
import { writeAudit } from '../../platform/crud/audit';
import { CrudService, NEXT_UPDATE_TIME, type CrudContext, type Row } from '../../platform/crud/engine';
import { badRequest } from '../../platform/http/errors';
import type { Values } from '../../platform/crud/validate';
import { pickOf } from '../facility/lookups';
import type { SourceColumn } from './source-tables';

/**
 * A model's columns (prototypes): what each column of its table becomes by default, how a reload
 * of the table's columns merges into what was edited, and the rules of an edit.
 */

/** The kind of field a column's SQL type makes; anything not listed is text. */
const KIND_OF_TYPE: Readonly<Record<string, PropertyKind>> = {
  smallint: 'int',
  integer: 'int',
  boolean: 'int',
  bigint: 'long',
  numeric: 'money',
  real: 'decimal',
  'double precision': 'decimal',
  date: 'date',
  'timestamp without time zone': 'datetime',
  'timestamp with time zone': 'datetime',
  json: 'json',
  jsonb: 'json',
  bytea: 'bytes',
};

export const kindOfColumn = (column: SourceColumn): PropertyKind => KIND_OF_TYPE[column.dataType] ?? 'text';

/** The type as people write it: character varying(100), numeric(14,2), citext. */
export function typeText(column: SourceColumn): string {
  if (column.maxLength !== null) return `${column.dataType}(${column.maxLength})`;
  if (column.dataType === 'numeric' && column.precision !== null) return `numeric(${column.precision},${column.scale ?? 0})`;
  if (column.dataType === 'USER-DEFINED' || column.dataType === 'ARRAY') return column.udtName;
  return column.dataType;
}

/** Long text people write paragraphs in: a multi-line box, and no list column. */
const PROSE = /(content|remark|description|desc|note|memo|intro|detail)s?$/;
/** Names people look rows up by: searched by default. */
const LOOKED_UP = /(name|title|code|no|number|tel|phone|mobile)$/;

/** A column's prototype as a first read makes it (columns of the table, snake_case). */
export function prototypeOf(modelId: string, column: SourceColumn): Values {
  const kind = kindOfColumn(column);
  const name = column.name.toLowerCase();
  const flag = column.dataType === 'boolean';
  const prose = kind === 'text' && (column.maxLength === null || column.maxLength > 500) && PROSE.test(name);
  const hidden = kind === 'json' || kind === 'bytes';
  return {
    model_id: modelId,
    jdbc_name: column.name,
    jdbc_type: typeText(column),
    comment: column.comment?.trim() || null,
    property_name: camel(name.replace(/[^a-z0-9_]/g, '_').replace(/^[_0-9]+/, '')) || `field${column.position}`,
    property_kind: kind,
    sort: column.position,
    is_list: hidden || prose ? 0 : 1,
    is_form: hidden || column.isKey ? 0 : 1,
    is_query: kind === 'text' && LOOKED_UP.test(name) ? 1 : 0,
    query_type: QUERIES_OF_KIND[kind][0] ?? 'equal',
    // NOT NULL without a default: a value must be given.
    is_required: !column.nullable && column.columnDefault === null && !column.isKey ? 1 : 0,
    dict_code: flag ? 'yes_no' : null,
    form_control: flag ? 'select' : prose ? 'textarea' : CONTROLS_OF_KIND[kind][0],
  };
}

export const prototypes = new CrudService(modelPrototypeEntity, { beforeSave: checkPrototype });

/** What a reload changed. */
export interface Merge {
  added: number;
  updated: number;
  removed: number;
}

/**
 * Brings a model's prototypes in line with its table's columns, in the caller's transaction: a new
 * column is added as a first read makes it; a known one keeps what was edited (name, kind, flags,
 * dictionary, control) and takes the table's type, place and, when it had none, comment; a prototype
 * whose column the table no longer has is removed. Each change is audited like any save.
 */
export async function mergeColumns(ctx: CrudContext, modelId: string, columns: SourceColumn[]): Promise<Merge> {
  const existing = await sql<Row>`select * from ${sql.table(modelPrototypeEntity.table)}
    where model_id = ${modelId} and is_deleted = 0 for update`.execute(ctx.db);
  const byColumn = new Map(existing.rows.map((row) => [String(row.jdbc_name), row]));
  const taken = new Set(existing.rows.map((row) => String(row.property_name)));
  const merge: Merge = { added: 0, updated: 0, removed: 0 };
  for (const column of columns) {
    const fresh = prototypeOf(modelId, column);
    const known = byColumn.get(column.name);
    byColumn.delete(column.name);
    if (!known) {
      // Two columns of one table can make one property name (a_b and aB): the later gets its place as a suffix.
      if (taken.has(String(fresh.property_name))) fresh.property_name = `${String(fresh.property_name)}${column.position}`;
      taken.add(String(fresh.property_name));
      await prototypes.insert(ctx, fresh);
      merge.added++;
      continue;
    }
    const changes: Values = {};
    if (known.jdbc_type !== fresh.jdbc_type) changes.jdbc_type = fresh.jdbc_type;
    if (Number(known.sort) !== fresh.sort) changes.sort = fresh.sort;
    if (!known.comment && fresh.comment) changes.comment = fresh.comment;
    if (Object.keys(changes).length === 0) continue;
    await prototypes.update(ctx, String(known.id), changes, known);
    merge.updated++;
  }
  const gone = [...byColumn.values()];
  if (gone.length > 0) {
    const ids = gone.map((row) => String(row.id));
    const removed = await sql<Row>`update ${sql.table(modelPrototypeEntity.table)} set is_deleted = 1,
      update_user = ${ctx.auth.userId || null}, update_time = ${NEXT_UPDATE_TIME}
      where id in (${sql.join(ids)}) returning *`.execute(ctx.db);
    await writeAudit(
      ctx,
      modelPrototypeEntity,
      removed.rows.map((after) => ({ action: 'remove' as const, before: { ...after, is_deleted: 0 }, after })),
    );
    merge.removed = removed.rows.length;
  }
  return merge;
}

const oneOf = <T extends string>(list: ReadonlyArray<T>, value: unknown): value is T => list.includes(String(value) as T);

/**
 * A prototype's edit: the kind one of the spine's, the search mode and control ones that fit it, a
 * drop-down with a dictionary, a dictionary only on text and whole numbers, and one that exists.
 */
export async function checkPrototype(ctx: CrudContext, values: Values, existing: Row | undefined): Promise<void> {
  const pick = pickOf(values, existing);
  for (const flag of ['is_list', 'is_form', 'is_query', 'is_required'])
    if (flag in values && values[flag] !== null && ![0, 1].includes(Number(values[flag]))) throw badRequest('yesNoInvalid');
  const kind = pick('property_kind');
  if (!oneOf(PROPERTY_KINDS, kind)) throw badRequest('prototypeKindInvalid', { kinds: [...PROPERTY_KINDS] });
  const query = pick('query_type') ?? 'equal';
  if (!oneOf(QUERY_TYPES, query)) throw badRequest('prototypeQueryInvalid');
  // How a field is searched matters only when it is searched.
  if (Number(pick('is_query')) === 1 && !QUERIES_OF_KIND[kind].includes(query)) throw badRequest('prototypeQueryInvalid');
  const control = pick('form_control') ?? CONTROLS_OF_KIND[kind][0];
  if (!oneOf(FORM_CONTROLS, control) || !CONTROLS_OF_KIND[kind].includes(control as FormControl))
    throw badRequest('prototypeControlInvalid');
  const dict = pick('dict_code');
  if (control === 'select' && !dict) throw badRequest('prototypeSelectNeedsDict');
  if (dict && !DICT_KINDS.includes(kind)) throw badRequest('prototypeDictKind');
  if (dict && (values.dict_code !== undefined || !existing)) {
    // A system dictionary, or a business one (every tenant has the same codes: the platform's own copy answers).
    const found = await sql`select 1 from blade_dict where code = ${dict} and parent_id = 0 and is_deleted = 0
      union all select 1 from blade_dict_biz where code = ${dict} and parent_id = 0 and is_deleted = 0 limit 1`.execute(ctx.db);
    if (found.rows.length === 0) throw badRequest('prototypeDictMissing', { code: String(dict) });
  }
}
