import {
  BILL_ACTION,
  BILL_STATUS,
  billLogEntity,
  Money,
  paymentBillChildEntity,
  paymentBillEntity,
  paymentItemEntity,
  type BillRow,
} from '@property/domain';
import { sql, type RawBuilder } from 'kysely';
import { CrudService, toJson, type CrudContext, type Row, NEXT_UPDATE_TIME } from '../../platform/crud/engine';
import { badRequest } from '../../platform/http/errors';

export const bills = new CrudService(paymentBillEntity);
export const billLines = new CrudService(paymentBillChildEntity);
export const items = new CrudService(paymentItemEntity);

/** Today in the database's zone (the server's), as yyyy-MM-dd: what overdue and late fees are measured against. */
export async function today(ctx: CrudContext): Promise<string> {
  const rows = await sql<{ d: string }>`select current_date::text as d`.execute(ctx.db);
  return rows.rows[0]!.d;
}

/** The owed amount of a bill row (amount − reduction). */
export const owedOf = (row: Row) => Money.format(Money.sub(String(row.amount ?? '0'), String(row.reduce_amount ?? '0')), 2);

/** The late-fee rule of an item row. */
export function lateFeeRuleOf(item: Row | undefined): Money.LateFeeRule {
  return {
    dailyPercent: (item?.late_fee_percent as string | null) ?? null,
    graceDays: Number(item?.late_fee_grace_days ?? 0),
    cap: (item?.late_fee_cap as string | null) ?? null,
    places: 2,
    roundMode: Money.ROUND_MODES[Number(item?.round_mode ?? 1)] ?? 'halfUp',
  };
}

/** Items by id (for their late-fee rules), read once for a set of bills. */
export async function itemsOf(ctx: CrudContext, rows: Row[]): Promise<Map<string, Row>> {
  const ids = [...new Set(rows.map((r) => String(r.item_id ?? r.itemId ?? '')).filter((id) => /^\d+$/.test(id)))];
  if (ids.length === 0) return new Map();
  const found = await sql<Row>`select * from property_payment_item where tenant_id = ${ctx.auth.tenantId}
    and id in (${sql.join(ids)})`.execute(ctx.db);
  return new Map(found.rows.map((r) => [String(r.id), r]));
}

/** Late fee a bill row carries if paid on `onDate` (0 unless unpaid and past due). */
export function lateFeeOf(row: Row, item: Row | undefined, onDate: string): string {
  if (Number(row.bill_status) !== BILL_STATUS.unpaid || !row.due_date) return '0.00';
  return Money.format(Money.lateFee(owedOf(row), String(row.due_date), onDate, lateFeeRuleOf(item)), 2);
}

/** Database rows → the lists' bill rows, with owed, overdue and today's late fee worked out. */
export async function billRows(ctx: CrudContext, rows: Row[]): Promise<BillRow[]> {
  if (rows.length === 0) return [];
  const [byId, day] = await Promise.all([itemsOf(ctx, rows), today(ctx)]);
  return rows.map((row) => {
    const unpaid = Number(row.bill_status) === BILL_STATUS.unpaid;
    const late = unpaid && row.due_date ? Money.daysBetween(String(row.due_date), day) : 0;
    return {
      ...(toJson(paymentBillEntity, row) as BillRow),
      owed: owedOf(row),
      overdue: late > 0,
      overdueDays: Math.max(0, late),
      lateFeeDue: lateFeeOf(row, byId.get(String(row.item_id)), day),
    };
  });
}

// Stryker disable all: the lists' views (and their running totals), lines and periods are not money moves (docs/testing.md, "Mutation testing"; billing-flow and billing-totals prove them).
/** The lists of spec §4 (pageOut, pageOverdu, pageSettle, pageRefund, page = closed) as conditions; overdue from the due date. */
export const BILL_VIEWS = {
  all: [],
  out: [sql`bill_status = ${BILL_STATUS.unpaid}`],
  overdu: [sql`bill_status = ${BILL_STATUS.unpaid}`, sql`due_date < current_date`],
  settle: [sql`bill_status = ${BILL_STATUS.paid}`],
  refund: [sql`refund_amount > 0`],
  closed: [sql`bill_status = ${BILL_STATUS.closed}`],
} satisfies Record<string, RawBuilder<unknown>[]>;
export type BillView = keyof typeof BILL_VIEWS;

