import {
  BILL_ACTION,
  BILL_STATUS,
  Money,
  ORDER_STATUS,
  PAY_TYPE,
  paymentBillEntity,
  paymentOrderEntity,
  PREPAID_KIND,
  refundPayEntity,
  reducePayEntity,
} from '@property/domain';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { writeAudit, type AuditEntry } from '../../platform/crud/audit';
import { parseId, parseIds, toJson, type CrudContext, type Row, NEXT_UPDATE_TIME } from '../../platform/crud/engine';
import { inTransaction } from '../../platform/db/transaction';
import { badRequest } from '../../platform/http/errors';
import { accountOf, moveBalance, type BalanceMove } from './prepaid';
import {
  billRows,
  clientKeyOf,
  itemsOf,
  lateFeeOf,
  lockBills,
  logBill,
  logBills,
  nextReceipt,
  owedOf,
  positiveAmount,
  today,
} from './bills';

/**
 * The cashier's money moves: pay, refund, reduce and close. Each runs in one
 * transaction with the bills locked (in id order) first, so two cashiers on
 * one bill queue: the second sees it paid and is refused; nothing is ever
 * half-done.
 */
export const MAX_BILLS_A_PAYMENT = 100;
function payTypeOf(raw: unknown): number {
  const value = Number(raw);
  if (!Object.values(PAY_TYPE).includes(value as 1)) throw badRequest('payTypeInvalid');
  return value;
}

/**
 * For a payment by balance (pay type 5): the account it is taken from — the
 * bills' owner's in their garden, locked after the bills — refused before
 * anything is written when there is none or it holds less than `total`
 * (or, for an automatic deduction, null: the payment is then skipped).
 */
async function balanceAccountOf(ctx: CrudContext, bills: Row[], total: string): Promise<Row> {
  if (new Set(bills.map((b) => String(b.owner_id ?? ''))).size > 1) throw badRequest('prepaidOwnersDiffer');
  const first = bills[0]!;
  // Stryker disable next-line ObjectLiteral,BooleanLiteral: the lock queues concurrent cashiers (billing-prepaid proves it); one caller cannot see it.
  const account = await accountOf(ctx, first.owner_id, first.garden_id, { lock: true });
  if (!account) throw badRequest('prepaidNoAccount');
  if (Money.compare(String(account.balance), total) < 0)
    throw badRequest('prepaidBalanceShort', { balance: Money.format(String(account.balance), 2), amount: total });
  return account;
}

function refusePaying(bill: Row): void {
  const state = Number(bill.bill_status);
  if (state === BILL_STATUS.paid) throw badRequest('billAlreadyPaid');
  if (state === BILL_STATUS.closed) throw badRequest('billClosedNoPay');
  if (state === BILL_STATUS.refunded) throw badRequest('billRefundedNoPay');
}

export interface PayRequest {
  billIds: unknown;
  payType: unknown;
  clientKey?: unknown;
  payerName?: unknown;
  remark?: unknown;
}

/** The order a client key already paid, with its bills; refused when the key paid other bills. */
async function replayOf(ctx: CrudContext, key: string, billIds: string[]) {
  const rows = await sql<Row>`select * from property_payment_order where tenant_id = ${ctx.auth.tenantId}
    and client_key = ${key} and is_deleted = 0`.execute(ctx.db);
  const order = rows.rows[0];
  if (!order) return null;
  const same = String(order.bill_ids).split(',').sort().join(',') === [...billIds].sort().join(',');
  if (!same) throw badRequest('payKeyReused');
  const paid = await sql<Row>`select * from property_payment_bill where id in (${sql.join(billIds)}) order by id`.execute(ctx.db);
  return { order: toJson(paymentOrderEntity, order), bills: await billRows(ctx, paid.rows), replay: true };
}

/**
 * The cashier's payment: one or several unpaid bills of one house at once, one order, one receipt number, each
 * bill settled with today's late fee. The same clientKey again answers the first payment (replay) and pays
 * nothing. Every reason not to pay is a refusal (a 400) with nothing written. (The automatic deduction from a
 * pre-paid balance writes through the same writers, set-based: auto-deduct.ts.)
 */
