import { allFields, columnOf, defaultSortOf, routesOf, type EntityDef, type FieldDef, type SortKey } from '@property/domain';
import { gardenColumnOf } from '../security/access';

/**
 * The tables as the entity definitions describe them. Migrations are generated
 * from the difference between two of these snapshots, so a definition and its
 * table cannot drift apart unnoticed (test/schema-drift.test.ts).
 */
export interface TableShape {
  columns: Record<string, string>;
  indexes: Record<string, string>;
}
export type SchemaShape = Record<string, TableShape>;

const ID_SEQUENCE = 'blade_id_seq';

export function columnType(key: string, field: FieldDef, def: EntityDef): string {
  if (key === 'id') return `bigint primary key default nextval('${ID_SEQUENCE}')`;
  if (key === 'tenantId') return `text not null default '000000'`;
  if (key === 'isDeleted') return 'integer not null default 0';
  if (key === 'createTime' || key === 'updateTime') return 'timestamp(0) default localtimestamp(0)';
  const base = {
    text: 'text',
    int: 'integer',
    long: 'bigint',
    money: 'numeric(14,2)',
    date: 'date',
    datetime: 'timestamp(0)',
    json: 'jsonb',
    bytes: 'bytea',
  }[field.kind];
  const dflt = field.default === undefined || field.default === null ? '' : ` default ${literal(field.default)}`;
  void def;
  return base + dflt;
}

function literal(value: string | number): string {
  return typeof value === 'number' ? String(value) : `'${value.replace(/'/g, "''")}'`;
}

/** Indexes cover live rows only: every list, count and unique check says `is_deleted = 0`. */
const LIVE = ' where is_deleted = 0';
/** pg_trgm's operator class: LIKE / ILIKE with a wildcard on either side can use the index (three characters or more). */
const TRIGRAM_OPS = 'gin_trgm_ops';

const orderColumns = (keys: ReadonlyArray<SortKey>) => keys.map((k) => (k.direction === 'desc' ? `${k.column} desc` : k.column));

export function shapeOf(def: EntityDef): TableShape {
  const columns: Record<string, string> = {};
  for (const [key, field] of Object.entries(allFields(def))) {
    columns[columnOf(key, field)] = columnType(key, field, def);
  }
  const fields = allFields(def);
  const scoped = def.owner === 'tenant' ? ['tenant_id'] : [];
  const unique: Record<string, string> = {};
  for (const rule of def.unique ?? []) {
    const cols = rule.fields.map((f) => columnOf(f, def.fields[f]));
    unique[`${def.table}_${cols.join('_')}_uq`] = `unique (${[...scoped, ...cols].join(', ')})${LIVE}`;
  }
  // Ordered indexes, as lists of columns; one that another begins with is left out (the longer serves both).
  const ordered: Record<string, string[]> = {};
  // The newest first (the console's 创建时间 sort, most lists' default) and the counts of the tenant's rows.
  if (def.owner === 'tenant') ordered[`${def.table}_tenant_idx`] = ['tenant_id', 'create_time desc', 'id desc'];
  for (const index of def.indexes ?? []) {
    const cols = index.map((f) => columnOf(f, fields[f]!));
    ordered[`${def.table}_${cols.join('_')}_idx`] = [...scoped, ...cols];
  }
  // The main list in its default order, whole and (for garden-bound rows) by the header's garden: the first page
  // reads ten index entries whatever the table's size.
  if (routesOf(def).some((r) => r === 'list' || r === 'page')) {
    const order = [...orderColumns(defaultSortOf(def)), 'id desc'];
    ordered[`${def.table}_list_idx`] = [...scoped, ...order];
    const garden = gardenColumnOf(def);
    if (garden && garden !== 'id') ordered[`${def.table}_garden_list_idx`] = [...scoped, garden, ...order];
  }
  const indexes: Record<string, string> = {};
  const all = Object.entries(ordered);
  for (const [i, [name, cols]] of all.entries()) {
    const repeated = all.slice(0, i).some(([, other]) => other.join() === cols.join());
    const longerOne = all.some(([, other]) => other.length > cols.length && cols.every((c, n) => other[n] === c));
    if (!repeated && !longerOne) indexes[name] = `(${cols.join(', ')})${LIVE}`;
  }
  // Children of a tree node: lazy tree levels and the checks before a removal.
  if (def.tree)
    indexes[`${def.table}_parent_idx`] = `(${[...scoped, columnOf(def.tree.parent, def.fields[def.tree.parent])].join(', ')})`;
  Object.assign(indexes, unique);
  for (const [key, field] of Object.entries(def.fields)) {
    if (field.search !== 'like' || field.kind !== 'text') continue;
    const column = columnOf(key, field);
    indexes[`${def.table}_${column}_trgm`] = `gin (${column} ${TRIGRAM_OPS})${LIVE}`;
  }
  return { columns, indexes };
}

export function schemaOf(entities: ReadonlyArray<EntityDef>): SchemaShape {
  return Object.fromEntries(entities.map((def) => [def.table, shapeOf(def)]));
}

/**
 * SQL that turns the schema `from` into `to`: new tables, columns and indexes, changed indexes remade,
 * indexes no longer derived dropped. Columns are only ever added.
 */
export function diffSchema(from: SchemaShape, to: SchemaShape): string[] {
  const statements: string[] = [];
  if (Object.keys(from).length === 0) statements.push(`create sequence if not exists ${ID_SEQUENCE} start 1000000000000000001`);
  for (const [table, shape] of Object.entries(to)) {
    const before = from[table];
    if (!before) {
      const cols = Object.entries(shape.columns).map(([c, t]) => `  ${c} ${t}`);
      statements.push(`create table ${table} (\n${cols.join(',\n')}\n)`);
    } else {
      for (const [c, t] of Object.entries(shape.columns)) {
        if (!before.columns[c]) statements.push(`alter table ${table} add column ${c} ${t}`);
        else if (before.columns[c] !== t) {
          throw new Error(`${table}.${c} changed from "${before.columns[c]}" to "${t}": write that migration by hand`);
        }
      }
    }
    for (const name of Object.keys(before?.indexes ?? {})) {
      if (!shape.indexes[name]) statements.push(`drop index if exists ${name}`);
    }
    for (const [name, spec] of Object.entries(shape.indexes)) {
      if (before?.indexes[name] === spec) continue;
      if (before?.indexes[name]) statements.push(`drop index ${name}`);
      statements.push(indexSql(table, name, spec));
    }
  }
  const usesTrigrams = (schema: SchemaShape) =>
    Object.values(schema).some((t) => Object.values(t.indexes).some((spec) => spec.includes(TRIGRAM_OPS)));
  // pg_trgm is a trusted extension (PostgreSQL 13+): the database's owner may create it without being a superuser.
  if (usesTrigrams(to) && !usesTrigrams(from)) statements.unshift('create extension if not exists pg_trgm');
  return statements;
}

/** An index spec is `[unique |gin ](columns)[ where condition]`. */
function indexSql(table: string, name: string, spec: string): string {
  const [, kind, body] = /^(unique |gin )?(.*)$/.exec(spec)!;
  const [cols, where] = body!.split(' where ');
  const head = kind === 'unique ' ? 'create unique index' : 'create index';
  const method = kind === 'gin ' ? 'using gin ' : '';
  return `${head} ${name} on ${table} ${method}${cols}${where ? ` where ${where}` : ''}`;
}