/**
 * The same lists as conditions on the running totals (property_bill_totals, migration 0015: one row per tenant,
 * garden, state, due date of unpaid bills and whether refunded, kept by triggers as the bills change).
 */
export const BILL_TOTAL_VIEWS = {
  all: [],
  out: [sql`bill_status = ${BILL_STATUS.unpaid}`],
  overdu: [sql`bill_status = ${BILL_STATUS.unpaid}`, sql`due_date < current_date`],
  settle: [sql`bill_status = ${BILL_STATUS.paid}`],
  refund: [sql`refunded`],
  closed: [sql`bill_status = ${BILL_STATUS.closed}`],
} satisfies Record<BillView, RawBuilder<unknown>[]>;
// Stryker restore all

/** Bills by id, locked for the rest of the transaction, in id order (so two payments never deadlock); all must be the caller's. */
export async function lockBills(ctx: CrudContext, ids: string[]): Promise<Row[]> {
  // Stryker disable next-line all: the lock order (no deadlock between two cashiers), not a rule a single caller can see: the rows come back in id order.
  const sorted = [...new Set(ids)].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
  const rows = await sql<Row>`select * from property_payment_bill where id in (${sql.join(sorted)})
    and ${bills.scope(ctx)} order by id for update`.execute(ctx.db);
  const found = new Set(rows.rows.map((r) => String(r.id)));
  const missing = sorted.filter((id) => !found.has(id));
  if (missing.length) throw badRequest('billMissing', { ids: missing });
  return rows.rows;
}

/** One bill-log row: what happened to a bill, from and to which state, by whom. */
export async function logBill(
  ctx: CrudContext,
  bill: Row,
  action: (typeof BILL_ACTION)[keyof typeof BILL_ACTION],
  toStatus: number,
  amount: string | null,
  remark: string | null = null,
): Promise<void> {
  await logBills(ctx, [{ bill, action, toStatus, amount, remark }]);
}

export interface BillLogEntry {
  bill: Row;
  action: (typeof BILL_ACTION)[keyof typeof BILL_ACTION];
  toStatus: number;
  amount: string | null;
  remark?: string | null;
}

/** Bill-log rows (logBill's) of many bills, in one statement. */
export async function logBills(ctx: CrudContext, entries: BillLogEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const column = <T>(pick: (e: BillLogEntry) => T) => entries.map(pick);
  await sql`insert into ${sql.table(billLogEntity.table)} (tenant_id, bill_id, garden_id, house_name, action, from_status,
      to_status, amount, remark, operator_name, create_user, create_dept, update_user)
    select ${ctx.auth.tenantId}, v.bill_id, v.garden_id, v.house_name, v.action, v.from_status, v.to_status, v.amount, v.remark,
      ${ctx.auth.userName || ctx.auth.account || null}::text, ${ctx.auth.userId || null}::bigint, ${ctx.auth.deptId || null}::bigint,
      ${ctx.auth.userId || null}::bigint
    from unnest(${column((e) => String(e.bill.id))}::bigint[], ${column((e) => String(e.bill.garden_id))}::bigint[],
      ${column((e) => (e.bill.house_name as string | null) ?? null)}::text[], ${column((e) => e.action)}::int[],
      ${column((e) => (e.bill.bill_status as number | null) ?? null)}::int[], ${column((e) => e.toStatus)}::int[],
      ${column((e) => e.amount)}::numeric[], ${column((e) => e.remark ?? null)}::text[])
      as v(bill_id, garden_id, house_name, action, from_status, to_status, amount, remark)`.execute(ctx.db);
}

// Stryker disable all: reading lines for the screens (billing-flow proves them), not a money move.
/** A bill's child lines. */
export async function linesOf(ctx: CrudContext, billIds: string[]): Promise<Map<string, Row[]>> {
  const out = new Map<string, Row[]>();
  if (billIds.length === 0) return out;
  const rows = await sql<Row>`select * from property_payment_bill_child where is_deleted = 0
    and tenant_id = ${ctx.auth.tenantId} and bill_id in (${sql.join(billIds)}) order by bill_id, line_type, id`.execute(ctx.db);
  for (const row of rows.rows) {
    const key = String(row.bill_id);
    out.set(key, [...(out.get(key) ?? []), toJson(paymentBillChildEntity, row)]);
  }
  return out;
}

