import { entityNamesEn, formNamesEn } from './messages/entity-names-en';
import { entityNamesZh, formNamesZh } from './messages/entity-names-zh';
import type { ErrorKey } from './messages/translate';
import type { ValidatorName } from './validators/index';

/**
 * The spine: one definition per entity. The server derives its table, list
 * filters, validation and routes from it; the web derives its screens.
 */

/** The closed set of field kinds. Each maps to one column type and one JSON shape. */
export type FieldKind =
  | 'text' // varchar / text, JSON string
  | 'int' // integer, JSON number
  | 'long' // bigint id reference, JSON string (64-bit ids never travel as numbers)
  | 'money' // numeric(14,2), JSON string: never a float
  | 'date' // date, 'yyyy-MM-dd'
  | 'datetime' // timestamp, 'yyyy-MM-dd HH:mm:ss'
  | 'json' // jsonb
  | 'bytes'; // bytea, server-side only (stored file contents): never read from or sent to clients

export type SearchMode = 'like' | 'equal' | 'range';

export interface FieldDef {
  kind: FieldKind;
  /** Column name; snake_case of the key unless given. */
  column?: string;
  /** Message shown when the value is missing (the spec's words in zh). Absent: optional. */
  required?: ErrorKey;
  maxLength?: number;
  default?: string | number | null;
  /** Dictionary code whose keys are the allowed values (e.g. open_close). */
  dict?: string;
  /** The only values allowed, each its own label, picked from a list (a plate's province: 京, 沪...). */
  choices?: ReadonlyArray<string>;
  validator?: ValidatorName;
  /** Message of the validator when it refuses, overriding its own. */
  invalid?: ErrorKey;
  /** How the list screen searches this field; the API accepts every operator regardless. */
  search?: SearchMode;
  /** Never sent to clients (password hashes). */
  secret?: boolean;
  /**
   * A credential the server uses again (an object store's secret key, a database password): kept encrypted
   * at rest under the server's key (apps/server platform/security/sealed-secrets.ts). Always with `secret`.
   */
  sealed?: boolean;
  /** An exact decimal quantity that is not an amount of money (an area, a pressure): shown without a currency sign. */
  measure?: boolean;
  /** Set by the server only; ignored in submit bodies. */
  readOnly?: boolean;
  /** Where screens get the choices of an id field. */
  options?: FieldOptions;
}

/**
 * The choices of a reference field: a call (after /api) answering a tree of
 * { title, value } or a list of rows; several choices travel joined by commas.
 */
export interface FieldOptions {
  from: string;
  tree?: boolean;
  multiple?: boolean;
  /** Checking a tree node checks its whole subtree (menus of a package); otherwise a pick is that node only. */
  cascade?: boolean;
  /** For lists: the row key shown (default title/name); several keys are shown joined (a plate: 京 + A + 12345). */
  label?: string | string[];
  /**
   * In a form, the choices once another field has a value: that field's value sent to `from` (this field's own
   * list when absent) as the query parameter `param` (the other field's key when absent). A family member's
   * house is one of the chosen owner's; a house's unit one of the chosen building's. Changing the other field
   * clears this one. Tables show labels from the whole list.
   */
  narrowedBy?: { field: string; from?: string; param?: string };
}

export type Owner = 'platform' | 'tenant';

export interface EntityDef<F extends Record<string, FieldDef> = Record<string, FieldDef>, O extends Owner = Owner> {
  /** Unique key, also the resource code used by data scopes. */
  name: string;
  table: string;
  /** API base path after /api, e.g. /blade-system/param. */
  base: string;
  owner: O;
  /** The entity's name in both languages: from the messages' `entities` (or `forms`) by `name`. */
  label: { zh: string; en: string };
  /** Menu code whose grant allows reading; buttons are `<permission>_add` etc. */
  permission: string;
  fields: F;
  sort?: { ascs?: string[]; descs?: string[] };
  /** Trees keep their parent in this field; 0 is the root. */
  tree?: { parent: keyof F & string; title: keyof F & string };
  /** Generic routes this entity answers (default all five). */
  routes?: ReadonlyArray<GenericRoute>;
  /** Only the platform administrator may read or change it (tenants, packages, OAuth clients). */
  platformAdminOnly?: boolean;
  /** Columns (beyond tenant) that are unique among live rows, with the message when taken. */
  unique?: ReadonlyArray<{ fields: ReadonlyArray<keyof F & string>; message: ErrorKey }>;
  /**
   * Extra indexes of live rows for the list filters screens use most (e.g.
   * house by garden and building); each is led by tenant_id when tenant-owned.
   */
  indexes?: ReadonlyArray<ReadonlyArray<keyof F & string>>;
  /** false: the engine keeps no audit trail of its rows (logs, job runs, the audit trail itself). Default true. */
  audit?: boolean;
}