export async function payBills(ctx: CrudContext, request: PayRequest) {
  const billIds = [...new Set(parseIds(request.billIds, 'billIds'))];
  if (billIds.length > MAX_BILLS_A_PAYMENT) throw badRequest('billsTooMany', { max: MAX_BILLS_A_PAYMENT });
  const payType = payTypeOf(request.payType);
  const key = clientKeyOf(request.clientKey);
  return inTransaction(ctx.db, async (db) => {
    const tx = { ...ctx, db };
    const locked = await lockBills(tx, billIds);
    if (key) {
      const replay = await replayOf(tx, key, billIds);
      if (replay) return replay;
    }
    locked.forEach(refusePaying);
    const target = (b: Row) => `${b.house_id ?? ''}/${b.parking_space_id ?? ''}`;
    if (new Set(locked.map(target)).size > 1) throw badRequest('billsOneHouse');
    const [day, byItem] = await Promise.all([today(tx), itemsOf(tx, locked)]);
    const settled = locked.map((bill) => ({
      bill,
      owed: owedOf(bill),
      fee: lateFeeOf(bill, byItem.get(String(bill.item_id)), day),
    }));
    const first = locked[0]!;
    const total = totalOf(settled);
    const account = payType === PAY_TYPE.balance ? await balanceAccountOf(tx, locked, total) : null;
    const year = Number(day.slice(0, 4));
    const receipt = await nextReceipt(tx, String(first.garden_id), year);
    const [order] = await writePayments(tx, [
      {
        settled,
        billIds,
        payType,
        key: key ?? randomUUID(),
        receipt,
        year,
        payerName: textOrNull(request.payerName, 50),
        remark: textOrNull(request.remark, 500),
      },
    ]);
    if (account) {
      const move = paidByBalance(account, order!);
      await moveBalance(tx, account, move.amount, move.entry);
    }
    const paid = await sql<Row>`select * from property_payment_bill where id in (${sql.join(billIds)}) order by id`.execute(db);
    return { order: toJson(paymentOrderEntity, order!), bills: await billRows(tx, paid.rows), replay: false };
  });
}

/** A bill as a payment settles it: what it owed and the late fee paid with it. */
export interface Settlement {
  bill: Row;
  owed: string;
  fee: string;
}

/** One payment to write: one or several bills of one house, one order and receipt. */
export interface PaymentPlan {
  settled: Settlement[];
  /** The bills as the request named them (the order's billIds); the settled bills' ids when not given. */
  billIds?: string[];
  payType: number;
  key: string;
  receipt: { no: string; seq: number };
  year: number;
  payerName?: string | null;
  remark?: string | null;
}

/** What a payment takes: its bills' owed amounts and late fees. */
export const totalOf = (settled: Settlement[]) => Money.format(Money.sum(settled.map((s) => Money.add(s.owed, s.fee))), 2);

/** The balance move of an order paid from a pre-paid account (pay type 5): its total out, the receipt number as remark. */
export function paidByBalance(account: Row, order: Row): BalanceMove {
  return {
    account,
    amount: Money.format(Money.sub('0', String(order.total_amount)), 2),
    entry: { kind: PREPAID_KIND.payment, payType: PAY_TYPE.balance, orderId: order.id, remark: String(order.receipt_no) },
  };
}

/**
 * Writes payments whose bills are locked and checked: each its order
 * (numbered, audited) and its bills settled (audited, logged with the
 * receipt number), in one statement a kind of row however many payments:
 * the cashier's one, or an automatic deduction's chunk. Answers the orders
 * in the plans' order. The balance moves are the caller's.
 */
