import { columnOf, type EntityDef, type PageOf } from '@property/domain';
import { sql, type RawBuilder } from 'kysely';
import type { KeyValueStore } from '../cache/store';
import type { Db } from '../db/database';
import type { AuthContext } from '../http/context';
import { badRequest, conflict, notFound } from '../http/errors';
import { inTransaction, writeAudit } from './audit';
import { gardenColumnOf } from '../security/access';
import { sealedColumnsOf, type SecretSeal } from '../security/sealed-secrets';
import { fieldsOf, idText, uniqueFields } from './fields';
import { defaultSort, listOrder, parseListQuery } from './filters';
import { readPage, type PageRequest } from './paging';
import { checkReferences } from './references';
import { validateBody, type Values } from './validate';

export type Row = Record<string, unknown>;

/** A page as the API contract declares it (packages/domain PAGE_FIELDS). */
export type Page<T = Row> = PageOf<T>;

/** What an operation needs of its caller: a database (or transaction), who, and which rows they may touch. */
export interface CrudContext {
  db: Db;
  auth: AuthContext;
  /** Conditions limiting the rows of an entity to the caller's tenant, gardens and data scope. */
  rowScope(entity: EntityDef): RawBuilder<unknown>[];
  /** Refuses a write into a garden outside the caller's gardens (absent: no garden limit, e.g. seeding). */
  requireGarden?(gardenId: unknown): void;
  /** Shared short-lived state: where deep pages are continued from (absent: pages beyond PAGE_DEPTH_LIMIT are refused). */
  store?: KeyValueStore;
  /** Where the call came from and its request id, for the audit trail (absent outside a request: jobs, seeding). */
  ip?: string;
  requestId?: string;
  /** Seals the values of fields with `sealed` before they are written (absent: such a write is refused). */
  secrets?: SecretSeal;
}

/** A module's own list: conditions beyond the query's, and query keys it reads itself. */
export interface ListOptions {
  extra?: RawBuilder<unknown>[];
  skip?: string[];
}

export interface CrudHooks {
  /** A row as read, before it is answered: an entity storing some rows in a compact form expands them here. */
  present?(row: Row): Row;
  /** Check or complete the values of a save; may throw an ApiError. Runs inside the save's transaction. */
  beforeSave?(ctx: CrudContext, values: Values, existing: Row | undefined): Promise<void> | void;
  afterSave?(ctx: CrudContext, saved: Row, existing: Row | undefined): Promise<void> | void;
  /** Refuse a removal that would orphan other rows. */
  beforeRemove?(ctx: CrudContext, ids: string[]): Promise<void> | void;
}

export function parseId(raw: unknown, name = 'id'): string {
  if (raw === undefined || raw === null || raw === '') throw badRequest('missingParam', { name });
  const id = idText(raw);
  if (id === undefined) throw badRequest('paramTypeOf', { name });
  return id;
}

export function parseIds(raw: unknown, name = 'ids'): string[] {
  if (raw === undefined || raw === null || raw === '') throw badRequest('missingParam', { name });
  const ids = String(raw)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (ids.length === 0) throw badRequest('missingParam', { name });
  return ids.map((id) => parseId(id, name));
}

/** Row from the database → JSON for the client: camelCase keys, no secrets. */
export function toJson(entity: EntityDef, row: Row): Row {
  const out: Row = {};
  for (const field of uniqueFields(entity)) {
    if (field.def.secret) continue;
    if (field.column in row) out[field.key] = row[field.column];
  }
  return out;
}

/**
 * A saved row's new updateTime: now, and always past the one it replaces. The wire format has whole seconds
 * (yyyy-MM-dd HH:mm:ss), so two saves within one second would leave the same value, and an edit read between
 * them would pass the optimistic check (submit's `staleUpdate`) and overwrite the second save unseen. Every
 * update of a row, the engine's and the modules' own SQL alike, sets `update_time` to it.
 */
export const NEXT_UPDATE_TIME = sql`greatest(localtimestamp(0), update_time + interval '1 second')`;

/**
 * list / page / detail / submit / remove for any entity definition. Modules
 * with more behaviour pass hooks or call these operations from their own routes.
 */
export class CrudService {
  constructor(
    readonly entity: EntityDef,
    private readonly hooks: CrudHooks = {},
  ) {}

  private table() {
    return sql.table(this.entity.table);
  }

  /** A row as the API answers it. */
  private json(row: Row): Row {
    return toJson(this.entity, this.hooks.present ? this.hooks.present(row) : row);
  }

  /** Live rows the caller may see. */
  scope(ctx: CrudContext, extra: RawBuilder<unknown>[] = []): RawBuilder<unknown> {
    const conditions = [sql`is_deleted = 0`, ...ctx.rowScope(this.entity), ...extra];
    return sql.join(conditions, sql` and `);
  }

