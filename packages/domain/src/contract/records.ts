/**
 * The JSON of an entity's rows and of its submit bodies, derived from its
 * definition: the same source as its table (every column nullable but id,
 * tenantId and isDeleted), its server-side checks (platform/crud/validate.ts)
 * and its screen. Labels become descriptions.
 */
import { allFields, COMMON_FIELDS, type EntityDef, type FieldDef, type FieldKind, type TENANT_FIELD } from '../define';
import { fieldLabel } from '../messages/index';
import { VALIDATOR_SHAPES } from '../validators/index';
import { objectSchemaOf, shared, Type, type TUnsafe } from './schema';

/** The JSON of each kind of column in an answer. */
interface KindJson {
  text: string;
  int: number;
  long: string;
  money: string;
  date: string;
  datetime: string;
  json: unknown;
  bytes: never;
}
/** Columns that are never null. */
type NotNull = 'id' | 'tenantId' | 'isDeleted';
const NOT_NULL = new Set<string>(['id', 'tenantId', 'isDeleted']);

type FieldsOf<E> = E extends { fields: infer F; owner: infer O }
  ? typeof COMMON_FIELDS & (O extends 'tenant' ? typeof TENANT_FIELD : unknown) & F
  : never;
type Shown<F> = { [K in keyof F as F[K] extends { secret: true } ? never : K]: F[K] };
type JsonOf<D> = D extends { kind: infer K extends FieldKind } ? KindJson[K] : unknown;

/** A row of the entity as every answer carries it: camelCase keys, no secrets. */
export type RecordOf<E> = {
  [K in keyof Shown<FieldsOf<E>>]: K extends NotNull ? JsonOf<FieldsOf<E>[K]> : JsonOf<FieldsOf<E>[K]> | null;
};

/** Shared-schema name of an entity: its name in PascalCase ("dictBiz" → "DictBiz"). */
export const schemaName = (entity: EntityDef, suffix = '') => `${entity.name[0]!.toUpperCase()}${entity.name.slice(1)}${suffix}`;

const DATE = '^\\d{4}-\\d{2}-\\d{2}$';
const DATETIME = '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$';

/** "小区名称 (Garden name)", with the dictionary whose keys the value takes. */
function describe(entity: EntityDef, key: string, def: FieldDef): string {
  const zh = fieldLabel('zh', entity.name, key);
  const en = fieldLabel('en', entity.name, key);
  const label = zh === en ? zh : `${zh} (${en})`;
  return def.dict ? `${label}; a key of the dictionary \`${def.dict}\`` : label;
}

function answerType(key: string, def: FieldDef): Record<string, unknown> {
  const nullable = (type: string) => (NOT_NULL.has(key) ? type : [type, 'null']);
  switch (def.kind) {
    case 'int':
      return { type: nullable('integer') };
    case 'long':
      return { type: nullable('string'), pattern: '^-?\\d{1,19}$' };
    case 'money':
      return { type: nullable('string'), pattern: '^-?\\d+(\\.\\d+)?$' };
    case 'date':
      return { type: nullable('string'), pattern: DATE };
    case 'datetime':
      return { type: nullable('string'), pattern: DATETIME };
    case 'json':
      return {};
    default:
      return { type: nullable('string') };
  }
}

const records = new Map<string, TUnsafe<unknown>>();

/** The record schema of an entity (shared under its name), typed by its definition. */
export function recordOf<E extends EntityDef>(entity: E): TUnsafe<RecordOf<E>> {
  let record = records.get(entity.name);
  if (!record) {
    const properties: Record<string, unknown> = {};
    for (const [key, def] of Object.entries(allFields(entity))) {
      if (def.secret) continue;
      properties[key] = { ...answerType(key, def), description: describe(entity, key, def) };
    }
    record = shared(
      schemaName(entity),
      Type.Unsafe({
        type: 'object',
        title: entity.label.en,
        description: `${entity.label.zh} (${entity.label.en})`,
        properties,
        required: Object.keys(properties),
      }),
    );
    records.set(entity.name, record);
  }
  return record as TUnsafe<RecordOf<E>>;
}

/* ---------------------------------------------------------------- inputs */

