import { allFields, columnOf, type EntityDef, type FieldDef } from '@property/domain';

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

export function shapeOf(def: EntityDef): TableShape {
  const columns: Record<string, string> = {};
  for (const [key, field] of Object.entries(allFields(def))) {
    columns[columnOf(key, field)] = columnType(key, field, def);
  }
  const indexes: Record<string, string> = {};
  const scoped = def.owner === 'tenant' ? ['tenant_id'] : [];
  if (def.owner === 'tenant') indexes[`${def.table}_tenant_idx`] = `(tenant_id, create_time desc)`;
  if (def.tree) {
    const parent = columnOf(def.tree.parent, def.fields[def.tree.parent]);
    indexes[`${def.table}_parent_idx`] = `(${[...scoped, parent].join(', ')})`;
  }
  for (const unique of def.unique ?? []) {
    const cols = unique.fields.map((f) => columnOf(f, def.fields[f]));
    indexes[`${def.table}_${cols.join('_')}_uq`] = `unique (${[...scoped, ...cols].join(', ')}) where is_deleted = 0`;
  }
  for (const index of def.indexes ?? []) {
    const cols = index.map((f) => columnOf(f, allFields(def)[f]!));
    indexes[`${def.table}_${cols.join('_')}_idx`] = `(${[...scoped, ...cols].join(', ')}) where is_deleted = 0`;
  }
  return { columns, indexes };
}

export function schemaOf(entities: ReadonlyArray<EntityDef>): SchemaShape {
  return Object.fromEntries(entities.map((def) => [def.table, shapeOf(def)]));
}

/** SQL that turns the schema `from` into `to`. Only additive changes are generated. */
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
    for (const [name, spec] of Object.entries(shape.indexes)) {
      if (before?.indexes[name] === spec) continue;
      if (before?.indexes[name]) statements.push(`drop index ${name}`);
      statements.push(indexSql(table, name, spec));
    }
  }
  return statements;
}

function indexSql(table: string, name: string, spec: string): string {
  const unique = spec.startsWith('unique ');
  const body = unique ? spec.slice('unique '.length) : spec;
  const [cols, where] = body.split(' where ');
  return `create ${unique ? 'unique ' : ''}index ${name} on ${table} ${cols}${where ? ` where ${where}` : ''}`;
}