  async page(ctx: CrudContext, query: Record<string, unknown>, options: ListOptions = {}): Promise<Page> {
    const page = await readPage(ctx.db, this.listRequest(ctx, query, options));
    return { ...page, records: page.records.map((r) => this.json(r)) };
  }

  /** What page() reads: the caller's rows matching the query, in the query's order (tests explain its statements). */
  listRequest(ctx: CrudContext, query: Record<string, unknown>, options: ListOptions = {}): PageRequest {
    const parsed = parseListQuery(this.entity, query, options.skip);
    return {
      from: this.table(),
      where: this.scope(ctx, [...parsed.where, ...(options.extra ?? [])]),
      order: listOrder(this.entity, parsed),
      current: parsed.current,
      size: parsed.size,
      textSearch: parsed.textSearch,
      store: ctx.store,
    };
  }

  /** Every matching row without paging (for trees, selects and exports), capped for safety. */
  async all(
    ctx: CrudContext,
    query: Record<string, unknown> = {},
    extra: RawBuilder<unknown>[] = [],
    limit = 10_000,
  ): Promise<Row[]> {
    const parsed = parseListQuery(this.entity, { ...query, current: undefined, size: undefined });
    const where = this.scope(ctx, [...parsed.where, ...extra]);
    const order = parsed.orderBy.length > 0 ? parsed.orderBy : defaultSort(this.entity);
    const rows = await sql<Row>`select * from ${this.table()} where ${where}
      order by ${sql.join(order)}, id limit ${limit}`.execute(ctx.db);
    return rows.rows.map((r) => this.json(r));
  }

  /** The caller's live row; `lock`: held until the transaction ends, so concurrent saves of it queue (docs/api-conventions.md). */
  async findRow(ctx: CrudContext, id: string, lock = false): Promise<Row | undefined> {
    const rows = await sql<Row>`select * from ${this.table()} where id = ${id} and ${this.scope(ctx)}
      ${lock ? sql`for update` : sql``}`.execute(ctx.db);
    return rows.rows[0];
  }

  /** detail?id= or, for clients that look up by another field, detail?field=value. */
  async detail(ctx: CrudContext, query: Record<string, unknown>): Promise<Row | null> {
    if (query.id !== undefined) {
      const row = await this.findRow(ctx, parseId(query.id));
      return row ? this.json(row) : null;
    }
    const parsed = parseListQuery(this.entity, query);
    if (parsed.where.length === 0) throw badRequest('missingParam', { name: 'id' });
    const rows = await sql<Row>`select * from ${this.table()} where ${this.scope(ctx, parsed.where)} limit 1`.execute(ctx.db);
    return rows.rows[0] ? this.json(rows.rows[0]) : null;
  }

  /** Insert when the body has no id, update otherwise; one transaction, nothing half-saved. */
  async submit(ctx: CrudContext, body: unknown): Promise<Row> {
    const input = (body ?? {}) as Record<string, unknown>;
    const isNew = input.id === undefined || input.id === null || input.id === '';
    const values = validateBody(this.entity, body, isNew);
    return ctx.db.transaction().execute(async (tx) => {
      const txCtx = { ...ctx, db: tx };
      let existing: Row | undefined;
      if (!isNew) {
        existing = await this.findRow(txCtx, parseId(input.id), true);
        if (!existing) throw notFound();
        // Optimistic check, when the client sends the updateTime it read: a row saved since is refused.
        if (typeof input.updateTime === 'string' && input.updateTime !== existing.update_time) throw conflict('staleUpdate');
      }
      await this.hooks.beforeSave?.(txCtx, values, existing);
      await checkReferences(txCtx, this.entity, values);
      this.checkGarden(txCtx, values, existing);
      await this.checkUnique(txCtx, values, existing);
      const saved = existing
        ? await this.update(txCtx, existing.id as string, values, existing)
        : await this.insert(txCtx, values);
      await this.hooks.afterSave?.(txCtx, saved, existing);
      return this.json(saved);
    });
  }

  /** Adds a row and its audit row, in one transaction (the caller's when it is in one). */
  async insert(ctx: CrudContext, values: Values): Promise<Row> {
    const row: Values = this.sealed(ctx, values);
    if (this.entity.owner === 'tenant' && row.tenant_id === undefined) row.tenant_id = ctx.auth.tenantId;
    row.create_user ??= ctx.auth.userId || null;
    row.create_dept ??= ctx.auth.deptId || null;
    row.update_user ??= ctx.auth.userId || null;
    const cols = Object.keys(row);
    return inTransaction(ctx.db, async (tx) => {
      const result = await sql<Row>`insert into ${this.table()} (${sql.join(cols.map((c) => sql.ref(c)))})
        values (${sql.join(cols.map((c) => row[c]))}) returning *`.execute(tx);
      const saved = result.rows[0]!;
      await writeAudit({ ...ctx, db: tx }, this.entity, [{ action: 'insert', after: saved }]);
      return saved;
    });
  }