export async function writePayments(ctx: CrudContext, plans: PaymentPlan[]): Promise<Row[]> {
  if (plans.length === 0) return [];
  const { auth } = ctx;
  const sums = plans.map((p) => ({
    billAmount: Money.format(Money.sum(p.settled.map((s) => s.owed)), 2),
    lateFee: Money.format(Money.sum(p.settled.map((s) => s.fee)), 2),
    total: totalOf(p.settled),
  }));
  const column = <T>(pick: (p: PaymentPlan, n: number) => T) => plans.map(pick);
  const first = (p: PaymentPlan) => p.settled[0]!.bill;
  const inserted = await sql<Row>`insert into property_payment_order (tenant_id, garden_id, house_id, house_name, owner_name,
      owner_phone, pay_type, bill_ids, bill_count, bill_amount, late_fee, total_amount, refund_amount, order_status, pay_time,
      receipt_no, receipt_year, receipt_seq, client_key, payer_name, remark, create_user, create_dept, update_user)
    select ${auth.tenantId}, v.garden_id, v.house_id, v.house_name, v.owner_name, v.owner_phone, v.pay_type, v.bill_ids,
      v.bill_count, v.bill_amount, v.late_fee, v.total_amount, 0, ${ORDER_STATUS.paid}, localtimestamp(0), v.receipt_no,
      v.receipt_year, v.receipt_seq, v.client_key, v.payer_name, v.remark, ${auth.userId || null}::bigint,
      ${auth.deptId || null}::bigint, ${auth.userId || null}::bigint
    from unnest(${column((p) => String(first(p).garden_id))}::bigint[],
      ${column((p) => (first(p).house_id as string | null) ?? null)}::bigint[],
      ${column((p) => (first(p).house_name as string | null) ?? null)}::text[],
      ${column((p) => (first(p).owner_name as string | null) ?? null)}::text[],
      ${column((p) => (first(p).owner_phone as string | null) ?? null)}::text[], ${column((p) => p.payType)}::int[],
      ${column((p) => (p.billIds ?? p.settled.map((s) => String(s.bill.id))).join(','))}::text[], ${column((p) => p.settled.length)}::int[],
      ${column((_, n) => sums[n]!.billAmount)}::numeric[], ${column((_, n) => sums[n]!.lateFee)}::numeric[],
      ${column((_, n) => sums[n]!.total)}::numeric[], ${column((p) => p.receipt.no)}::text[], ${column((p) => p.year)}::int[],
      ${column((p) => p.receipt.seq)}::int[], ${column((p) => p.key)}::text[], ${column((p) => p.payerName ?? null)}::text[],
      ${column((p) => p.remark ?? null)}::text[])
      as v(garden_id, house_id, house_name, owner_name, owner_phone, pay_type, bill_ids, bill_count, bill_amount, late_fee,
        total_amount, receipt_no, receipt_year, receipt_seq, client_key, payer_name, remark)
    returning id`.execute(ctx.db);
  const numbered =
    await sql<Row>`update property_payment_order set order_no = ${'PO'} || to_char(localtimestamp, 'YYYYMMDD') || id
    where id = any(${inserted.rows.map((r) => String(r.id))}::bigint[]) returning *`.execute(ctx.db);
  const orderOf = new Map(numbered.rows.map((r) => [String(r.client_key), r]));
  const orders = plans.map((p) => orderOf.get(p.key)!);
  // This module writes its rows with its own SQL: the audit trail is written here, in the same transaction.
  await writeAudit(
    ctx,
    paymentOrderEntity,
    orders.map((after) => ({ action: 'insert', after })),
  );
  const settling = plans.flatMap((p, n) => p.settled.map((s) => ({ ...s, plan: p, order: orders[n]! })));
  const updated = await sql<Row>`update property_payment_bill b set bill_status = ${BILL_STATUS.paid}, paid_amount = v.owed,
      late_fee = v.fee, pay_type = v.pay_type, pay_time = localtimestamp(0), order_id = v.order_id,
      update_time = ${NEXT_UPDATE_TIME}, update_user = ${auth.userId || null}
    from unnest(${settling.map((s) => String(s.bill.id))}::bigint[], ${settling.map((s) => s.owed)}::numeric[],
      ${settling.map((s) => s.fee)}::numeric[], ${settling.map((s) => s.plan.payType)}::int[],
      ${settling.map((s) => String(s.order.id))}::bigint[]) as v(id, owed, fee, pay_type, order_id)
    where b.id = v.id returning b.*`.execute(ctx.db);
  const after = new Map(updated.rows.map((r) => [String(r.id), r]));
  await writeAudit(
    ctx,
    paymentBillEntity,
    settling.map((s) => ({ action: 'update', before: s.bill, after: after.get(String(s.bill.id))! })),
  );
  await logBills(
    ctx,
    settling.map((s) => ({
      bill: s.bill,
      action: BILL_ACTION.pay,
      toStatus: BILL_STATUS.paid,
      amount: Money.format(Money.add(s.owed, s.fee), 2),
      remark: s.plan.receipt.no,
    })),
  );
  return orders;
}

function textOrNull(raw: unknown, max: number): string | null {
  if (raw === undefined || raw === null || raw === '') return null;
  return String(raw).slice(0, max);
}

export interface RefundRequest {
  billId: unknown;
  refundAmount?: unknown;
  reason?: unknown;
  payType?: unknown;
  clientKey?: unknown;
}

