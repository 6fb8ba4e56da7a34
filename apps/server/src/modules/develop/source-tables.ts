import type { SourceConnection } from './connection';

/**
 * What a data source's information_schema says of its tables and their columns (read the same way
 * from the product's own database and from any other PostgreSQL). Comments, which
 * information_schema does not hold, come from PostgreSQL's obj_description and col_description.
 */

/** A column as the database describes it. */
export interface SourceColumn {
  name: string;
  /** 1, 2, …: the column's place in the table. */
  position: number;
  nullable: boolean;
  /** information_schema's data_type: 'character varying', 'numeric', 'timestamp without time zone', 'USER-DEFINED'… */
  dataType: string;
  /** The type's own name (int4, varchar, citext, _text for arrays). */
  udtName: string;
  maxLength: number | null;
  precision: number | null;
  scale: number | null;
  columnDefault: string | null;
  comment: string | null;
  /** Part of the primary key. */
  isKey: boolean;
}

/** `schema.table` → its parts; a bare name is the source's current schema's. */
export function tableParts(table: string): { schema: string | null; name: string } {
  const dot = table.indexOf('.');
  return dot < 0 ? { schema: null, name: table } : { schema: table.slice(0, dot), name: table.slice(dot + 1) };
}

/** Most tables a picker lists: a database with more is searched by typing the name. */
const MAX_TABLES = 2_000;

/**
 * The tables and views of a source people would model: outside PostgreSQL's own schemas, named as
 * generated code can write them unquoted (lower case). The current schema's by bare name first.
 */
export async function listTables(source: SourceConnection): Promise<Array<{ tableName: string; comment: string | null }>> {
  return source.query(
    `select case when t.table_schema = current_schema() then t.table_name
        else t.table_schema || '.' || t.table_name end as "tableName",
      obj_description(format('%I.%I', t.table_schema, t.table_name)::regclass, 'pg_class') as "comment"
    from information_schema.tables t
    where t.table_schema not in ('pg_catalog', 'information_schema') and t.table_schema not like 'pg\\_%'
      and t.table_type in ('BASE TABLE', 'VIEW') and t.table_name ~ '^[a-z_][a-z0-9_]*$' and t.table_schema ~ '^[a-z_][a-z0-9_]*$'
    order by t.table_schema = current_schema() desc, t.table_schema, t.table_name
    limit ${MAX_TABLES}`,
  );
}

/** The columns of a table in their order, or none when the source has no such table. */
export async function readColumns(source: SourceConnection, table: string): Promise<SourceColumn[]> {
  const { schema, name } = tableParts(table);
  const rows = await source.query<{
    name: string;
    position: number | string;
    is_nullable: string;
    data_type: string;
    udt_name: string;
    max_length: number | string | null;
    precision: number | string | null;
    scale: number | string | null;
    column_default: string | null;
    comment: string | null;
    is_key: boolean;
  }>(
    `select c.column_name as name, c.ordinal_position::int as position, c.is_nullable, c.data_type, c.udt_name,
      c.character_maximum_length::int as max_length, c.numeric_precision::int as precision, c.numeric_scale::int as scale,
      c.column_default, col_description(format('%I.%I', c.table_schema, c.table_name)::regclass, c.ordinal_position::int) as comment,
      exists (select 1 from information_schema.table_constraints k
        join information_schema.key_column_usage u on u.constraint_schema = k.constraint_schema
          and u.constraint_name = k.constraint_name and u.table_name = k.table_name
        where k.constraint_type = 'PRIMARY KEY' and k.table_schema = c.table_schema and k.table_name = c.table_name
          and u.column_name = c.column_name) as is_key
    from information_schema.columns c
    where c.table_schema = coalesce($1::text, current_schema()) and c.table_name = $2
    order by c.ordinal_position`,
    [schema, name],
  );
  const num = (v: number | string | null) => (v === null ? null : Number(v));
  return rows.map((r) => ({
    name: r.name,
    position: Number(r.position),
    nullable: r.is_nullable === 'YES',
    dataType: r.data_type,
    udtName: r.udt_name,
    maxLength: num(r.max_length),
    precision: num(r.precision),
    scale: num(r.scale),
    columnDefault: r.column_default,
    comment: r.comment,
    isKey: r.is_key === true || String(r.is_key) === 'true',
  }));
}