  /**
   * Changes the caller's row and writes its audit row (the fields that changed, before and after), in one
   * transaction. `before`: the row as read under lock by the caller; absent, it is read (and locked) here.
   */
  async update(ctx: CrudContext, id: string, values: Values, before?: Row): Promise<Row> {
    const sets = Object.entries(this.sealed(ctx, values)).map(([c, v]) => sql`${sql.ref(c)} = ${v}`);
    sets.push(sql`update_user = ${ctx.auth.userId || null}`, sql`update_time = ${NEXT_UPDATE_TIME}`);
    return inTransaction(ctx.db, async (tx) => {
      const txCtx = { ...ctx, db: tx };
      const old = before ?? (await this.findRow(txCtx, id, true));
      if (!old) throw notFound();
      const result = await sql<Row>`update ${this.table()} set ${sql.join(sets)}
        where id = ${id} and ${this.scope(txCtx)} returning *`.execute(tx);
      if (!result.rows[0]) throw notFound();
      await writeAudit(txCtx, this.entity, [{ action: 'update', before: old, after: result.rows[0] }]);
      return result.rows[0];
    });
  }

  /** Soft delete of the caller's rows among `ids`; others are left untouched. One transaction (the caller's when it is in one). */
  async remove(ctx: CrudContext, rawIds: unknown): Promise<number> {
    const asked = parseIds(rawIds);
    return inTransaction(ctx.db, async (tx) => {
      const txCtx = { ...ctx, db: tx };
      // The hooks see only the caller's rows among those asked: what they cascade to (an owner's
      // cars, a space's lot counts) must not reach rows of another garden or scope (issue 13,
      // found by the garden matrix).
      const own = await sql<{ id: string }>`select id from ${this.table()}
        where id in (${sql.join(asked)}) and ${this.scope(txCtx)}`.execute(tx);
      const ids = own.rows.map((r) => String(r.id));
      if (ids.length === 0) return 0;
      await this.hooks.beforeRemove?.(txCtx, ids);
      const result = await sql<Row>`update ${this.table()} set is_deleted = 1, update_user = ${ctx.auth.userId || null},
        update_time = ${NEXT_UPDATE_TIME} where id in (${sql.join(ids)}) and ${this.scope(txCtx)} returning *`.execute(tx);
      const removed = result.rows.map((after) => ({ action: 'remove' as const, before: { ...after, is_deleted: 0 }, after }));
      await writeAudit(txCtx, this.entity, removed);
      return result.rows.length;
    });
  }

  /** The values with the entity's credentials sealed: no path of the engine writes one as typed. */
  private sealed(ctx: CrudContext, values: Values): Values {
    if (sealedColumnsOf(this.entity).every(({ column }) => values[column] === undefined)) return { ...values };
    if (!ctx.secrets) throw new Error(`${this.entity.name}: a credential written without the server's seal`);
    return ctx.secrets.sealValues(this.entity, values);
  }

  /**
   * The row a save ends with must sit in one of the caller's gardens (after
   * the hooks, which derive the garden of rows placed by their house).
   */
  private checkGarden(ctx: CrudContext, values: Values, existing: Row | undefined): void {
    const column = gardenColumnOf(this.entity);
    if (!column || !ctx.requireGarden) return;
    ctx.requireGarden(column in values ? values[column] : existing?.[column]);
  }

  /** The definition's unique rules, among the live rows of the same tenant. */
  private async checkUnique(ctx: CrudContext, values: Values, existing: Row | undefined): Promise<void> {
    for (const rule of this.entity.unique ?? []) {
      const conditions = rule.fields.map((f) => {
        const column = columnOf(f, this.entity.fields[f]);
        const value = column in values ? values[column] : existing?.[column];
        return value === null || value === undefined ? sql`${sql.ref(column)} is null` : sql`${sql.ref(column)} = ${value}`;
      });
      if (existing) conditions.push(sql`id <> ${existing.id}`);
      if (this.entity.owner === 'tenant')
        conditions.push(sql`tenant_id = ${(existing?.tenant_id as string) ?? ctx.auth.tenantId}`);
      const taken =
        await sql`select 1 from ${this.table()} where is_deleted = 0 and ${sql.join(conditions, sql` and `)} limit 1`.execute(
          ctx.db,
        );
      if (taken.rows.length > 0) throw badRequest(rule.message);
    }
  }
}

export { fieldsOf };
