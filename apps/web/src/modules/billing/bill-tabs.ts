import { BILL_STATUS, Money } from '@property/domain';

/** The bill lists (spec §4, §7.7 paymentbill): one tab each, its list call, its list-sum type and its own menu. */
export const BILL_TABS = [
  { key: 'out', listPath: '/pageOut', menu: 'paymentbill' },
  { key: 'overdu', listPath: '/pageOverdu', menu: 'billoverdue' },
  { key: 'settle', listPath: '/pageSettle', menu: 'billsettle' },
  { key: 'refund', listPath: '/pageRefund', menu: 'billrefund' },
  { key: 'closed', listPath: '/page', menu: 'billclosed' },
] as const;

export type BillTab = (typeof BILL_TABS)[number];
export type BillTabKey = BillTab['key'];

/** The tab a menu opens (缴费账单 the outstanding bills, 逾期账单 the overdue ones...). */
export function tabOfMenu(code: string): BillTabKey {
  return BILL_TABS.find((tab) => tab.menu === code)?.key ?? 'out';
}

/**
 * The tabs the user may read: the server answers every list to the bill menu (paymentbill) and each list to
 * its own menu too.
 */
export function readableTabs(canRead: (code: string) => boolean): BillTab[] {
  return BILL_TABS.filter((tab) => canRead('paymentbill') || canRead(tab.menu));
}

/** A bill's row as the lists answer it (the fields the actions look at). */
export interface BillLike {
  billStatus?: unknown;
  owed?: unknown;
  paidAmount?: unknown;
  lateFee?: unknown;
  refundAmount?: unknown;
  orderId?: unknown;
  ownerPhone?: unknown;
}

export type BillAction = 'pay' | 'reduce' | 'close' | 'remind' | 'refund' | 'print' | 'log';

const money = (value: unknown) => (value === null || value === undefined || value === '' ? '0' : String(value));

/** What is left to refund of a paid bill: what it settled and its late fee, less what was refunded. */
export function refundableOf(bill: BillLike): string {
  return Money.toMoney(Money.sub(Money.add(money(bill.paidAmount), money(bill.lateFee)), money(bill.refundAmount)));
}

/**
 * The row actions a bill offers, by its state and the user's buttons (the codes the routes check,
 * docs/api-conventions.md "Billing: menus and buttons"): an unpaid bill is paid, reduced, closed or its owner
 * reminded; a paid one refunded while something is left to refund, and its receipt printed; every bill's log read.
 */
export function billActions(bill: BillLike, has: (code: string) => boolean, canRead: (code: string) => boolean): BillAction[] {
  const status = Number(bill.billStatus);
  const actions: BillAction[] = [];
  if (status === BILL_STATUS.unpaid) {
    if (has('paymentbill_pay')) actions.push('pay');
    if (has('reducepay_add') && Money.compare(money(bill.owed), '0') > 0) actions.push('reduce');
    if (has('paymentbill_close')) actions.push('close');
    if ((has('paymentbill_remind') || has('billoverdue_remind')) && bill.ownerPhone) actions.push('remind');
  }
  if (
    status === BILL_STATUS.paid &&
    (has('billsettle_refund') || has('billrefund_add')) &&
    Money.compare(refundableOf(bill), '0') > 0
  )
    actions.push('refund');
  if (
    (status === BILL_STATUS.paid || status === BILL_STATUS.refunded) &&
    bill.orderId &&
    ['billsettle_print', 'paymentorder_print', 'orderprint_add'].some(has)
  )
    actions.push('print');
  if (canRead('billlog')) actions.push('log');
  return actions;
}

/** The sums of a list's rows, as list-sum answers them for the same filter (to check one against the other). */
export function sumsOfRows(rows: BillLike[] & Array<{ amount?: unknown; reduceAmount?: unknown }>): {
  count: number;
  amount: string;
  owed: string;
  paidAmount: string;
  refundAmount: string;
} {
  const total = (pick: (row: (typeof rows)[number]) => unknown) => Money.toMoney(Money.sum(rows.map((r) => money(pick(r)))));
  return {
    count: rows.length,
    amount: total((r) => r.amount),
    owed: total((r) => r.owed),
    paidAmount: total((r) => r.paidAmount),
    refundAmount: total((r) => r.refundAmount),
  };
}
