import { auditLogEntity, type AuditAction, type EntityDef } from '@property/domain';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database';
import type { CrudContext, Row } from './engine';
import { uniqueFields } from './fields';

/** What an audit row keeps of a secret field (a password hash, a client secret): that it changed, never its value. */
export const REDACTED = '******';

/** Bookkeeping columns every row carries: the audit row itself says who and when. */
const BOOKKEEPING = new Set(['id', 'create_user', 'create_dept', 'create_time', 'update_user', 'update_time', 'tenant_id']);

export type Changes = Record<string, { before: unknown; after: unknown }>;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields a change touched, keyed as the API names them, with their
 * values before and after (an insert: every field it set; a removal: the
 * removed flag). Secret fields show that they changed, as ******.
 */
export function changesOf(entity: EntityDef, before: Row | undefined, after: Row | undefined): Changes {
  const changes: Changes = {};
  for (const field of uniqueFields(entity)) {
    if (BOOKKEEPING.has(field.column)) continue;
    const old = before?.[field.column] ?? null;
    const now = after?.[field.column] ?? null;
    if (same(old, now)) continue;
    const hidden = field.def.secret === true;
    changes[field.key] = {
      before: hidden && old !== null ? REDACTED : old,
      after: hidden && now !== null ? REDACTED : now,
    };
  }
  return changes;
}

export interface AuditEntry {
  action: AuditAction;
  before?: Row;
  after?: Row;
}

/**
 * Writes the audit rows of changes to rows of `entity`, with the caller's
 * database handle: inside the change's transaction, so a change rolled back
 * leaves no audit row and a change committed always has its row. Entries that
 * changed nothing are skipped.
 */
export async function writeAudit(ctx: CrudContext, entity: EntityDef, entries: AuditEntry[]): Promise<void> {
  if (entity.audit === false) return;
  const rows = entries
    .map((entry) => ({ entry, row: entry.after ?? entry.before!, changes: changesOf(entity, entry.before, entry.after) }))
    .filter((e) => Object.keys(e.changes).length > 0);
  if (rows.length === 0) return;
  const { auth } = ctx;
  // One parameter a column (arrays unnested by the database), whatever the number of rows: a generated month's
  // bills are audited in the statement's chunks, where a VALUES list would be a parameter a value to parse.
  const column = <T>(pick: (r: (typeof rows)[number]) => T) => rows.map(pick);
  await sql`insert into ${sql.table(auditLogEntity.table)} (tenant_id, entity_name, row_id, action, changes, create_user,
    create_dept, account, user_name, remote_ip, request_id)
    select t.tenant_id, ${entity.name}, t.row_id::bigint, t.action, t.changes, ${auth.userId || null}::bigint, ${auth.deptId || null}::bigint,
      ${auth.account || null}::text, ${auth.userName || null}::text, ${ctx.ip ?? null}::text, ${ctx.requestId ?? null}::text
    from unnest(${column(({ row }) => String((row.tenant_id as string | undefined) ?? auth.tenantId))}::text[],
      ${column(({ row }) => String(row.id))}::text[], ${column(({ entry }) => entry.action)}::text[],
      ${column(({ changes }) => JSON.stringify(changes))}::jsonb[]) as t(tenant_id, row_id, action, changes)`.execute(ctx.db);
}

/**
 * A field's value in SQL as JSON text, as changesOf holds it (the driver's JSON shape: ids, money and dates as
 * text); null when the column is. Numbers, ids, amounts and formatted dates are digits and signs that need no
 * escaping, so they are quoted by hand (cheaper than to_json a value); text and JSON go through to_json.
 */
function auditValueSql(alias: string, column: string, kind: string): RawBuilder<unknown> {
  const ref = sql.ref(`${alias}.${column}`);
  if (kind === 'text' || kind === 'json') return sql`to_json(${ref})::text`;
  if (kind === 'int') return sql`${ref}::text`;
  if (kind === 'datetime') return sql`'"' || to_char(${ref}, 'YYYY-MM-DD HH24:MI:SS') || '"'`;
  if (kind === 'date') return sql`'"' || to_char(${ref}, 'YYYY-MM-DD') || '"'`;
  return sql`'"' || ${ref}::text || '"'`;
}