/** What the server takes for each kind in a body (platform/crud/fields.ts `coerce`): JSON types and, for text, a pattern. */
const INPUT: Record<FieldKind, { types: string[]; pattern?: string; minimum?: number; maximum?: number; note?: string }> = {
  text: { types: ['string', 'number'] },
  int: { types: ['integer', 'string'], pattern: '^\\s*-?\\d{1,18}\\s*$', minimum: -2147483647, maximum: 2147483647 },
  long: { types: ['integer', 'string'], pattern: '^\\s*-?\\d{1,19}\\s*$' },
  money: { types: ['number', 'string'], pattern: '^\\s*-?\\d{1,12}(\\.\\d{1,4})?\\s*$', note: 'a decimal, sent as a string' },
  date: { types: ['string'], pattern: '^\\s*\\d{4}-\\d{2}-\\d{2}', note: 'yyyy-MM-dd (anything after the date is ignored)' },
  datetime: {
    types: ['string'],
    pattern: '^\\s*\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2}(:\\d{2})?)?\\s*$',
    note: 'yyyy-MM-dd HH:mm:ss',
  },
  json: { types: [] },
  bytes: { types: [] },
};
/** Longest text a field without its own limit takes. */
export const MAX_TEXT = 200_000;
const BLANK = '^\\s*$';
const trimmed = (re: RegExp) => `^\\s*(?:${re.source.replace(/^\^/, '').replace(/\$$/, '')})\\s*$`;

/**
 * One field of a submit body as the server checks it (validate.ts): its kind's
 * JSON types and shape, the validator's shape, the length limit; a required
 * field may not be sent empty, an optional one may (blank means null).
 * `required` says whether the field must be non-blank when present.
 */
export function inputField(entity: EntityDef, key: string, def: FieldDef): Record<string, unknown> {
  const kind = INPUT[def.kind];
  const notes: string[] = [describe(entity, key, def)];
  if (def.kind === 'json') return { description: notes[0] };
  const patterns: string[] = [];
  if (kind.pattern) patterns.push(kind.pattern);
  if (kind.note) notes.push(kind.note);
  const schema: Record<string, unknown> = {};
  if (def.validator) {
    const shape = VALIDATOR_SHAPES[def.validator];
    patterns.push(shape.shapes.map(trimmed).join('|'));
    if (shape.nonNegative) schema.minimum = 0;
    if (shape.note) notes.push(shape.note);
  }
  const mayBeBlank = !def.required || def.default !== undefined;
  // Every pattern must hold: all but the last are lookaheads. Blank text stands for null where that is allowed.
  const all = patterns.map((p, i) => (i < patterns.length - 1 ? `(?=${p})` : `(?:${p})`)).join('');
  if (all) schema.pattern = mayBeBlank ? `${BLANK}|^${all}` : `^(?=[\\s\\S]*\\S)${all}`;
  else if (!mayBeBlank) schema.pattern = '\\S';
  if (kind.minimum !== undefined) schema.minimum = Math.max(kind.minimum, (schema.minimum as number | undefined) ?? -Infinity);
  if (kind.maximum !== undefined) schema.maximum = kind.maximum;
  schema.maxLength = def.maxLength ?? MAX_TEXT;
  if (def.required)
    notes.push(`required: "${def.required}"${def.default !== undefined ? ` (defaults to ${def.default} when added)` : ''}`);
  if (def.invalid) notes.push(`refused with "${def.invalid}"`);
  return { type: mayBeBlank ? [...kind.types, 'null'] : kind.types, ...schema, description: notes.join('; ') };
}

/** JSON of each kind in a body, for the console's forms. */
interface KindInput {
  text: string | number;
  int: number | string;
  long: number | string;
  money: number | string;
  date: string;
  datetime: string;
  json: unknown;
  bytes: never;
}
type Writable<F> = { [K in keyof F as F[K] extends { readOnly: true } ? never : K]: F[K] };
type InputJson<D> = D extends { kind: infer K extends FieldKind } ? KindInput[K] : unknown;

/** A submit body of the entity: any of its writable fields, and `id` to update. */
export type InputOf<E> = { id?: string | number | null } & {
  [K in keyof Writable<E extends { fields: infer F } ? F : never>]?: InputJson<
    (E extends { fields: infer F } ? F : never)[K]
  > | null;
};

/** The keys a new row must bring (required and without a default). */
export function requiredOnAdd(entity: EntityDef): string[] {
  return Object.entries(entity.fields)
    .filter(([, def]) => def.required && !def.readOnly && (def.default === undefined || def.default === null))
    .map(([key]) => key);
}