/**
 * Refunds a paid bill fully or partly (never more than paid: owed + late fee
 * − refunded so far). A refund of everything makes the bill 已退款 (4). Without
 * an amount the whole rest is refunded.
 */
export async function refundBill(ctx: CrudContext, request: RefundRequest) {
  const billId = parseId(request.billId, 'billId');
  const reason = typeof request.reason === 'string' ? request.reason.trim() : '';
  if (!reason) throw badRequest('refundReasonRequired');
  const key = clientKeyOf(request.clientKey);
  return inTransaction(ctx.db, async (db) => {
    const tx = { ...ctx, db };
    const [bill] = await lockBills(tx, [billId]);
    if (key) {
      const seen = await sql<Row>`select * from property_refund_pay where tenant_id = ${ctx.auth.tenantId}
        and client_key = ${key} and is_deleted = 0`.execute(db);
      if (seen.rows[0]) {
        if (String(seen.rows[0].bill_id) !== billId) throw badRequest('payKeyReused');
        return { refund: toJson(refundPayEntity, seen.rows[0]), bill: (await billRows(tx, [bill!]))[0]!, replay: true };
      }
    }
    if (Number(bill!.bill_status) !== BILL_STATUS.paid) throw badRequest('refundNotPaid');
    const refundable = Money.sub(Money.add(String(bill!.paid_amount), String(bill!.late_fee)), String(bill!.refund_amount));
    const amount =
      request.refundAmount === undefined || request.refundAmount === null || request.refundAmount === ''
        ? Money.format(refundable, 2)
        : positiveAmount(request.refundAmount, 'refundAmountInvalid');
    if (Money.compare(amount, refundable) > 0) throw badRequest('refundTooMuch', { max: Money.format(refundable, 2) });
    if (Money.compare(amount, '0') <= 0) throw badRequest('refundAmountInvalid');
    const whole = Money.compare(amount, refundable) === 0;
    const toStatus = whole ? BILL_STATUS.refunded : BILL_STATUS.paid;
    // Money paid from a balance goes back to it, whatever way the request names.
    const byBalance = Number(bill!.pay_type) === PAY_TYPE.balance;
    const payType =
      byBalance || request.payType === undefined || request.payType === '' ? bill!.pay_type : payTypeOf(request.payType);
    // A bill paid otherwise is refunded the way it was paid or another way, never onto a balance it never left.
    if (!byBalance && Number(payType) === PAY_TYPE.balance) throw badRequest('payTypeInvalid');
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: the lock queues concurrent cashiers (billing-prepaid proves it); one caller cannot see it.
    const account = byBalance ? await accountOf(tx, bill!.owner_id, bill!.garden_id, { lock: true }) : null;
    if (byBalance && !account) throw badRequest('prepaidNoAccount');
    const saved = await sql<Row>`insert into property_refund_pay (tenant_id, bill_id, order_id, garden_id, house_name, item_name,
        refund_amount, pay_type, reason, refund_time, client_key, create_user, create_dept, update_user)
      values (${ctx.auth.tenantId}, ${billId}, ${bill!.order_id ?? null}, ${bill!.garden_id}, ${bill!.house_name ?? null},
        ${bill!.item_name ?? null}, ${amount}, ${payType ?? null}, ${reason.slice(0, 500)}, localtimestamp(0), ${key ?? randomUUID()},
        ${ctx.auth.userId || null}, ${ctx.auth.deptId || null}, ${ctx.auth.userId || null}) returning *`.execute(db);
    const after = await sql<Row>`update property_payment_bill set refund_amount = refund_amount + ${amount}::numeric,
        bill_status = ${toStatus}, update_time = ${NEXT_UPDATE_TIME}, update_user = ${ctx.auth.userId || null}
      where id = ${billId} returning *`.execute(db);
    await writeAudit(tx, refundPayEntity, [{ action: 'insert', after: saved.rows[0]! }]);
    await writeAudit(tx, paymentBillEntity, [{ action: 'update', before: bill!, after: after.rows[0]! }]);
    if (bill!.order_id) {
      const order = await sql<Row>`select * from property_payment_order where id = ${bill!.order_id}
        and tenant_id = ${ctx.auth.tenantId} for update`.execute(db);
      const refunded = await sql<Row>`update property_payment_order set refund_amount = refund_amount + ${amount}::numeric,
          order_status = case when refund_amount + ${amount}::numeric >= total_amount then ${ORDER_STATUS.refunded} else order_status end,
          update_time = ${NEXT_UPDATE_TIME} where id = ${bill!.order_id} and tenant_id = ${ctx.auth.tenantId} returning *`.execute(
        db,
      );
      if (order.rows[0] && refunded.rows[0]) {
        await writeAudit(tx, paymentOrderEntity, [{ action: 'update', before: order.rows[0], after: refunded.rows[0] }]);
      }
    }
    if (account) {
      await moveBalance(tx, account, amount, {
        kind: PREPAID_KIND.refund,
        payType: PAY_TYPE.balance,
        orderId: bill!.order_id,
        billId,
        refundId: saved.rows[0]!.id,
        remark: reason.slice(0, 500),
      });
    }
    await logBill(tx, bill!, BILL_ACTION.refund, toStatus, amount, reason.slice(0, 500));
    return { refund: toJson(refundPayEntity, saved.rows[0]!), bill: (await billRows(tx, after.rows))[0]!, replay: false };
  });
}