/**
 * The key of an insert's changes stored compactly: `{ "+": { field: value } }`, the fields the insert set (no
 * field key is "+"). presentAudit answers them as changesOf does, `{ field: { before: null, after: value } }`.
 */
const INSERTED = '+';

/**
 * The changes of inserting a row of `entity`, built in SQL from the columns of `alias`, for audit rows written
 * inside a statement that inserts many rows (a generated month's bills), so they never travel to the server and
 * back. Stored compactly (INSERTED): every field set, with its value as changesOf holds it; answered expanded.
 *
 * Written as JSON text and parsed once: each field's `"key":value` is null when its column is (text || null is
 * null) and concat_ws skips nulls. A jsonb object built field by field, stripped of nulls and rebuilt as
 * {before, after} took about four times as long to build, and twice the room: a third of a generated month's
 * time (benchmarks.md).
 */
export function insertChangesSql(entity: EntityDef, alias: string): RawBuilder<unknown> {
  const entries = uniqueFields(entity)
    .filter((field) => !BOOKKEEPING.has(field.column) && field.def.kind !== 'bytes')
    .map((field) => {
      const value = field.def.secret
        ? sql`case when ${sql.ref(`${alias}.${field.column}`)} is null then null else ${JSON.stringify(REDACTED)}::text end`
        : auditValueSql(alias, field.column, field.def.kind);
      return sql`${`${JSON.stringify(field.key)}:`}::text || ${value}`;
    });
  // A function takes at most 100 arguments: 40 entries a concat_ws, joined by one more (an empty part is null).
  const parts: RawBuilder<unknown>[] = [];
  for (let i = 0; i < entries.length; i += 40) parts.push(sql`nullif(concat_ws(',', ${sql.join(entries.slice(i, i + 40))}), '')`);
  // No field set: null, as an insert that set nothing has no changes.
  return sql`(${`{${JSON.stringify(INSERTED)}:{`}::text || nullif(concat_ws(',', ${sql.join(parts)}), '') || '}}')::jsonb`;
}

/** Changes as the API answers them: an insert's compact form (insertChangesSql) expanded to {before, after}. */
export function expandChanges(changes: unknown): unknown {
  if (changes === null || typeof changes !== 'object' || Array.isArray(changes)) return changes;
  const keys = Object.keys(changes);
  const inserted = (changes as Record<string, unknown>)[INSERTED];
  if (keys.length !== 1 || keys[0] !== INSERTED || inserted === null || typeof inserted !== 'object') return changes;
  return Object.fromEntries(Object.entries(inserted).map(([key, after]) => [key, { before: null, after }]));
}

/** An audit row as read, its changes as the API answers them (the audit list, detail and a row's history). */
export const presentAudit = (row: Row): Row => ({ ...row, changes: expandChanges(row.changes) });

/** The columns of an audit row but its changes, as `insert … select` lists them (one statement, many rows). */
export function auditInsertSql(ctx: CrudContext, entity: EntityDef, alias: string): RawBuilder<unknown> {
  const { auth } = ctx;
  return sql`insert into ${sql.table(auditLogEntity.table)} (tenant_id, entity_name, row_id, action, changes, create_user,
      create_dept, account, user_name, remote_ip, request_id)
    select ${sql.ref(`${alias}.tenant_id`)}, ${entity.name}::text, ${sql.ref(`${alias}.id`)}, 'insert', ${insertChangesSql(entity, alias)},
      ${auth.userId || null}::bigint, ${auth.deptId || null}::bigint, ${auth.account || null}::text, ${auth.userName || null}::text,
      ${ctx.ip ?? null}::text, ${ctx.requestId ?? null}::text`;
}

/** Runs `work` in a transaction unless `db` is one already (then in it), so a change and its audit row commit together. */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/**
 * Retention: deletes a tenant's audit rows older than `days` days (the
 * auditRetention job, daily, with the parameter audit.retentionDays).
 * Answers how many it deleted.
 */
export async function pruneAudit(db: Db, tenantId: string, days: number): Promise<number> {
  const result = await sql`delete from ${sql.table(auditLogEntity.table)}
    where tenant_id = ${tenantId} and create_time < localtimestamp(0) - make_interval(days => ${days})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