const inputs = new Map<string, TUnsafe<unknown>>();

export const ID_INPUT = {
  type: ['string', 'integer', 'null'],
  pattern: '^(\\d{1,19})?$',
  description: 'the row to change; absent, empty or null adds a row',
};

/** Optimistic concurrency (docs/api-conventions.md, "Two people editing one row"): the row's updateTime as read. */
export const UPDATE_TIME_INPUT = {
  type: 'string',
  description:
    'optional, with `id`: the updateTime the row had when the client read it; when the row was saved since, the save is refused (409 staleUpdate) and nothing changes',
};

/**
 * The body of `submit`: every writable field (unknown keys are ignored), `id`
 * to update. Adding a row (no id) needs every required field; an update
 * changes only the fields sent. `overrides` replaces the fields a route
 * treats otherwise (a dictionary's key, filled in for parents).
 */
export function inputOf<E extends EntityDef>(
  entity: E,
  overrides: { optional?: string[]; name?: string; /** A form's body: always a new thing, no id. */ form?: boolean } = {},
): TUnsafe<InputOf<E>> {
  const name = overrides.name ?? schemaName(entity, 'Input');
  let input = inputs.get(name);
  if (!input) {
    const properties: Record<string, unknown> = overrides.form ? {} : { id: ID_INPUT, updateTime: UPDATE_TIME_INPUT };
    for (const [key, def] of Object.entries(allFields(entity))) {
      if (def.readOnly) continue;
      const field = overrides.optional?.includes(key) ? { ...def, required: undefined } : def;
      properties[key] = inputField(entity, key, field);
    }
    const required = requiredOnAdd(entity).filter((k) => !overrides.optional?.includes(k));
    input = shared(
      name,
      Type.Unsafe({
        type: 'object',
        title: `${entity.label.en} input`,
        description: overrides.form
          ? `${entity.label.zh} (${entity.label.en}). Unknown keys are ignored.`
          : `${entity.label.zh}: without \`id\` adds a row (the required fields then must be sent), with \`id\` changes only the fields sent. Unknown keys are ignored.`,
        properties,
        ...(required.length && overrides.form ? { required } : {}),
        ...(required.length && !overrides.form
          ? {
              if: { required: ['id'], properties: { id: { type: ['string', 'integer'], minLength: 1 } } },
              else: { required },
            }
          : {}),
      }),
    );
    inputs.set(name, input);
  }
  return input as TUnsafe<InputOf<E>>;
}

/* ----------------------------------------------------------- list queries */

export const PAGING = {
  current: { type: 'integer', minimum: 1, default: 1, description: 'page number, from 1' },
  size: { type: 'integer', minimum: 1, maximum: 1000, default: 10, description: 'rows a page (at most 1000)' },
  ascs: { type: 'string', description: 'fields to sort by, ascending: comma-separated field or column names' },
  descs: { type: 'string', description: 'fields to sort by, descending: comma-separated field or column names' },
};

export const FILTER_OPERATORS =
  'equal notequal like likeleft likeright notlike ge le gt lt datege dategt dateequal datelt datele null notnull ignore';

/** How list filters work, said once in each list's description. */
export const FILTERS_HELP = `Filters: a field's name matches text by "contains" and other values exactly; \`<field>_<operator>\` chooses another comparison (${FILTER_OPERATORS}); empty values are skipped; unknown keys are refused (400).`;

/**
 * The query of a list or page: paging, sorting and a filter per field (see
 * FILTERS_HELP).
 */
export function listQueryOf(entity: EntityDef, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const properties: Record<string, unknown> = { ...PAGING };
  for (const [key, def] of Object.entries(allFields(entity))) {
    if (def.secret) continue;
    properties[key] = { type: 'string', description: describe(entity, key, def) };
  }
  return { type: 'object', properties: { ...properties, ...extra } };
}

/** A submit body with more fields a call takes beside the entity's (unshared: the call's own). */
export function inputWith(input: TUnsafe<unknown>, properties: Record<string, unknown>): Record<string, unknown> {
  const { $id: _shared, ...own } = objectSchemaOf(input);
  void _shared;
  return { ...own, properties: { ...(own.properties as object), ...properties } };
}