/** Closes unpaid bills (已关闭, billStatus 3): cancelled without payment, with an optional reason. */
export async function closeBills(ctx: CrudContext, rawIds: unknown, reason: unknown): Promise<number> {
  const ids = parseIds(rawIds);
  const why = textOrNull(reason, 500);
  return inTransaction(ctx.db, async (db) => {
    const tx = { ...ctx, db };
    const locked = await lockBills(tx, ids);
    if (locked.some((b) => Number(b.bill_status) !== BILL_STATUS.unpaid)) throw badRequest('billNotUnpaid');
    const changes: AuditEntry[] = [];
    for (const bill of locked) {
      const closed = await sql<Row>`update property_payment_bill set bill_status = ${BILL_STATUS.closed},
          close_time = localtimestamp(0), close_reason = ${why}, update_time = ${NEXT_UPDATE_TIME},
          update_user = ${ctx.auth.userId || null} where id = ${bill.id} returning *`.execute(db);
      changes.push({ action: 'update', before: bill, after: closed.rows[0]! });
      await logBill(tx, bill, BILL_ACTION.close, BILL_STATUS.closed, owedOf(bill), why);
    }
    await writeAudit(tx, paymentBillEntity, changes);
    return locked.length;
  });
}

/** A reduction on an unpaid bill: at most what is still owed, with its reason; the bill's reduceAmount follows. */
export async function reduceBill(ctx: CrudContext, body: Record<string, unknown>) {
  const billId = parseId(body.billId, 'billId');
  const amount = positiveAmount(body.reduceAmount, 'reduceAmountInvalid');
  const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
  if (!reason) throw badRequest('reduceReasonRequired');
  return inTransaction(ctx.db, async (db) => {
    const tx = { ...ctx, db };
    const [bill] = await lockBills(tx, [billId]);
    if (Number(bill!.bill_status) !== BILL_STATUS.unpaid) throw badRequest('reduceNotUnpaid');
    const owed = owedOf(bill!);
    if (Money.compare(amount, owed) > 0) throw badRequest('reduceTooMuch', { max: owed });
    const saved = await sql<Row>`insert into property_reduce_pay (tenant_id, bill_id, garden_id, house_name, item_name, period,
        reduce_amount, reason, create_user, create_dept, update_user)
      values (${ctx.auth.tenantId}, ${billId}, ${bill!.garden_id}, ${bill!.house_name ?? null}, ${bill!.item_name ?? null},
        ${bill!.period}, ${amount}, ${reason.slice(0, 500)}, ${ctx.auth.userId || null}, ${ctx.auth.deptId || null},
        ${ctx.auth.userId || null}) returning *`.execute(db);
    const after = await sql<Row>`update property_payment_bill set reduce_amount = reduce_amount + ${amount}::numeric,
        update_time = ${NEXT_UPDATE_TIME}, update_user = ${ctx.auth.userId || null} where id = ${billId} returning *`.execute(db);
    await writeAudit(tx, reducePayEntity, [{ action: 'insert', after: saved.rows[0]! }]);
    await writeAudit(tx, paymentBillEntity, [{ action: 'update', before: bill!, after: after.rows[0]! }]);
    await logBill(tx, bill!, BILL_ACTION.reduce, BILL_STATUS.unpaid, amount, reason.slice(0, 500));
    return { reduction: toJson(reducePayEntity, saved.rows[0]!), bill: (await billRows(tx, after.rows))[0]! };
  });
}