export type GenericRoute = 'list' | 'page' | 'detail' | 'submit' | 'remove';

export const ALL_ROUTES: ReadonlyArray<GenericRoute> = ['list', 'page', 'detail', 'submit', 'remove'];

type Names = Record<string, string | undefined>;

/**
 * The name of an entity (or a call's form) in one language; its key when it has none. From the messages' own module
 * of names (not the whole bundles: the console's first script carries the definitions, and with them what they import).
 */
function labelIn(names: { entities: Names; forms: Names }, name: string): string {
  const { entities, forms } = names;
  return (Object.hasOwn(entities, name) ? entities[name] : Object.hasOwn(forms, name) ? forms[name] : undefined) ?? name;
}

const NAMES_ZH = { entities: entityNamesZh as Names, forms: formNamesZh as Names };
const NAMES_EN = { entities: entityNamesEn as Names, forms: formNamesEn as Names };

/**
 * Declares an entity. The tree and unique keys are checked against its own
 * fields here; its label comes from the messages (names are words people
 * read, so they live there). The result keeps its fields' kinds in its type,
 * so the JSON types of its records (contract/records.ts) are inferred from it.
 */
export function entity<F extends Record<string, FieldDef>, O extends Owner>(
  def: Omit<EntityDef<F, O>, 'label'>,
): TypedEntity<F, O> {
  return { ...def, label: { zh: labelIn(NAMES_ZH, def.name), en: labelIn(NAMES_EN, def.name) } } as unknown as TypedEntity<F, O>;
}

/** An entity as declared: the plain EntityDef every consumer takes, with its fields' types kept. */
export type TypedEntity<F extends Record<string, FieldDef> = Record<string, FieldDef>, O extends Owner = Owner> = EntityDef & {
  fields: F;
  owner: O;
};

type Opts = Omit<FieldDef, 'kind'>;
/** A field of one kind; `secret: true` stays in its type (secret fields never appear in answers). */
export type FieldOf<K extends FieldKind, S extends boolean = false> = FieldDef & { kind: K } & (S extends true
    ? { secret: true }
    : unknown);
type Secret<O extends Opts> = O extends { secret: true } ? true : false;
export const text = <const O extends Opts = object>(o?: O) => ({ kind: 'text', ...o }) as FieldOf<'text', Secret<O>>;
/** A credential the server must use again: never answered, stored encrypted (FieldDef.sealed). */
export const sealedText = (o: Omit<Opts, 'secret' | 'sealed'> = {}) =>
  ({ kind: 'text', ...o, secret: true, sealed: true }) as FieldOf<'text', true>;
export const int = (o: Opts = {}) => ({ kind: 'int', ...o }) as FieldOf<'int'>;
export const long = (o: Opts = {}) => ({ kind: 'long', ...o }) as FieldOf<'long'>;
export const money = (o: Opts = {}) => ({ kind: 'money', validator: 'money', ...o }) as FieldOf<'money'>;
/** Stored and checked exactly like money (two decimals, no floating point), but a measure: areas, pressures. */
export const decimal = (o: Opts = {}) => money({ measure: true, ...o });
export const date = (o: Opts = {}) => ({ kind: 'date', ...o }) as FieldOf<'date'>;
export const datetime = (o: Opts = {}) => ({ kind: 'datetime', ...o }) as FieldOf<'datetime'>;
export const json = (o: Opts = {}) => ({ kind: 'json', ...o }) as FieldOf<'json'>;
/** Raw bytes (file contents kept in the database); always secret and read-only to clients. */
export const bytes = (o: Opts = {}) => ({ kind: 'bytes', secret: true, readOnly: true, ...o }) as FieldOf<'bytes', true>;

/** Columns every entity table carries; not declared in definitions. */
export const COMMON_FIELDS = {
  id: long({ readOnly: true }),
  createUser: long({ readOnly: true }),
  createDept: long({ readOnly: true }),
  createTime: datetime({ readOnly: true }),
  updateUser: long({ readOnly: true }),
  updateTime: datetime({ readOnly: true }),
  status: int({ default: 1 }),
  isDeleted: int({ readOnly: true, default: 0 }),
} satisfies Record<string, FieldDef>;

export const TENANT_FIELD = {
  tenantId: text({ readOnly: true, maxLength: 12 }),
} satisfies Record<string, FieldDef>;

export function snake(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

export function camel(column: string): string {
  return column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

export function columnOf(key: string, field: FieldDef): string {
  return field.column ?? snake(key);
}

/** Every field of the entity's rows, common columns included. */
export function allFields(def: EntityDef): Record<string, FieldDef> {
  return {
    ...COMMON_FIELDS,
    ...(def.owner === 'tenant' ? TENANT_FIELD : {}),
    ...def.fields,
  };
}

export function routesOf(def: EntityDef): ReadonlyArray<GenericRoute> {
  return def.routes ?? ALL_ROUTES;
}