// Stryker restore all
/** Keeps a bill's amount equal to the sum of its live lines (after a line changes). */
export async function resumBill(ctx: CrudContext, billId: string): Promise<void> {
  await sql`update property_payment_bill b set amount = coalesce((select sum(amount) from property_payment_bill_child c
      where c.bill_id = b.id and c.is_deleted = 0), 0), update_time = ${NEXT_UPDATE_TIME}, update_user = ${ctx.auth.userId || null}
    where b.id = ${billId} and b.tenant_id = ${ctx.auth.tenantId}`.execute(ctx.db);
}

// Stryker disable all: the period a bill is made for (generation's input, billing-flow proves it), not a money move.
/** yyyy-MM. */
export const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;
export function parsePeriod(raw: unknown): string {
  if (raw === undefined || raw === null || raw === '') throw badRequest('periodRequired');
  const value = String(raw).trim();
  if (!PERIOD.test(value)) throw badRequest('periodInvalid');
  return value;
}
// Stryker restore all

/**
 * The receipt books: payments (property_payment_order, <garden code or id>-<year>-<000001>) and pre-paid
 * top-ups (property_prepaid_ledger, <garden code or id>-YC<year>-<000001>), each numbered on its own.
 */
const RECEIPT_BOOKS = {
  order: { table: 'property_payment_order', mark: '', only: sql`` },
  topUp: { table: 'property_prepaid_ledger', mark: 'YC', only: sql`and receipt_seq is not null` },
} as const;

/** The next receipt number of a book, gapless per garden and year (serialised by an advisory lock). */
export async function nextReceipt(
  ctx: CrudContext,
  gardenId: string,
  year: number,
  book: keyof typeof RECEIPT_BOOKS = 'order',
): Promise<{ no: string; seq: number }> {
  return (await nextReceipts(ctx, gardenId, year, 1, book))[0]!;
}

/** The next `count` receipt numbers of a book, in turn (an automatic deduction's chunk numbers its orders at once). */
export async function nextReceipts(
  ctx: CrudContext,
  gardenId: string,
  year: number,
  count: number,
  book: keyof typeof RECEIPT_BOOKS = 'order',
): Promise<{ no: string; seq: number }[]> {
  const { table, mark, only } = RECEIPT_BOOKS[book];
  // Stryker disable next-line all: the lock that queues two cashiers of one book (billing-prepaid's concurrent payments prove it), not visible to one caller.
  await sql`select pg_advisory_xact_lock(hashtext(${`receipt:${book}:${ctx.auth.tenantId}:${gardenId}:${year}`}))`.execute(
    ctx.db,
  );
  const rows = await sql<{
    seq: number;
    code: string | null;
  }>`select coalesce((select max(receipt_seq) from ${sql.table(table)}
      where tenant_id = ${ctx.auth.tenantId} and garden_id = ${gardenId} and receipt_year = ${year} ${only}), 0)::int + 1 as seq,
      (select garden_code from property_garden where id = ${gardenId}) as code`.execute(ctx.db);
  const { seq, code } = rows.rows[0]!;
  return Array.from({ length: count }, (_, n) => ({
    no: `${code || gardenId}-${mark}${year}-${String(Number(seq) + n).padStart(6, '0')}`,
    seq: Number(seq) + n,
  }));
}

/** The shapes of a request key and of an amount typed at the cashier (payments, refunds, reductions, top-ups). */
const KEY = /^[A-Za-z0-9_-]{1,64}$/;
const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

/** A request's key (clientKey): empty means none; otherwise 1–64 letters, digits, - or _, or payKeyInvalid. */
export function clientKeyOf(raw: unknown): string | null {
  if (raw === undefined || raw === null || raw === '') return null;
  if (typeof raw !== 'string' || !KEY.test(raw)) throw badRequest('payKeyInvalid');
  return raw;
}

/** A positive amount of money (at most two decimals) or a 400 with `key`. */
export function positiveAmount(raw: unknown, key: 'refundAmountInvalid' | 'reduceAmountInvalid' | 'topUpAmountInvalid'): string {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!AMOUNT.test(text) || Money.compare(text, '0') <= 0) throw badRequest(key);
  return Money.format(text, 2);
}
