import {
  BILL_ACTION,
  BILL_STATUS,
  CLUB_PRODUCT_TYPE,
  ORDER_STATUS,
  PAY_TYPE,
  PREPAID_KIND,
  clubLineAmount,
} from '@property/domain';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { billRows, clientKeyOf, positiveAmount, resumBill } from '../src/modules/billing/bills';
import { closeBills, MAX_BILLS_A_PAYMENT, payBills, reduceBill, refundBill } from '../src/modules/billing/payments';
import { accountOfHouse, moveBalance, moveBalances, prepaidAccounts, topUp } from '../src/modules/billing/prepaid';
import { CHUNK, deductAccount, deductGenerated } from '../src/modules/billing/auto-deduct';
import type { GenerationScope } from '../src/modules/billing/generation';
import { consume, MAX_LINES, recharge, takeBackRecharges, writeOffExpired } from '../src/modules/club/wallet';
import type { CrudContext, Row } from '../src/platform/crud/engine';
import type { Database } from '../src/platform/db/database';
import { seedAdminContext } from '../src/seed/community';
import { DEMO_TENANT } from '../src/seed/seed';
import { administratorOf, openSeededDatabase } from './harness';

/**
 * The cashier's money moves called directly on the seeded database, without
 * HTTP (docs/testing.md, "Mutation testing", scope money-moves): paying,
 * refunding, reducing and closing bills, pre-paid balance moves and the
 * club wallet's recharges and sales. Every amount below is worked out by
 * hand; each rule has the row it must write and the one it must not. The
 * same moves are proven end to end in billing-flow, billing-prepaid and
 * club.test.ts; these are fast enough to run for every mutant.
 */

/**
 * The database, opened by the first test that needs it: the checks that need none run first,
 * so a mutant they kill costs no database (mutation testing stops at the first failure).
 */
let opened: Promise<Database> | undefined;
let database: Database | undefined;
const open = () => (opened ??= openSeededDatabase().then((d) => (database = d)));
afterAll(async () => database?.close());

/** For the checks made before any query: a context whose database must never be reached. */
const noDatabase: CrudContext = {
  db: undefined as never,
  auth: administratorOf(DEMO_TENANT),
  rowScope: () => [],
};

/** The ApiError a call is refused with (key and, when given, the message's values). */
async function refusedWith(run: () => Promise<unknown>, key: string, params?: Record<string, unknown>) {
  const error = await run().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, `refused with ${key}`).toMatchObject({ code: 400, key, ...(params ? { params } : {}) });
}

describe('checks made before anything is read', () => {
  it('amounts typed at the cashier: positive, at most two decimals and twelve digits', () => {
    expect(positiveAmount('0.01', 'refundAmountInvalid')).toBe('0.01');
    expect(positiveAmount(' 12.5 ', 'refundAmountInvalid')).toBe('12.50');
    expect(positiveAmount(7, 'refundAmountInvalid')).toBe('7.00');
    expect(positiveAmount('999999999999.99', 'refundAmountInvalid')).toBe('999999999999.99');
    for (const bad of ['0', '0.00', '-1', '1.234', '1.', '.5', 'abc', '', '1000000000000', null, undefined, {}, true])
      expect(() => positiveAmount(bad, 'reduceAmountInvalid'), String(bad)).toThrow(
        expect.objectContaining({ key: 'reduceAmountInvalid' }),
      );
  });

  it('request keys: none when empty, else 1–64 letters, digits, - or _', () => {
    expect(clientKeyOf(undefined)).toBeNull();
    expect(clientKeyOf(null)).toBeNull();
    expect(clientKeyOf('')).toBeNull();
    expect(clientKeyOf('a')).toBe('a');
    expect(clientKeyOf(`Ab-_9${'x'.repeat(59)}`)).toHaveLength(64);
    for (const bad of ['x'.repeat(65), 'a b', 'a.b', 'a/b', ' a', 'a\n', 12, {}])
      expect(() => clientKeyOf(bad), String(bad)).toThrow(expect.objectContaining({ key: 'payKeyInvalid' }));
  });

  it('a payment names at most 100 bills (duplicates counted once) and a known pay type', async () => {
    const ids = Array.from({ length: MAX_BILLS_A_PAYMENT + 1 }, (_, i) => String(9_000_000 + i));
    expect(MAX_BILLS_A_PAYMENT).toBe(100);
    await refusedWith(() => payBills(noDatabase, { billIds: ids.join(','), payType: 1 }), 'billsTooMany', { max: 100 });
    for (const payType of [0, 6, '', 'x', null, 1.5])
      await refusedWith(() => payBills(noDatabase, { billIds: '1', payType }), 'payTypeInvalid');
    await refusedWith(() => payBills(noDatabase, { billIds: '1', payType: 1, clientKey: 'a b' }), 'payKeyInvalid');
    // A missing bill id names the parameter, for payments, refunds and reductions alike.
    await refusedWith(() => payBills(noDatabase, { billIds: undefined, payType: 1 }), 'missingParam', { name: 'billIds' });
    await refusedWith(() => refundBill(noDatabase, { billId: undefined, reason: '退' }), 'missingParam', { name: 'billId' });
    await refusedWith(() => reduceBill(noDatabase, { reduceAmount: '1', reason: '减' }), 'missingParam', { name: 'billId' });
  });

  it('refunds and reductions need a reason (spaces are none) and a positive amount', async () => {
    for (const reason of [undefined, '', '   ', 5])
      await refusedWith(() => refundBill(noDatabase, { billId: '1', reason }), 'refundReasonRequired');
    await refusedWith(() => refundBill(noDatabase, { billId: '1', reason: '退', clientKey: 'a b' }), 'payKeyInvalid');
    for (const reason of [undefined, '', '   ', 5])
      await refusedWith(() => reduceBill(noDatabase, { billId: '1', reduceAmount: '1', reason }), 'reduceReasonRequired');
    for (const reduceAmount of [undefined, '0', '-2', '1.001'])
      await refusedWith(() => reduceBill(noDatabase, { billId: '1', reduceAmount, reason: '减' }), 'reduceAmountInvalid');
  });

  it('top-ups: a positive amount, paid in cash, by card or transfer only', async () => {
    for (const amount of [undefined, '0', '-1', '0.001'])
      await refusedWith(() => topUp(noDatabase, { prepaidAccountId: '1', amount, payType: 1 }), 'topUpAmountInvalid');
    for (const payType of [PAY_TYPE.online, PAY_TYPE.balance, 0, undefined])
      await refusedWith(() => topUp(noDatabase, { prepaidAccountId: '1', amount: '5', payType }), 'topUpPayTypeInvalid');
    await refusedWith(
      () => topUp(noDatabase, { prepaidAccountId: '1', amount: '5', payType: 1, clientKey: '?' }),
      'payKeyInvalid',
    );
  });

  it('recharges: an amount above 0 with two decimals at most, a validity date that is a date', async () => {
    for (const rechargeAmount of [undefined, null, '', '  '])
      await refusedWith(() => recharge(noDatabase, { balanceId: '1', rechargeAmount }), 'rechargeAmountRequired');
    for (const rechargeAmount of ['0', '0.00', '-5', '1.234', 'abc', '12345678901'])
      await refusedWith(() => recharge(noDatabase, { balanceId: '1', rechargeAmount }), 'rechargeAmountInvalid');
    // A date and nothing else: text before it or a time after it is refused too, though both would read as a date.
    for (const validityDate of [
      '2030-13-45',
      '2030-1-1',
      'tomorrow',
      20300101,
      ' 2099-01-01',
      '+2099-01-01',
      '2099-01-01T00:00',
      ['2099-01-01'],
    ])
      await refusedWith(() => recharge(noDatabase, { balanceId: '1', rechargeAmount: '5', validityDate }), 'paramTypeOf', {
        name: 'validityDate',
      });
  });

  it('a sale: a wallet and 1–100 lines, each a product and 1–999 pieces or half-hours', async () => {
    const line = { clubProductId: '1', num: 1 };
    for (const balanceId of [undefined, null, ''])
      await refusedWith(() => consume(noDatabase, { balanceId, consumeProducts: [line] }), 'clubWalletRequired');
    for (const consumeProducts of [undefined, [], 'x'])
      await refusedWith(() => consume(noDatabase, { balanceId: '1', consumeProducts }), 'clubConsumeEmpty');
    expect(MAX_LINES).toBe(100);
    await refusedWith(
      () => consume(noDatabase, { balanceId: '1', consumeProducts: Array.from({ length: 101 }, () => line) }),
      'clubConsumeTooMany',
      { max: 100 },
    );
    // Text must be digits only: '1e2' and '0x10' are numbers to JavaScript (100, 16), not counts.
    for (const num of [0, 1000, 1.5, -1, '', 'x', '2.5', null, true, [2], '1e2', '0x10'])
      await refusedWith(
        () => consume(noDatabase, { balanceId: '1', consumeProducts: [{ ...line, num }] }),
        'clubConsumeNumInvalid',
      );
    for (const clubProductId of [undefined, null, ''])
      await refusedWith(
        () => consume(noDatabase, { balanceId: '1', consumeProducts: [{ clubProductId, num: 1 }] }),
        'clubProductUnavailable',
      );
    await refusedWith(() => consume(noDatabase, { balanceId: '1', consumeProducts: [null] }), 'clubConsumeNumInvalid');
    await refusedWith(
      () => consume(noDatabase, { balanceId: '1', consumeProducts: [{ clubProductId: 'x', num: 1 }] }),
      'paramTypeOf',
      { name: 'clubProductId' },
    );
  });

  it('a line’s amount: goods by the piece, a hall’s hourly price by half-hours', () => {
    expect(clubLineAmount('12', 2, CLUB_PRODUCT_TYPE.goods)).toBe('24.00');
    expect(clubLineAmount('30', 3, CLUB_PRODUCT_TYPE.hall)).toBe('45.00');
    expect(clubLineAmount('12.35', 1, CLUB_PRODUCT_TYPE.hall)).toBe('6.18');
  });
});

/* ---------------------------------------------------------------------------------------------
 * On the seeded database: the rows each move writes, and nothing when it is refused.
 * ------------------------------------------------------------------------------------------- */

let ctx: CrudContext;
/** Today in the database (yyyy-MM-dd). */
let day = '';
const db = () => ctx.db;
const one = async <T>(query: Promise<{ rows: T[] }>) => (await query).rows[0]!;
const all = async <T>(query: Promise<{ rows: T[] }>) => (await query).rows;

/** The demo garden, two of its houses, owners without accounts or wallets, and the charge items of the tests. */
const place = { garden: '', code: '', house: '', houseName: '', otherHouse: '', owner: '', ownerB: '', ownerC: '', year: 0 };
/** 0.5% a day after 2 days' grace (100.00 twelve days late: 10 days, 5.00); 1% a day capped at 3.50; 0.333%, rounded up. */
const item = { graced: '', capped: '', roundedUp: '', none: '' };
let spareOwners: string[] = [];

async function addItem(name: string, percent: string | null, graceDays: number, cap: string | null, roundMode = 1) {
  const row = await one(
    sql<{ id: string }>`insert into property_payment_item (tenant_id, garden_id, item_name, fee_type,
      unit_price, late_fee_percent, late_fee_grace_days, late_fee_cap, round_mode)
    values (${DEMO_TENANT}, ${place.garden}, ${name}, 3, 1, ${percent}, ${graceDays}, ${cap}, ${roundMode}) returning id::text`.execute(
      db(),
    ),
  );
  return row.id;
}

/** Opens the database and adds the tests' items, once, for the first group of tests that needs them. */
let setUp: Promise<void> | undefined;
/** Whether the check after each test runs (once the database is open), and the cashier's name on sales. */
let watching = false;
let cashierName: string | null = null;
/** The tables the moves write, with the largest id checked so far (rows added directly by the tests say create_user 0). */
const WRITTEN = {
  property_payment_order: '',
  property_refund_pay: '',
  property_reduce_pay: '',
  property_prepaid_ledger: '',
  property_bill_log: '',
  property_club_recharge: '',
  property_club_consume: '',
  blade_audit_log: '',
};
const ready = () => (setUp ??= prepare());
async function prepare(): Promise<void> {
  const seeded = await seedAdminContext((await open()).db, DEMO_TENANT);
  // The cashier's name differs from the account, so the bill log is seen to name the person.
  ctx = { ...seeded, auth: { ...seeded.auth, userName: '收银员' } };
  day = (await one(sql<{ d: string }>`select current_date::text as d`.execute(db()))).d;
  expect(ctx.auth.userId && ctx.auth.deptId, 'the seeded administrator has an id and a department').toBeTruthy();
  cashierName = (
    await one(
      sql<{ n: string | null }>`select coalesce(real_name, name) as n from blade_user where id = ${ctx.auth.userId}`.execute(
        db(),
      ),
    )
  ).n;
  const house = await one(
    sql<{ id: string; garden_id: string; house_name: string }>`select id::text, garden_id::text, house_name
    from property_house where tenant_id = ${DEMO_TENANT} and is_deleted = 0 order by id limit 1`.execute(db()),
  );
  const other = await one(
    sql<{ id: string }>`select id::text from property_house where tenant_id = ${DEMO_TENANT}
    and is_deleted = 0 and garden_id = ${house.garden_id} and id <> ${house.id} order by id limit 1`.execute(db()),
  );
  const owners = await all(
    sql<{ id: string }>`select id::text from property_owner o where tenant_id = ${DEMO_TENANT}
    and is_deleted = 0 and not exists (select 1 from property_prepaid_account a where a.owner_id = o.id)
    and not exists (select 1 from property_club_balance w where w.owner_id = o.id) order by id desc limit 80`.execute(db()),
  );
  const garden = await one(
    sql<{ garden_code: string | null }>`select garden_code from property_garden where id = ${house.garden_id}`.execute(db()),
  );
  const year = await one(sql<{ y: number }>`select extract(year from current_date)::int as y`.execute(db()));
  Object.assign(place, {
    garden: house.garden_id,
    code: garden.garden_code || house.garden_id,
    house: house.id,
    houseName: house.house_name,
    otherHouse: other.id,
    owner: owners[0]!.id,
    ownerB: owners[1]!.id,
    ownerC: owners[2]!.id,
    year: year.y,
  });
  spareOwners = owners.slice(3).map((o) => o.id);
  item.graced = await addItem('mm滞纳宽限', '0.5', 2, null);
  item.capped = await addItem('mm滞纳封顶', '1', 0, '3.50');
  item.roundedUp = await addItem('mm滞纳进位', '0.333', 0, null, 2);
  item.none = await addItem('mm无滞纳', null, 0, null);
  await markWritten();
  watching = true;
}

/** Moves the check after each test (below) past the rows written so far. */
async function markWritten(): Promise<void> {
  for (const table of Object.keys(WRITTEN) as Array<keyof typeof WRITTEN>)
    WRITTEN[table] = (
      await one(sql<{ n: string }>`select coalesce(max(id), 0)::text as n from ${sql.table(table)}`.execute(db()))
    ).n;
}

interface BillSpec {
  amount: string;
  /** Days from today to the due date (negative: overdue); null: no due date. */
  dueIn?: number | null;
  status?: number;
  reduced?: string;
  paid?: string;
  fee?: string;
  refunded?: string;
  payType?: number | null;
  orderId?: string | null;
  owner?: string | null;
  house?: string | null;
  space?: string | null;
  item?: string;
  /** The bill's garden, period, building and unit (the test garden and 2030-01 unless told). */
  garden?: string;
  period?: string;
  building?: string | null;
  unit?: string | null;
}

let billSeq = 0;
/** A bill of the test house (unless told otherwise) with the amounts given, inserted as generation would make it. */
async function addBill(spec: BillSpec): Promise<string> {
  billSeq += 1;
  const due = spec.dueIn === null ? sql`null::date` : sql`current_date + ${spec.dueIn ?? 30}::int`;
  const row = await one(
    sql<{ id: string }>`insert into property_payment_bill (tenant_id, garden_id, house_id, parking_space_id,
      house_name, owner_id, owner_name, owner_phone, item_id, item_name, fee_type, period, building_id, unit_id, due_date, amount,
      reduce_amount, paid_amount, late_fee, refund_amount, bill_status, pay_type, order_id, bill_key)
    values (${DEMO_TENANT}, ${spec.garden ?? place.garden}, ${spec.house === undefined ? place.house : spec.house}, ${spec.space ?? null},
      ${place.houseName}, ${spec.owner === undefined ? place.owner : spec.owner}, ${'测试业主'}, ${'13800000001'}, ${spec.item ?? item.graced},
      ${'测试项目'}, 3, ${spec.period ?? '2030-01'}, ${spec.building ?? null}, ${spec.unit ?? null}, ${due}, ${spec.amount}, ${spec.reduced ?? '0'}, ${spec.paid ?? '0'}, ${spec.fee ?? '0'}, ${spec.refunded ?? '0'},
      ${spec.status ?? BILL_STATUS.unpaid}, ${spec.payType ?? null}, ${spec.orderId ?? null}, ${`mm:${billSeq}`})
    returning id::text`.execute(db()),
  );
  return row.id;
}

/** A bill's money and state, as text. */
const billOf = (id: string) =>
  one(
    sql<Record<string, string | null>>`select bill_status::text as status, amount::text, reduce_amount::text as reduced,
    paid_amount::text as paid, late_fee::text as fee, refund_amount::text as refunded, pay_type::text as pay_type,
    order_id::text as order_id, close_reason from property_payment_bill where id = ${id}`.execute(db()),
  );
/** The bill-log rows of a bill, oldest first. */
const logOf = (id: string) =>
  all(
    sql<{ action: number; from_status: number; to_status: number; amount: string | null; remark: string | null }>`select action,
    from_status, to_status, amount::text, remark from property_bill_log where bill_id = ${id} order by id`.execute(db()),
  );
const orderOf = (id: unknown) =>
  one(
    sql<Record<string, string | number | null>>`select bill_ids, bill_count, bill_amount::text, late_fee::text,
    total_amount::text, refund_amount::text, order_status, pay_type, house_id::text, receipt_no, receipt_seq, client_key,
    payer_name, remark, house_name, owner_name, owner_phone from property_payment_order where id = ${String(id)}`.execute(db()),
  );
const ordersFor = async (billId: string) =>
  Number(
    (
      await one(
        sql<{ n: number }>`select count(*)::int as n from property_payment_order where tenant_id = ${DEMO_TENANT}
      and ',' || bill_ids || ',' like ${`%,${billId},%`}`.execute(db()),
      )
    ).n,
  );
const refundsOf = (billId: string) =>
  all(
    sql<{ refund_amount: string; pay_type: number | null; reason: string; order_id: string | null }>`select refund_amount::text,
    pay_type, reason, order_id::text from property_refund_pay where bill_id = ${billId} order by id`.execute(db()),
  );

describe('paying bills', () => {
  beforeAll(ready, 120_000);
  it('settles exactly the bills named, each at what it owes and its late fee today, in one order and receipt', async () => {
    const late = await addBill({ amount: '100.00', dueIn: -12 });
    const early = await addBill({ amount: '50.50', dueIn: 10 });
    const notNamed = await addBill({ amount: '70.00', dueIn: -12 });
    const before = await one(
      sql<{ seq: number }>`select coalesce(max(receipt_seq), 0)::int as seq from property_payment_order
      where tenant_id = ${DEMO_TENANT} and garden_id = ${place.garden} and receipt_year = ${place.year}`.execute(db()),
    );
    const paid = await payBills(ctx, { billIds: `${early},${late}`, payType: PAY_TYPE.card, payerName: '张三', remark: '柜台' });
    expect(paid.replay).toBe(false);
    const seq = before.seq + 1;
    const receipt = `${place.code}-${place.year}-${String(seq).padStart(6, '0')}`;
    expect(await orderOf(paid.order.id)).toMatchObject({
      bill_ids: `${early},${late}`,
      bill_count: 2,
      bill_amount: '150.50',
      late_fee: '5.00',
      total_amount: '155.50',
      refund_amount: '0.00',
      order_status: ORDER_STATUS.paid,
      pay_type: PAY_TYPE.card,
      house_id: place.house,
      receipt_no: receipt,
      receipt_seq: seq,
      payer_name: '张三',
      remark: '柜台',
      house_name: place.houseName,
      owner_name: '测试业主',
      owner_phone: '13800000001',
    });
    expect(paid.order).toMatchObject({ totalAmount: '155.50', receiptNo: receipt, remark: '柜台' });
    expect(String(paid.order.orderNo)).toMatch(new RegExp(`^PO\\d{8}${paid.order.id}$`));
    expect(await billOf(late)).toMatchObject({
      status: '2',
      paid: '100.00',
      fee: '5.00',
      pay_type: '2',
      order_id: String(paid.order.id),
    });
    expect(await billOf(early)).toMatchObject({
      status: '2',
      paid: '50.50',
      fee: '0.00',
      pay_type: '2',
      order_id: String(paid.order.id),
    });
    expect(await billOf(notNamed)).toMatchObject({ status: '1', paid: '0.00', fee: '0.00', order_id: null });
    expect(await logOf(late)).toEqual([
      { action: BILL_ACTION.pay, from_status: 1, to_status: 2, amount: '105.00', remark: receipt },
    ]);
    expect(await logOf(early)).toEqual([
      { action: BILL_ACTION.pay, from_status: 1, to_status: 2, amount: '50.50', remark: receipt },
    ]);
    expect(await logOf(notNamed)).toEqual([]);
    // Each bill's audit row shows the payment as written: unpaid to paid, at what it owed, its late fee and its order.
    expect(await updatesOf('paymentBill', late)).toMatchObject([
      {
        billStatus: { before: BILL_STATUS.unpaid, after: BILL_STATUS.paid },
        paidAmount: { before: '0.00', after: '100.00' },
        lateFee: { before: '0.00', after: '5.00' },
        orderId: { before: null, after: String(paid.order.id) },
      },
    ]);
    expect(await updatesOf('paymentBill', early)).toMatchObject([{ paidAmount: { before: '0.00', after: '50.50' } }]);
    expect(paid.bills.map((b) => [b.id, b.billStatus, b.lateFeeDue])).toEqual([
      [late, 2, '0.00'],
      [early, 2, '0.00'],
    ]);
    // The next payment in the garden takes the next receipt number.
    const next = await payBills(ctx, {
      billIds: notNamed,
      payType: PAY_TYPE.cash,
      payerName: `${'付'.repeat(50)}尾`,
      remark: '',
    });
    expect(await orderOf(next.order.id)).toMatchObject({
      receipt_seq: seq + 1,
      total_amount: '73.50',
      payer_name: '付'.repeat(50),
    });
    expect(next.order.remark).toBeNull();
  });

  it('pays what is owed after reductions, with the late fee of that, once for a bill named twice', async () => {
    const bill = await addBill({ amount: '100.00', reduced: '20.00', dueIn: -12 });
    const paid = await payBills(ctx, { billIds: `${bill},${bill}`, payType: PAY_TYPE.cash });
    expect(await orderOf(paid.order.id)).toMatchObject({
      bill_count: 1,
      bill_amount: '80.00',
      late_fee: '4.00',
      total_amount: '84.00',
      payer_name: null,
      remark: null,
    });
    expect(await billOf(bill)).toMatchObject({ status: '2', paid: '80.00', fee: '4.00' });
  });

  it('late fees follow the item: grace days, a cap, the rounding mode; none when not yet due or undated', async () => {
    const capped = await addBill({ amount: '100.00', dueIn: -10, item: item.capped });
    const roundedUp = await addBill({ amount: '10.00', dueIn: -1, item: item.roundedUp });
    const inGrace = await addBill({ amount: '100.00', dueIn: -2 });
    const dueToday = await addBill({ amount: '100.00', dueIn: 0, item: item.capped });
    const undated = await addBill({ amount: '100.00', dueIn: null, item: item.capped });
    const noRule = await addBill({ amount: '100.00', dueIn: -30, item: item.none });
    const rows = await billRows(ctx, [await rawBill(capped), await rawBill(roundedUp), await rawBill(inGrace)]);
    expect(rows.map((r) => [r.owed, r.lateFeeDue, r.overdue, r.overdueDays])).toEqual([
      ['100.00', '3.50', true, 10],
      ['10.00', '0.04', true, 1],
      ['100.00', '0.00', true, 2],
    ]);
    const more = await billRows(ctx, [await rawBill(dueToday), await rawBill(undated), await rawBill(noRule)]);
    expect(more.map((r) => [r.lateFeeDue, r.overdue, r.overdueDays])).toEqual([
      ['0.00', false, 0],
      ['0.00', false, 0],
      ['0.00', true, 30],
    ]);
    const paid = await payBills(ctx, { billIds: `${capped},${roundedUp}`, payType: PAY_TYPE.cash });
    expect(await orderOf(paid.order.id)).toMatchObject({ bill_amount: '110.00', late_fee: '3.54', total_amount: '113.54' });
    // A bill no longer unpaid carries no late fee, however late.
    const settled = await billRows(ctx, [await rawBill(capped)]);
    expect(settled[0]).toMatchObject({ lateFeeDue: '0.00', overdue: false, overdueDays: 0 });
    expect(await billRows(ctx, [])).toEqual([]);
    // A rounding mode the item does not know (the column takes any number) rounds half up: 1.00 × 0.5% = 0.005 → 0.01.
    const oddMode = await addItem('mm滞纳未知舍入', '0.5', 0, null, 7);
    const odd = await addBill({ amount: '1.00', dueIn: -1, item: oddMode });
    expect((await billRows(ctx, [await rawBill(odd)]))[0]).toMatchObject({ lateFeeDue: '0.01' });
    // An amount or a reduction left empty (the columns allow it) counts as 0.
    const [noAmount, noReduction] = [await addBill({ amount: '5.00', reduced: '1.00' }), await addBill({ amount: '5.00' })];
    await sql`update property_payment_bill set amount = null where id = ${noAmount}`.execute(db());
    await sql`update property_payment_bill set reduce_amount = null where id = ${noReduction}`.execute(db());
    expect((await billRows(ctx, [await rawBill(noAmount), await rawBill(noReduction)])).map((r) => r.owed)).toEqual([
      '-1.00',
      '5.00',
    ]);
  });

  it('answers the first payment again for the same client key, paying nothing; the key with other bills is refused', async () => {
    const bill = await addBill({ amount: '30.00' });
    const other = await addBill({ amount: '40.00' });
    const first = await payBills(ctx, { billIds: bill, payType: PAY_TYPE.cash, clientKey: 'mm-pay-1' });
    const again = await payBills(ctx, { billIds: bill, payType: PAY_TYPE.cash, clientKey: 'mm-pay-1' });
    expect(again.replay).toBe(true);
    expect(again.order.id).toBe(first.order.id);
    expect(again.bills.map((b) => [b.id, b.billStatus])).toEqual([[bill, 2]]);
    expect(await ordersFor(bill)).toBe(1);
    expect(await logOf(bill)).toHaveLength(1);
    expect(await orderOf(first.order.id)).toMatchObject({ client_key: 'mm-pay-1' });
    await refusedWith(() => payBills(ctx, { billIds: other, payType: PAY_TYPE.cash, clientKey: 'mm-pay-1' }), 'payKeyReused');
    await refusedWith(
      () => payBills(ctx, { billIds: `${bill},${other}`, payType: PAY_TYPE.cash, clientKey: 'mm-pay-1' }),
      'payKeyReused',
    );
    expect(await billOf(other)).toMatchObject({ status: '1', order_id: null });
    // Without a key the same bill is refused as paid, not answered again.
    await refusedWith(() => payBills(ctx, { billIds: bill, payType: PAY_TYPE.cash }), 'billAlreadyPaid');
  });

  it('refuses paid, closed and refunded bills, bills of two houses or a house and a space, writing nothing', async () => {
    const unpaid = await addBill({ amount: '10.00' });
    const cases: Array<[number, string]> = [
      [BILL_STATUS.paid, 'billAlreadyPaid'],
      [BILL_STATUS.closed, 'billClosedNoPay'],
      [BILL_STATUS.refunded, 'billRefundedNoPay'],
    ];
    for (const [status, key] of cases) {
      const bill = await addBill({ amount: '10.00', status, paid: status === BILL_STATUS.closed ? '0' : '10.00' });
      await refusedWith(() => payBills(ctx, { billIds: `${unpaid},${bill}`, payType: PAY_TYPE.cash }), key);
      expect(await billOf(bill)).toMatchObject({ status: String(status), order_id: null });
    }
    const otherHouse = await addBill({ amount: '10.00', house: place.otherHouse });
    await refusedWith(() => payBills(ctx, { billIds: `${unpaid},${otherHouse}`, payType: PAY_TYPE.cash }), 'billsOneHouse');
    const space = await addBill({ amount: '10.00', house: null, space: '123' });
    await refusedWith(() => payBills(ctx, { billIds: `${unpaid},${space}`, payType: PAY_TYPE.cash }), 'billsOneHouse');
    await refusedWith(() => payBills(ctx, { billIds: `${unpaid},99999999`, payType: PAY_TYPE.cash }), 'billMissing', {
      ids: ['99999999'],
    });
    expect(await billOf(unpaid)).toMatchObject({ status: '1', paid: '0.00', order_id: null });
    expect(await logOf(unpaid)).toEqual([]);
    expect(await ordersFor(unpaid)).toBe(0);
    const otherSpace = await addBill({ amount: '10.00', house: null, space: '124' });
    await refusedWith(() => payBills(ctx, { billIds: `${space},${otherSpace}`, payType: PAY_TYPE.cash }), 'billsOneHouse');
    // Two bills of one parking space are one payment.
    const spaceToo = await addBill({ amount: '5.00', house: null, space: '123' });
    const paid = await payBills(ctx, { billIds: `${space},${spaceToo}`, payType: PAY_TYPE.cash });
    expect(await orderOf(paid.order.id)).toMatchObject({ bill_count: 2, total_amount: '15.00' });
  });

  it('a replay names the same bills in any order; 100 bills are one payment', async () => {
    const a = await addBill({ amount: '1.00' });
    const b = await addBill({ amount: '2.00' });
    const first = await payBills(ctx, {
      billIds: `${b},${a}`,
      payType: PAY_TYPE.cash,
      clientKey: 'mm-order-1',
      payerName: null,
      remark: null,
    });
    // A null payer or remark is none (not the text 'null').
    expect(await orderOf(first.order.id)).toMatchObject({ payer_name: null, remark: null });
    const again = await payBills(ctx, { billIds: `${a},${b}`, payType: PAY_TYPE.cash, clientKey: 'mm-order-1' });
    expect(again).toMatchObject({ replay: true, order: { id: first.order.id } });
    // Stored as first named (b,a): compared sorted on both sides, so the order named first matches too.
    const third = await payBills(ctx, { billIds: `${b},${a}`, payType: PAY_TYPE.cash, clientKey: 'mm-order-1' });
    expect(third).toMatchObject({ replay: true, order: { id: first.order.id } });
    expect(await ordersFor(a)).toBe(1);
    const many: string[] = [];
    for (let i = 0; i < MAX_BILLS_A_PAYMENT; i += 1) many.push(await addBill({ amount: '0.01' }));
    const paid = await payBills(ctx, { billIds: many.join(','), payType: PAY_TYPE.cash, payerName: '', remark: '' });
    // An empty payer or remark is none.
    expect(await orderOf(paid.order.id)).toMatchObject({ bill_count: 100, total_amount: '1.00', payer_name: null, remark: null });
  });

  it('a bill without an item (the column allows it, though the forms require one) is paid without a late fee', async () => {
    const bill = await addBill({ amount: '10.00', dueIn: -12 });
    await sql`update property_payment_bill set item_id = null where id = ${bill}`.execute(db());
    const paid = await payBills(ctx, { billIds: bill, payType: PAY_TYPE.cash });
    expect(await orderOf(paid.order.id)).toMatchObject({ bill_amount: '10.00', late_fee: '0.00', total_amount: '10.00' });
    expect(await billOf(bill)).toMatchObject({ status: '2', paid: '10.00', fee: '0.00' });
  });

  it('a bill of another tenant is missing', async () => {
    const bill = await addBill({ amount: '10.00' });
    const stranger = { ...ctx, auth: { ...ctx.auth, tenantId: '000000' }, rowScope: () => [sql`tenant_id = '000000'`] };
    await refusedWith(() => payBills(stranger, { billIds: bill, payType: PAY_TYPE.cash }), 'billMissing', { ids: [bill] });
    expect(await billOf(bill)).toMatchObject({ status: '1' });
  });
});

const rawBill = (id: string) => one(sql<Row>`select * from property_payment_bill where id = ${id}`.execute(db()));
/** The changes of a row's audit rows of action 'update' (the fields a move changed, before and after), oldest first. */
const updatesOf = async (entity: string, rowId: string) =>
  (
    await all(
      sql<{ changes: Record<string, { before: unknown; after: unknown }> }>`select changes from blade_audit_log
      where entity_name = ${entity} and row_id = ${rowId} and action = 'update' order by id`.execute(db()),
    )
  ).map((r) => r.changes);

/* Pre-paid balances (预存款). */

let accountSeq = 0;
/** An account of `owner` in the test garden holding `balance`. */
async function addAccount(owner: string, balance: string): Promise<string> {
  accountSeq += 1;
  const row = await one(
    sql<{ id: string }>`insert into property_prepaid_account (tenant_id, garden_id, house_id, house_name,
      owner_id, owner_name, balance) values (${DEMO_TENANT}, ${place.garden}, ${place.house}, ${place.houseName}, ${owner},
      ${`账户${accountSeq}`}, ${balance}) returning id::text`.execute(db()),
  );
  return row.id;
}
const balanceOf = async (account: string) =>
  (await one(sql<{ b: string }>`select balance::text as b from property_prepaid_account where id = ${account}`.execute(db()))).b;
const setBalance = (account: string, balance: string) =>
  sql`update property_prepaid_account set balance = ${balance} where id = ${account}`.execute(db());
const ledgerOf = (account: string) =>
  all(
    sql<Record<string, string | number | null>>`select kind, amount::text, balance_after::text, pay_type, order_id::text,
    bill_id::text, refund_id::text, receipt_no, receipt_seq, remark from property_prepaid_ledger
    where prepaid_account_id = ${account} order by id`.execute(db()),
  );
const accountRow = (account: string) => one(sql<Row>`select * from property_prepaid_account where id = ${account}`.execute(db()));

describe('pre-paid balances', () => {
  let account = '';
  beforeAll(async () => {
    await ready();
    account = await addAccount(place.owner, '0.00');
  });

  it('pays by balance when it holds the total with late fees exactly; one cent short is refused, nothing written', async () => {
    const bill = await addBill({ amount: '100.00', dueIn: -12 });
    await setBalance(account, '104.99');
    await refusedWith(() => payBills(ctx, { billIds: bill, payType: PAY_TYPE.balance }), 'prepaidBalanceShort', {
      balance: '104.99',
      amount: '105.00',
    });
    expect(await balanceOf(account)).toBe('104.99');
    expect(await ledgerOf(account)).toEqual([]);
    expect(await billOf(bill)).toMatchObject({ status: '1', order_id: null });
    expect(await ordersFor(bill)).toBe(0);

    await setBalance(account, '105.00');
    const paid = await payBills(ctx, { billIds: bill, payType: PAY_TYPE.balance });
    expect(await balanceOf(account)).toBe('0.00');
    expect(await ledgerOf(account)).toEqual([
      {
        kind: PREPAID_KIND.payment,
        amount: '-105.00',
        balance_after: '0.00',
        pay_type: PAY_TYPE.balance,
        order_id: String(paid.order.id),
        bill_id: null,
        refund_id: null,
        receipt_no: null,
        receipt_seq: null,
        remark: paid.order.receiptNo,
      },
    ]);
    expect(await billOf(bill)).toMatchObject({ status: '2', paid: '100.00', fee: '5.00', pay_type: '5' });
    // Replayed, the payment takes nothing more.
    await setBalance(account, '50.00');
    const key = await addBill({ amount: '20.00' });
    await payBills(ctx, { billIds: key, payType: PAY_TYPE.balance, clientKey: 'mm-balance-1' });
    expect(await balanceOf(account)).toBe('30.00');
    expect((await payBills(ctx, { billIds: key, payType: PAY_TYPE.balance, clientKey: 'mm-balance-1' })).replay).toBe(true);
    expect(await balanceOf(account)).toBe('30.00');
  });

  it('other pay types leave the balance alone; no account, or bills of two owners, are refused', async () => {
    await setBalance(account, '500.00');
    const rows = (await ledgerOf(account)).length;
    const cash = await addBill({ amount: '60.00' });
    await payBills(ctx, { billIds: cash, payType: PAY_TYPE.cash });
    expect(await balanceOf(account)).toBe('500.00');
    expect(await ledgerOf(account)).toHaveLength(rows);

    const nobodys = await addBill({ amount: '10.00', owner: place.ownerB });
    await refusedWith(() => payBills(ctx, { billIds: nobodys, payType: PAY_TYPE.balance }), 'prepaidNoAccount');
    const ownerless = await addBill({ amount: '10.00', owner: null });
    await refusedWith(() => payBills(ctx, { billIds: ownerless, payType: PAY_TYPE.balance }), 'prepaidNoAccount');
    const mine = await addBill({ amount: '10.00' });
    await refusedWith(() => payBills(ctx, { billIds: `${mine},${nobodys}`, payType: PAY_TYPE.balance }), 'prepaidOwnersDiffer');
    expect(await billOf(mine)).toMatchObject({ status: '1' });
    expect(await balanceOf(account)).toBe('500.00');
  });

  it('moves a balance to exactly zero, never below: one cent more is refused', async () => {
    await setBalance(account, '10.00');
    const rows = (await ledgerOf(account)).length;
    await refusedWith(
      async () => moveBalance(ctx, await accountRow(account), '-10.01', { kind: PREPAID_KIND.payment }),
      'prepaidBalanceShort',
      { balance: '10.00', amount: '10.01' },
    );
    expect(await balanceOf(account)).toBe('10.00');
    const moved = await moveBalance(ctx, await accountRow(account), '-10.00', {
      kind: PREPAID_KIND.payment,
      billId: '7',
      orderId: 8,
    });
    expect(String(moved.account.balance)).toMatch(/^0(\.00)?$/);
    expect(await balanceOf(account)).toBe('0.00');
    expect((await ledgerOf(account)).slice(rows)).toEqual([
      expect.objectContaining({
        kind: PREPAID_KIND.payment,
        amount: '-10.00',
        balance_after: '0.00',
        bill_id: '7',
        order_id: '8',
      }),
    ]);
  });

  it('several moves of one account at once: each from the balance the one before left; overdrawn together, none is made', async () => {
    const mine = await addAccount(spareOwners.pop()!, '10.00');
    const row = await accountRow(mine);
    const moves = (...amounts: string[]) =>
      amounts.map((amount) => ({ account: row, amount, entry: { kind: PREPAID_KIND.payment } }));
    // 6.00 and 6.00 from 10.00: together they would overdraw it. Refused naming the balance and their sum, nothing moved.
    await refusedWith(() => moveBalances(ctx, moves('-6.00', '-6.00')), 'prepaidBalanceShort', {
      balance: '10.00',
      amount: '12.00',
    });
    expect(await balanceOf(mine)).toBe('10.00');
    expect(await ledgerOf(mine)).toEqual([]);
    // 10.00 − 6.00 = 4.00, + 1.50 = 5.50, − 5.50 = 0.00.
    const done = await moveBalances(ctx, moves('-6.00', '1.50', '-5.50'));
    expect(done.map((d) => d.account.balance)).toEqual(['4.00', '5.50', '0.00']);
    expect(await balanceOf(mine)).toBe('0.00');
    expect((await ledgerOf(mine)).map((l) => [l.amount, l.balance_after])).toEqual([
      ['-6.00', '4.00'],
      ['1.50', '5.50'],
      ['-5.50', '0.00'],
    ]);
    expect((await updatesOf('prepaidAccount', mine)).map((c) => c.balance)).toEqual([
      { before: '10.00', after: '4.00' },
      { before: '4.00', after: '5.50' },
      { before: '5.50', after: '0.00' },
    ]);
    // + 5.00, − 6.00, + 2.00 from 0.00 ends at 1.00, but the second move would overdraw it on the way: refused
    // naming that move and the balance it found, and nothing moved.
    await refusedWith(() => moveBalances(ctx, moves('5.00', '-6.00', '2.00')), 'prepaidBalanceShort', {
      balance: '5.00',
      amount: '6.00',
    });
    expect(await balanceOf(mine)).toBe('0.00');
    expect(await ledgerOf(mine)).toHaveLength(3);
  });

  it('tops up with the garden’s next top-up receipt; the same key answers it again, with another amount or account refused', async () => {
    await setBalance(account, '1.00');
    const before = (await ledgerOf(account)).length;
    const seq = await one(
      sql<{ seq: number }>`select coalesce(max(receipt_seq), 0)::int as seq from property_prepaid_ledger
      where tenant_id = ${DEMO_TENANT} and garden_id = ${place.garden} and receipt_year = ${place.year}
      and receipt_seq is not null`.execute(db()),
    );
    const first = await topUp(ctx, {
      prepaidAccountId: account,
      amount: '12.34',
      payType: PAY_TYPE.card,
      clientKey: 'mm-top-1',
      remark: '现金',
    });
    const receipt = `${place.code}-YC${place.year}-${String(seq.seq + 1).padStart(6, '0')}`;
    expect(first.replay).toBe(false);
    expect(first.account).toMatchObject({ balance: '13.34' });
    expect((await ledgerOf(account)).slice(before)).toEqual([
      {
        kind: PREPAID_KIND.topUp,
        amount: '12.34',
        balance_after: '13.34',
        pay_type: PAY_TYPE.card,
        order_id: null,
        bill_id: null,
        refund_id: null,
        receipt_no: receipt,
        receipt_seq: seq.seq + 1,
        remark: '现金',
      },
    ]);
    const again = await topUp(ctx, { prepaidAccountId: account, amount: '12.34', payType: PAY_TYPE.card, clientKey: 'mm-top-1' });
    expect(again).toMatchObject({ replay: true, ledger: { id: first.ledger.id } });
    expect(await balanceOf(account)).toBe('13.34');
    await refusedWith(
      () => topUp(ctx, { prepaidAccountId: account, amount: '12.35', payType: PAY_TYPE.card, clientKey: 'mm-top-1' }),
      'payKeyReused',
    );
    const otherAccount = await addAccount(place.ownerC, '0.00');
    await refusedWith(
      () => topUp(ctx, { prepaidAccountId: otherAccount, amount: '12.34', payType: PAY_TYPE.card, clientKey: 'mm-top-1' }),
      'payKeyReused',
    );
    // A key a payment's ledger row carries is not a top-up's, even on the same account and amount.
    await sql`insert into property_prepaid_ledger (tenant_id, prepaid_account_id, garden_id, kind, amount, balance_after, client_key,
      create_user) values (${DEMO_TENANT}, ${account}, ${place.garden}, ${PREPAID_KIND.payment}, 5, 0, 'mm-paid-key', 0)`.execute(
      db(),
    );
    await refusedWith(
      () => topUp(ctx, { prepaidAccountId: account, amount: '5', payType: PAY_TYPE.cash, clientKey: 'mm-paid-key' }),
      'payKeyReused',
    );
    expect(await balanceOf(otherAccount)).toBe('0.00');
    expect(await balanceOf(account)).toBe('13.34');
    // Another top-up takes the next number of the top-up book; without a remark, none.
    const second = await topUp(ctx, { prepaidAccountId: account, amount: '0.66', payType: PAY_TYPE.transfer });
    expect(second.ledger).toMatchObject({ receiptSeq: seq.seq + 2, remark: null, balanceAfter: '14.00' });
    await refusedWith(
      () => topUp(ctx, { prepaidAccountId: '99999999', amount: '1', payType: PAY_TYPE.cash }),
      'prepaidAccountMissing',
    );
  });

  it('a top-up pays the waiting auto-deduct bills its balance covers, oldest first, and stops at the first it cannot', async () => {
    const owner = spareOwners.pop()!;
    await sql`insert into property_ownership (tenant_id, owner_id, house_id, garden_id, building_id, unit_id, owner_type, create_user)
      select tenant_id, ${owner}, id, garden_id, building_id, unit_id, 1, 0 from property_house where id = ${place.house}`.execute(
      db(),
    );
    const auto = await addItem('mm自动扣缴', null, 0, null);
    await sql`update property_payment_item set auto_deduct = 1 where id = ${auto}`.execute(db());
    const wallet = await addAccount(owner, '0.00');
    const older = await addBill({ amount: '30.00', dueIn: 5, owner, item: auto });
    const newer = await addBill({ amount: '5.00', dueIn: 10, owner, item: auto });
    // 20.00 cannot pay the older 30.00: that account stops there (the newer 5.00 waits too), and the top-up stands.
    const first = await topUp(ctx, { prepaidAccountId: wallet, amount: '20', payType: PAY_TYPE.cash });
    expect(first.deducted).toBe(0);
    expect(await balanceOf(wallet)).toBe('20.00');
    expect(await billOf(older)).toMatchObject({ status: '1', order_id: null });
    expect(await billOf(newer)).toMatchObject({ status: '1', order_id: null });
    // 15.00 more makes 35.00: both are paid, to exactly zero.
    const second = await topUp(ctx, { prepaidAccountId: wallet, amount: '15', payType: PAY_TYPE.cash });
    expect(second).toMatchObject({ deducted: 2, account: { balance: '0.00' } });
    expect(await billOf(older)).toMatchObject({ status: '2', paid: '30.00', pay_type: String(PAY_TYPE.balance) });
    expect(await billOf(newer)).toMatchObject({ status: '2', paid: '5.00' });
  });

  it('keeps a top-up’s remark to its first 500 characters', async () => {
    const remark = `${'备'.repeat(499)}注X`;
    const done = await topUp(ctx, { prepaidAccountId: account, amount: '1', payType: PAY_TYPE.cash, remark });
    expect(done.ledger).toMatchObject({ remark: `${'备'.repeat(499)}注` });
    expect((await ledgerOf(account)).at(-1)).toMatchObject({ remark: `${'备'.repeat(499)}注`, amount: '1.00' });
  });
});

/* Automatic deduction (自动从预存款扣缴): the flagged items' bills paid from their owners' accounts. */

describe('automatic deduction from pre-paid balances', () => {
  /** Flagged items: one with the graced late fee (0.5% a day after 2 days), one without. */
  const flagged = { graced: '', plain: '' };
  let otherGarden = '';
  beforeAll(async () => {
    await ready();
    flagged.graced = await addItem('mm自扣宽限', '0.5', 2, null);
    flagged.plain = await addItem('mm自扣无滞纳', null, 0, null);
    await sql`update property_payment_item set auto_deduct = 1 where id in (${flagged.graced}, ${flagged.plain})`.execute(db());
    otherGarden = (
      await one(
        sql<{ id: string }>`select id::text from property_garden where tenant_id = ${DEMO_TENANT} and is_deleted = 0
        and id <> ${place.garden} order by id limit 1`.execute(db()),
      )
    ).id;
  });

  /** An owner no other test uses, with an account in the test garden holding `balance`. */
  async function ownerWith(balance: string): Promise<{ owner: string; account: string }> {
    const owner = spareOwners.pop()!;
    return { owner, account: await addAccount(owner, balance) };
  }
  /** The orders deduction wrote for these bills, in the order written. */
  const autoOrdersOf = (billIds: string[]) =>
    all(
      sql<Record<string, string | number | null>>`select client_key, bill_ids, pay_type, bill_amount::text, late_fee::text,
      total_amount::text, receipt_seq, receipt_no from property_payment_order where tenant_id = ${DEMO_TENANT}
      and bill_ids in (${sql.join(billIds)}) order by id`.execute(db()),
    );
  /** A run of generation of the test garden's period `period` (the scope deductGenerated is given). */
  const scopeOf = (period: string, more: Partial<GenerationScope> = {}): GenerationScope => ({
    gardenId: place.garden,
    period,
    ...more,
  });

  it('pays only the account owner’s flagged unpaid bills in its garden, oldest first, with the late fee each has come to', async () => {
    const { owner, account } = await ownerWith('1000.00');
    const overdue = await addBill({ amount: '100.00', dueIn: -12, owner, item: flagged.graced });
    const later = await addBill({ amount: '20.00', dueIn: 5, owner, item: flagged.plain });
    const undated = await addBill({ amount: '1.00', dueIn: null, owner, item: flagged.plain });
    const notFlagged = await addBill({ amount: '10.00', dueIn: -20, owner, item: item.none });
    const someoneElses = await addBill({ amount: '10.00', dueIn: -20, owner: place.ownerB, item: flagged.plain });
    const elsewhere = await addBill({ amount: '10.00', dueIn: -20, owner, item: flagged.plain, garden: otherGarden });
    const closed = await addBill({ amount: '10.00', dueIn: -20, owner, item: flagged.plain, status: BILL_STATUS.closed });
    // A bill its automatic key has paid already (an earlier run's order) is passed over, not paid twice.
    const keyed = await addBill({ amount: '10.00', dueIn: -30, owner, item: flagged.plain });
    await sql`insert into property_payment_order (tenant_id, garden_id, bill_ids, bill_count, bill_amount, late_fee, total_amount,
      order_status, pay_type, client_key, house_name, owner_name, owner_phone, create_user) values (${DEMO_TENANT}, ${place.garden},
      ${keyed}, 1, 10, 0, 10, 1, 5, ${`auto:${keyed}`}, ${place.houseName}, '测试业主', '13800000001', 0)`.execute(db());

    expect(await deductAccount(ctx, account)).toBe(3);
    // 1000.00 − (100.00 + 5.00 late) − 20.00 − 1.00.
    expect(await balanceOf(account)).toBe('874.00');
    expect(await billOf(overdue)).toMatchObject({ status: '2', paid: '100.00', fee: '5.00', pay_type: String(PAY_TYPE.balance) });
    expect(await billOf(later)).toMatchObject({ status: '2', paid: '20.00', fee: '0.00' });
    expect(await billOf(undated)).toMatchObject({ status: '2', paid: '1.00' });
    for (const left of [notFlagged, someoneElses, elsewhere, keyed])
      expect(await billOf(left), left).toMatchObject({ status: '1', order_id: null });
    expect(await billOf(closed)).toMatchObject({ status: String(BILL_STATUS.closed), order_id: null });
    // One order a bill, keyed by it, in the waiting order (due date, undated last), with consecutive receipts.
    const orders = await autoOrdersOf([overdue, later, undated]);
    expect(orders).toMatchObject([
      {
        client_key: `auto:${overdue}`,
        pay_type: PAY_TYPE.balance,
        bill_amount: '100.00',
        late_fee: '5.00',
        total_amount: '105.00',
      },
      { client_key: `auto:${later}`, bill_amount: '20.00', late_fee: '0.00', total_amount: '20.00' },
      { client_key: `auto:${undated}`, total_amount: '1.00' },
    ]);
    expect(orders.map((o) => Number(o.receipt_seq) - Number(orders[0]!.receipt_seq))).toEqual([0, 1, 2]);
    // The numbers are taken three at once: each order's receipt number is its own sequence number's, counting up.
    const receipts = orders.map((o) => `${place.code}-${place.year}-${String(o.receipt_seq).padStart(6, '0')}`);
    expect(orders.map((o) => o.receipt_no)).toEqual(receipts);
    expect((await ledgerOf(account)).map((l) => [l.amount, l.balance_after, l.remark])).toEqual([
      ['-105.00', '895.00', receipts[0]],
      ['-20.00', '875.00', receipts[1]],
      ['-1.00', '874.00', receipts[2]],
    ]);
    // Three moves of one account in one statement: each audited from the balance the one before left.
    expect((await updatesOf('prepaidAccount', account)).map((c) => c.balance)).toEqual([
      { before: '1000.00', after: '895.00' },
      { before: '895.00', after: '875.00' },
      { before: '875.00', after: '874.00' },
    ]);
    // Nothing is left to pay: a second run pays nothing.
    expect(await deductAccount(ctx, account)).toBe(0);
    expect(await balanceOf(account)).toBe('874.00');
  });

  it('strictly oldest first: the first bill an account cannot cover stops it, even across chunks; other accounts go on', async () => {
    const short = await ownerWith('150.00');
    const enough = await ownerWith('30.00');
    const empty = await ownerWith('0.00');
    // 99 bills of 1.00, then 100.00 the 51.00 left cannot cover, then two of 1.00 in the next chunk (CHUNK is 100).
    const ones = [];
    for (let n = 0; n < 99; n++) ones.push(await addBill({ amount: '1.00', dueIn: 1, owner: short.owner, item: flagged.plain }));
    const big = await addBill({ amount: '100.00', dueIn: 2, owner: short.owner, item: flagged.plain });
    const after = [
      await addBill({ amount: '1.00', dueIn: 3, owner: short.owner, item: flagged.plain }),
      await addBill({ amount: '1.00', dueIn: 4, owner: short.owner, item: flagged.plain }),
    ];
    expect(CHUNK).toBe(100);
    const paidToZero = [
      await addBill({ amount: '10.00', dueIn: 1, owner: enough.owner, item: flagged.plain, period: '2031-03' }),
      await addBill({ amount: '20.00', dueIn: 2, owner: enough.owner, item: flagged.plain, period: '2031-03' }),
    ];
    // A bill owing nothing (reduced to 0.00) on an empty account: only accounts holding money are looked at.
    const owingNothing = await addBill({ amount: '5.00', reduced: '5.00', owner: empty.owner, item: flagged.plain });

    expect(await deductAccount(ctx, short.account)).toBe(99);
    expect(await balanceOf(short.account)).toBe('51.00');
    expect(await billOf(ones[98]!)).toMatchObject({ status: '2' });
    for (const waiting of [big, ...after]) expect(await billOf(waiting)).toMatchObject({ status: '1', order_id: null });
    const receipts = (await autoOrdersOf(ones)).map((o) => Number(o.receipt_seq));
    expect(receipts).toEqual(receipts.map((_, n) => receipts[0]! + n));

    expect(await deductGenerated(ctx, scopeOf('2031-03'))).toBe(2);
    expect(await balanceOf(enough.account)).toBe('0.00');
    for (const bill of paidToZero) expect(await billOf(bill)).toMatchObject({ status: '2' });
    expect(await deductAccount(ctx, empty.account)).toBe(0);
    expect(await billOf(owingNothing)).toMatchObject({ status: '1' });
    // The short account, looked at again, still stops at the 100.00.
    expect(await deductAccount(ctx, short.account)).toBe(0);
  });

  it('after generation: the scope’s accounts only, its period’s bills without a late fee, older waiting bills with theirs', async () => {
    const a = await ownerWith('500.00');
    const b = await ownerWith('500.00');
    const c = await ownerWith('500.00');
    const d = await ownerWith('500.00');
    // Issued in the generated period 2031-05 though long overdue: no late fee. An older waiting bill pays its own.
    const issued = await addBill({
      amount: '100.00',
      dueIn: -12,
      owner: a.owner,
      item: flagged.graced,
      period: '2031-05',
      building: '71',
      unit: '81',
    });
    const waiting = await addBill({ amount: '100.00', dueIn: -13, owner: a.owner, item: flagged.graced, period: '2031-04' });
    // b's bill of the period is in another building, c's in another unit (both of the run's item, so that the building
    // or the unit alone keeps them out), d's of an item the run did not generate.
    const otherBuilding = await addBill({
      amount: '10.00',
      owner: b.owner,
      item: flagged.graced,
      period: '2031-05',
      building: '72',
      unit: '81',
    });
    const otherUnit = await addBill({
      amount: '10.00',
      owner: c.owner,
      item: flagged.graced,
      period: '2031-05',
      building: '71',
      unit: '82',
    });
    const otherItem = await addBill({
      amount: '10.00',
      owner: d.owner,
      item: flagged.plain,
      period: '2031-05',
      building: '71',
      unit: '81',
    });
    const seen: Array<[number, number]> = [];
    const deducted = await deductGenerated(
      ctx,
      scopeOf('2031-05', { buildingId: '71', unitId: '81', itemIds: [flagged.graced] }),
      {
        progress: (done, of) => void seen.push([done, of]),
      },
    );
    expect(deducted).toBe(2);
    expect(seen).toEqual([
      [0, 2],
      [2, 2],
    ]);
    // Oldest first: the waiting bill (due a day earlier) with 0.5% × 11 days of 100.00, then the issued one without.
    expect(await autoOrdersOf([waiting, issued])).toMatchObject([
      { client_key: `auto:${waiting}`, late_fee: '5.50', total_amount: '105.50' },
      { client_key: `auto:${issued}`, late_fee: '0.00', total_amount: '100.00' },
    ]);
    expect(await balanceOf(a.account)).toBe('294.50');
    for (const left of [otherBuilding, otherUnit, otherItem]) expect(await billOf(left)).toMatchObject({ status: '1' });
    for (const untouched of [b, c, d]) expect(await balanceOf(untouched.account)).toBe('500.00');
    // The whole garden's period: b's, c's and d's bills are paid now, a's nothing more.
    expect(await deductGenerated(ctx, scopeOf('2031-05'))).toBe(3);
    for (const paid of [otherBuilding, otherUnit, otherItem]) expect(await billOf(paid)).toMatchObject({ status: '2' });
    expect(await balanceOf(a.account)).toBe('294.50');
  });

  it('a run whose items have none flagged does nothing (null); another garden’s or period’s bills are not its own', async () => {
    const { owner, account } = await ownerWith('100.00');
    const bill = await addBill({ amount: '10.00', owner, item: flagged.plain, period: '2031-07' });
    expect(await deductGenerated(ctx, scopeOf('2031-07', { itemIds: [item.none] }))).toBeNull();
    expect((await deductGenerated(ctx, { gardenId: otherGarden, period: '2031-07' })) ?? 0).toBe(0);
    // A run that finds no account reports 0 of 0, once.
    const seen: Array<[number, number]> = [];
    expect(await deductGenerated(ctx, scopeOf('2031-08'), { progress: (done, of) => void seen.push([done, of]) })).toBe(0);
    expect(seen).toEqual([[0, 0]]);
    expect(await billOf(bill)).toMatchObject({ status: '1' });
    expect(await balanceOf(account)).toBe('100.00');
    // A stopped run pays nothing.
    const stop = new AbortController();
    stop.abort();
    await expect(deductGenerated(ctx, scopeOf('2031-07'), { signal: stop.signal })).rejects.toThrow();
    expect(await billOf(bill)).toMatchObject({ status: '1' });
    expect(await deductGenerated(ctx, scopeOf('2031-07'))).toBe(1);
    // Another tenant's run finds nothing of this tenant's.
    const stranger = { ...ctx, auth: { ...ctx.auth, tenantId: '000000' }, rowScope: () => [sql`tenant_id = '000000'`] };
    expect(await deductAccount(stranger, account)).toBe(0);
  });

  /**
   * Between reading the waiting bills and locking them, a cashier may come first. The progress call made
   * before the first chunk is that moment: what it changes, each chunk must see in the rows it locks.
   */
  it('decides from the locked rows: a bill paid meanwhile is passed over, an account gone, changed or short pays nothing', async () => {
    const run = async (account: string, meanwhile: () => Promise<unknown>) =>
      deductGenerated(ctx, scopeOf('2031-09'), {
        progress: async (done) => {
          if (done === 0) await meanwhile();
        },
      }).then(() => balanceOf(account));
    const paidMeanwhile = await ownerWith('50.00');
    const first = await addBill({
      amount: '10.00',
      dueIn: 1,
      owner: paidMeanwhile.owner,
      item: flagged.plain,
      period: '2031-09',
    });
    const second = await addBill({
      amount: '20.00',
      dueIn: 2,
      owner: paidMeanwhile.owner,
      item: flagged.plain,
      period: '2031-09',
    });
    expect(await run(paidMeanwhile.account, () => payBills(ctx, { billIds: first, payType: PAY_TYPE.cash }))).toBe('30.00');
    expect(await billOf(first)).toMatchObject({ status: '2', pay_type: String(PAY_TYPE.cash) });
    expect(await billOf(second)).toMatchObject({ status: '2', pay_type: String(PAY_TYPE.balance) });

    for (const change of [
      (account: string) => sql`update property_prepaid_account set is_deleted = 1 where id = ${account}`,
      (account: string) => sql`update property_prepaid_account set owner_id = ${place.ownerB} where id = ${account}`,
      (account: string) => sql`update property_prepaid_account set garden_id = ${otherGarden} where id = ${account}`,
      (account: string) => sql`update property_prepaid_account set balance = 9.99 where id = ${account}`,
    ]) {
      const { owner, account } = await ownerWith('50.00');
      const bill = await addBill({ amount: '10.00', dueIn: 1, owner, item: flagged.plain, period: '2031-09' });
      const balance = await run(account, () => change(account).execute(db()));
      expect(await billOf(bill), change(account).compile(db()).sql).toMatchObject({ status: '1', order_id: null });
      expect(['50.00', '9.99']).toContain(balance);
    }
  });

  it('each chunk is its own transaction: a run stopped after the first keeps that chunk’s payments, and only those', async () => {
    const { owner, account } = await ownerWith('10.00');
    // CHUNK + 1 bills of 0.01, oldest first in the order added (same due date, then id).
    const waiting: string[] = [];
    for (let n = 0; n <= CHUNK; n++)
      waiting.push(await addBill({ amount: '0.01', dueIn: 1, owner, item: flagged.plain, period: '2031-11' }));
    const stop = new AbortController();
    const stopAfterFirst = (done: number) => {
      if (done === CHUNK) stop.abort();
    };
    await expect(deductGenerated(ctx, scopeOf('2031-11'), { signal: stop.signal, progress: stopAfterFirst })).rejects.toThrow();
    // The first chunk's 100 bills are paid (1.00 taken); the last waits for the next run, which pays it alone.
    expect(await balanceOf(account)).toBe('9.00');
    expect(await billOf(waiting[CHUNK - 1]!)).toMatchObject({ status: '2' });
    expect(await billOf(waiting[CHUNK]!)).toMatchObject({ status: '1', order_id: null });
    expect(await deductGenerated(ctx, scopeOf('2031-11'))).toBe(1);
    expect(await balanceOf(account)).toBe('8.99');
  });

  it('a chunk whose bills were all paid meanwhile pays nothing and refuses nothing; an account row gone stops only itself', async () => {
    const alone = await ownerWith('50.00');
    const bill = await addBill({ amount: '10.00', dueIn: 1, owner: alone.owner, item: flagged.plain, period: '2031-10' });
    const cashierFirst = async (done: number) => {
      if (done === 0) await payBills(ctx, { billIds: bill, payType: PAY_TYPE.cash });
    };
    expect(await deductGenerated(ctx, scopeOf('2031-10'), { progress: cashierFirst })).toBe(0);
    expect(await billOf(bill)).toMatchObject({ status: '2', pay_type: String(PAY_TYPE.cash) });
    expect(await balanceOf(alone.account)).toBe('50.00');
    expect(await ledgerOf(alone.account)).toEqual([]);

    // An account deleted outright (the app only marks accounts removed; a row gone all the same): its bill waits,
    // the other account of the chunk is paid.
    const gone = await ownerWith('50.00');
    const kept = await ownerWith('50.00');
    const goneBill = await addBill({ amount: '10.00', dueIn: 1, owner: gone.owner, item: flagged.plain, period: '2031-12' });
    const keptBill = await addBill({ amount: '10.00', dueIn: 1, owner: kept.owner, item: flagged.plain, period: '2031-12' });
    const removeGone = async (done: number) => {
      if (done === 0) await sql`delete from property_prepaid_account where id = ${gone.account}`.execute(db());
    };
    expect(await deductGenerated(ctx, scopeOf('2031-12'), { progress: removeGone })).toBe(1);
    expect(await billOf(goneBill)).toMatchObject({ status: '1', order_id: null });
    expect(await billOf(keptBill)).toMatchObject({ status: '2', pay_type: String(PAY_TYPE.balance) });
    expect(await balanceOf(kept.account)).toBe('40.00');
  });
});

describe('opening a pre-paid account', () => {
  beforeAll(ready, 120_000);

  it('opens at 0.00 for the house’s billed owner in its garden, whatever balance is sent; the house is fixed after', async () => {
    const house = await one(
      sql<{ id: string; garden_id: string; owner_id: string }>`select h.id::text, h.garden_id::text,
        (select p.owner_id::text from property_ownership p where p.house_id = h.id and p.is_deleted = 0 order by p.id limit 1)
      from property_house h where h.tenant_id = ${DEMO_TENANT} and h.is_deleted = 0
        and exists (select 1 from property_ownership p where p.house_id = h.id and p.is_deleted = 0)
        and not exists (select 1 from property_prepaid_account a join property_ownership p on p.owner_id = a.owner_id
          where p.house_id = h.id) order by h.id desc limit 1`.execute(db()),
    );
    expect(await accountOfHouse(ctx, house.id)).toBeNull();
    const opened = await prepaidAccounts.submit(ctx, { houseId: house.id, balance: '999.00', remark: '开户' });
    expect(opened).toMatchObject({ balance: '0.00', ownerId: house.owner_id, gardenId: house.garden_id, houseId: house.id });
    // The names are the house's and its owner's, copied when the account opens.
    const names = await one(
      sql<{ house_name: string; name: string; phone: string }>`select h.house_name, o.name, o.phone from property_house h,
      property_owner o where h.id = ${house.id} and o.id = ${house.owner_id}`.execute(db()),
    );
    expect(names.house_name && names.name && names.phone, 'the demo house and owner have names and a phone').toBeTruthy();
    expect(opened).toMatchObject({ houseName: names.house_name, ownerName: names.name, ownerPhone: names.phone });
    expect(await accountOfHouse(ctx, house.id)).toMatchObject({ id: opened.id, balance: '0.00' });
    await refusedWith(() => prepaidAccounts.submit(ctx, { id: opened.id, houseId: place.otherHouse }), 'prepaidAccountFixed');
    const kept = await prepaidAccounts.submit(ctx, { id: opened.id, houseId: house.id, remark: '改备注' });
    expect(kept).toMatchObject({ balance: '0.00', remark: '改备注', houseId: house.id });
    // Removed while it has no ledger rows; with one, it is kept.
    const used = await addAccount(spareOwners.pop()!, '0.00');
    await sql`insert into property_prepaid_ledger (tenant_id, prepaid_account_id, garden_id, kind, amount, balance_after, create_user)
      values (${DEMO_TENANT}, ${used}, ${place.garden}, ${PREPAID_KIND.topUp}, 1, 1, 0)`.execute(db());
    await refusedWith(() => prepaidAccounts.remove(ctx, used), 'prepaidAccountUsed');
    expect(await prepaidAccounts.remove(ctx, opened.id)).toBe(1);
  });

  it('a house without an owner has no account', async () => {
    const ownerless = await one(
      sql<{ id: string }>`insert into property_house (tenant_id, garden_id, building_id, unit_id,
        house_name) select tenant_id, garden_id, building_id, unit_id, '无主房' from property_house
      where id = ${place.house} returning id::text`.execute(db()),
    );
    expect(await accountOfHouse(ctx, ownerless.id)).toBeNull();
    await refusedWith(() => prepaidAccounts.submit(ctx, { houseId: ownerless.id }), 'prepaidHouseNoOwner');
    // A house that is not there: refused as missing, for the cashier's look-up and for opening alike.
    await refusedWith(() => accountOfHouse(ctx, '99999999'), 'houseMissing');
    await refusedWith(() => prepaidAccounts.submit(ctx, { houseId: '99999999' }), 'houseMissing');
  });
});

describe('a bill’s amount', () => {
  beforeAll(ready, 120_000);

  it('is the sum of its live lines', async () => {
    const bill = await addBill({ amount: '1.00' });
    for (const [amount, deleted] of [
      ['80.25', 0],
      ['-10.10', 0],
      ['500.00', 1],
    ] as const)
      await sql`insert into property_payment_bill_child (tenant_id, bill_id, garden_id, line_type, amount, is_deleted)
        values (${DEMO_TENANT}, ${bill}, ${place.garden}, 1, ${amount}, ${deleted})`.execute(db());
    await resumBill(ctx, bill);
    expect(await billOf(bill)).toMatchObject({ amount: '70.15' });
    expect(String((await rawBill(bill)).update_user), 'who changed it last').toBe(ctx.auth.userId);
    await sql`update property_payment_bill_child set is_deleted = 1 where bill_id = ${bill}`.execute(db());
    await resumBill(ctx, bill);
    expect(await billOf(bill)).toMatchObject({ amount: '0.00' });
  });
});

describe('refunds', () => {
  beforeAll(ready, 120_000);
  it('never more than paid with its late fee: one cent over refused, part of it leaves the bill paid, the rest refunds it', async () => {
    const bill = await addBill({ amount: '100.00', dueIn: -12 });
    const paid = await payBills(ctx, { billIds: bill, payType: PAY_TYPE.cash });
    await refusedWith(() => refundBill(ctx, { billId: bill, refundAmount: '105.01', reason: '多收' }), 'refundTooMuch', {
      max: '105.00',
    });
    expect(await billOf(bill)).toMatchObject({ status: '2', refunded: '0.00' });
    expect(await refundsOf(bill)).toEqual([]);

    const part = await refundBill(ctx, { billId: bill, refundAmount: '40.00', reason: ' 部分退款 ' });
    expect(part.replay).toBe(false);
    expect(part.bill).toMatchObject({ billStatus: BILL_STATUS.paid, refundAmount: '40.00' });
    expect(await billOf(bill)).toMatchObject({ status: '2', refunded: '40.00' });
    expect(await orderOf(paid.order.id)).toMatchObject({ refund_amount: '40.00', order_status: ORDER_STATUS.paid });
    await refusedWith(() => refundBill(ctx, { billId: bill, refundAmount: '65.01', reason: '多收' }), 'refundTooMuch', {
      max: '65.00',
    });

    const rest = await refundBill(ctx, { billId: bill, reason: '退完' });
    expect(rest.refund).toMatchObject({ refundAmount: '65.00' });
    expect(await billOf(bill)).toMatchObject({ status: '4', refunded: '105.00', paid: '100.00', fee: '5.00' });
    expect(await orderOf(paid.order.id)).toMatchObject({ refund_amount: '105.00', order_status: ORDER_STATUS.refunded });
    expect(await refundsOf(bill)).toEqual([
      { refund_amount: '40.00', pay_type: PAY_TYPE.cash, reason: '部分退款', order_id: String(paid.order.id) },
      { refund_amount: '65.00', pay_type: PAY_TYPE.cash, reason: '退完', order_id: String(paid.order.id) },
    ]);
    expect((await logOf(bill)).slice(1)).toEqual([
      { action: BILL_ACTION.refund, from_status: 2, to_status: 2, amount: '40.00', remark: '部分退款' },
      { action: BILL_ACTION.refund, from_status: 2, to_status: 4, amount: '65.00', remark: '退完' },
    ]);
    await refusedWith(() => refundBill(ctx, { billId: bill, refundAmount: '0.01', reason: '再退' }), 'refundNotPaid');
  });

  it('exactly what was paid refunds the bill; an order of two bills stays paid until both are', async () => {
    const one1 = await addBill({ amount: '30.00' });
    const two = await addBill({ amount: '20.00' });
    const paid = await payBills(ctx, { billIds: `${one1},${two}`, payType: PAY_TYPE.cash });
    await refundBill(ctx, { billId: one1, refundAmount: '30.00', reason: '退' });
    expect(await billOf(one1)).toMatchObject({ status: '4', refunded: '30.00' });
    expect(await orderOf(paid.order.id)).toMatchObject({ refund_amount: '30.00', order_status: ORDER_STATUS.paid });
    await refundBill(ctx, { billId: two, refundAmount: '20', reason: '退' });
    expect(await orderOf(paid.order.id)).toMatchObject({ refund_amount: '50.00', order_status: ORDER_STATUS.refunded });
  });

  it('a bill reduced to nothing and paid at 0.00 has nothing to refund: refused, whole or a cent', async () => {
    const bill = await addBill({ amount: '10.00', reduced: '10.00' });
    const paid = await payBills(ctx, { billIds: bill, payType: PAY_TYPE.cash });
    expect(await orderOf(paid.order.id)).toMatchObject({ total_amount: '0.00' });
    await refusedWith(() => refundBill(ctx, { billId: bill, reason: '退' }), 'refundAmountInvalid');
    await refusedWith(() => refundBill(ctx, { billId: bill, refundAmount: '0.01', reason: '退' }), 'refundTooMuch', {
      max: '0.00',
    });
    expect(await billOf(bill)).toMatchObject({ status: '2', paid: '0.00', refunded: '0.00' });
    expect(await refundsOf(bill)).toEqual([]);
  });

  it('without an amount (none, null or empty) the whole rest is refunded; an amount given must be positive', async () => {
    for (const refundAmount of [undefined, null, '']) {
      const bill = await addBill({ amount: '10.00', status: BILL_STATUS.paid, paid: '10.00', refunded: '2.50' });
      await refundBill(ctx, { billId: bill, refundAmount, reason: '退' });
      expect(await billOf(bill)).toMatchObject({ status: '4', refunded: '10.00' });
    }
    const bill = await addBill({ amount: '10.00', status: BILL_STATUS.paid, paid: '10.00' });
    for (const refundAmount of ['0', '-1', 'abc'])
      await refusedWith(() => refundBill(ctx, { billId: bill, refundAmount, reason: '退' }), 'refundAmountInvalid');
    expect(await refundsOf(bill)).toEqual([]);
  });

  it('unpaid and closed bills are not refunded; a bill without an order is refunded alone', async () => {
    for (const status of [BILL_STATUS.unpaid, BILL_STATUS.closed]) {
      const bill = await addBill({ amount: '10.00', status });
      await refusedWith(() => refundBill(ctx, { billId: bill, refundAmount: '1', reason: '退' }), 'refundNotPaid');
      expect(await refundsOf(bill)).toEqual([]);
    }
    const imported = await addBill({ amount: '10.00', status: BILL_STATUS.paid, paid: '10.00', payType: PAY_TYPE.transfer });
    await refundBill(ctx, { billId: imported, refundAmount: '2.50', reason: '退' });
    expect(await billOf(imported)).toMatchObject({ status: '2', refunded: '2.50' });
    expect(await refundsOf(imported)).toEqual([
      { refund_amount: '2.50', pay_type: PAY_TYPE.transfer, reason: '退', order_id: null },
    ]);
  });

  it('goes back the way asked (never onto a balance it did not come from); the same key answers the first refund', async () => {
    const bill = await addBill({ amount: '10.00', status: BILL_STATUS.paid, paid: '10.00', payType: PAY_TYPE.cash });
    await refusedWith(
      () => refundBill(ctx, { billId: bill, refundAmount: '1', reason: '退', payType: PAY_TYPE.balance }),
      'payTypeInvalid',
    );
    await refusedWith(() => refundBill(ctx, { billId: bill, refundAmount: '1', reason: '退', payType: 9 }), 'payTypeInvalid');
    const first = await refundBill(ctx, {
      billId: bill,
      refundAmount: '1',
      reason: '退',
      payType: PAY_TYPE.card,
      clientKey: 'mm-ref-1',
    });
    const again = await refundBill(ctx, { billId: bill, refundAmount: '1', reason: '退', clientKey: 'mm-ref-1' });
    expect(again).toMatchObject({ replay: true, refund: { id: first.refund.id }, bill: { id: bill, refundAmount: '1.00' } });
    expect(await refundsOf(bill)).toEqual([{ refund_amount: '1.00', pay_type: PAY_TYPE.card, reason: '退', order_id: null }]);
    expect(await billOf(bill)).toMatchObject({ refunded: '1.00' });
    const other = await addBill({ amount: '10.00', status: BILL_STATUS.paid, paid: '10.00', payType: PAY_TYPE.cash });
    await refusedWith(
      () => refundBill(ctx, { billId: other, refundAmount: '1', reason: '退', clientKey: 'mm-ref-1' }),
      'payKeyReused',
    );
    await refundBill(ctx, { billId: other, refundAmount: '1', reason: '退', payType: '' });
    expect((await refundsOf(other))[0]).toMatchObject({ pay_type: PAY_TYPE.cash });
  });

  it('money paid from a balance goes back onto it, whatever pay type the request names', async () => {
    const account = await addAccount(spareOwners[0]!, '105.00');
    const bill = await addBill({ amount: '100.00', dueIn: -12, owner: spareOwners[0] });
    const paid = await payBills(ctx, { billIds: bill, payType: PAY_TYPE.balance });
    expect(await balanceOf(account)).toBe('0.00');
    const refund = await refundBill(ctx, { billId: bill, refundAmount: '5.25', reason: '退滞纳金', payType: PAY_TYPE.cash });
    expect(await balanceOf(account)).toBe('5.25');
    expect((await refundsOf(bill))[0]).toMatchObject({ refund_amount: '5.25', pay_type: PAY_TYPE.balance });
    expect((await ledgerOf(account))[1]).toEqual({
      kind: PREPAID_KIND.refund,
      amount: '5.25',
      balance_after: '5.25',
      pay_type: PAY_TYPE.balance,
      order_id: String(paid.order.id),
      bill_id: bill,
      refund_id: String(refund.refund.id),
      receipt_no: null,
      receipt_seq: null,
      remark: '退滞纳金',
    });
    // A reason is kept to its first 500 characters, on the refund, the ledger and the bill's log.
    await refundBill(ctx, { billId: bill, refundAmount: '0.75', reason: `${'长'.repeat(500)}尾` });
    expect(await balanceOf(account)).toBe('6.00');
    expect((await refundsOf(bill))[1]!.reason).toBe('长'.repeat(500));
    expect((await ledgerOf(account))[2]!.remark).toBe('长'.repeat(500));
    expect((await logOf(bill)).at(-1)!.remark).toBe('长'.repeat(500));
    // With the account gone the refund has nowhere to go: refused, nothing written.
    await sql`update property_prepaid_account set is_deleted = 1 where id = ${account}`.execute(db());
    await refusedWith(() => refundBill(ctx, { billId: bill, refundAmount: '1', reason: '退' }), 'prepaidNoAccount');
    expect(await billOf(bill)).toMatchObject({ refunded: '6.00' });
    expect(await refundsOf(bill)).toHaveLength(2);
  });
});

describe('reductions and closing', () => {
  beforeAll(ready, 120_000);
  it('a reduction is at most what is still owed: exactly the rest allowed, one cent more refused', async () => {
    const bill = await addBill({ amount: '100.00' });
    const first = await reduceBill(ctx, { billId: bill, reduceAmount: '30', reason: ' 困难户 ' });
    expect(first.reduction).toMatchObject({ reduceAmount: '30.00', reason: '困难户', billId: bill });
    expect(first.bill).toMatchObject({ owed: '70.00', reduceAmount: '30.00' });
    await refusedWith(() => reduceBill(ctx, { billId: bill, reduceAmount: '70.01', reason: '再减' }), 'reduceTooMuch', {
      max: '70.00',
    });
    expect(await billOf(bill)).toMatchObject({ reduced: '30.00', status: '1' });
    const rest = await reduceBill(ctx, { billId: bill, reduceAmount: '70.00', reason: '全免' });
    expect(rest.bill).toMatchObject({ owed: '0.00', reduceAmount: '100.00' });
    expect(await logOf(bill)).toEqual([
      { action: BILL_ACTION.reduce, from_status: 1, to_status: 1, amount: '30.00', remark: '困难户' },
      { action: BILL_ACTION.reduce, from_status: 1, to_status: 1, amount: '70.00', remark: '全免' },
    ]);
    const count = await one(
      sql<{ n: number }>`select count(*)::int as n from property_reduce_pay where bill_id = ${bill}`.execute(db()),
    );
    expect(count.n).toBe(2);
  });

  it('keeps a reduction’s reason to its first 500 characters, on the reduction and the bill’s log', async () => {
    const bill = await addBill({ amount: '10.00' });
    const done = await reduceBill(ctx, { billId: bill, reduceAmount: '1', reason: `${'减'.repeat(500)}尾` });
    expect(done.reduction.reason).toBe('减'.repeat(500));
    expect((await logOf(bill))[0]!.remark).toBe('减'.repeat(500));
  });

  it('only unpaid bills are reduced', async () => {
    for (const status of [BILL_STATUS.paid, BILL_STATUS.closed, BILL_STATUS.refunded]) {
      const bill = await addBill({ amount: '10.00', status });
      await refusedWith(() => reduceBill(ctx, { billId: bill, reduceAmount: '1', reason: '减' }), 'reduceNotUnpaid');
      expect(await billOf(bill)).toMatchObject({ reduced: '0.00' });
    }
  });

  it('closes the unpaid bills named with the reason, logging what each owed; a paid one among them closes none', async () => {
    const a = await addBill({ amount: '10.00', reduced: '2.50' });
    const b = await addBill({ amount: '20.00' });
    const left = await addBill({ amount: '30.00' });
    expect(await closeBills(ctx, `${a},${b}`, '车位退租')).toBe(2);
    expect(await billOf(a)).toMatchObject({ status: '3', close_reason: '车位退租' });
    expect(await billOf(left)).toMatchObject({ status: '1', close_reason: null });
    expect(await logOf(a)).toEqual([
      { action: BILL_ACTION.close, from_status: 1, to_status: 3, amount: '7.50', remark: '车位退租' },
    ]);
    expect(await logOf(b)).toEqual([
      { action: BILL_ACTION.close, from_status: 1, to_status: 3, amount: '20.00', remark: '车位退租' },
    ]);
    await refusedWith(() => closeBills(ctx, `${left},${a}`, '再关'), 'billNotUnpaid');
    expect(await billOf(left)).toMatchObject({ status: '1' });
    const paid = await addBill({ amount: '5.00', status: BILL_STATUS.paid, paid: '5.00' });
    await refusedWith(() => closeBills(ctx, `${left},${paid}`, null), 'billNotUnpaid');
    expect(await closeBills(ctx, left, '')).toBe(1);
    expect(await billOf(left)).toMatchObject({ status: '3', close_reason: null });
  });
});

/* The club's wallets (会所钱包): lots of money with validity dates, spent those expiring first first. */

const product = { goods: '', hall: '', closed: '', foreign: '' };
async function addProduct(code: string, price: string, type: string, status = 1, tenant = DEMO_TENANT): Promise<string> {
  const row = await one(
    sql<{ id: string }>`insert into property_club_product (tenant_id, club_product_code, club_product_name,
      club_product_type, club_product_images, club_product_price, status, club_product_sort)
    values (${tenant}, ${code}, ${code}, ${type}, 'x.png', ${price}, ${status}, 0) returning id::text`.execute(db()),
  );
  return row.id;
}

/** A wallet of a spare owner with lots of [amount, days of validity left (0: expires today, so spent already; null: no end)]. */
async function addWallet(lots: Array<[string, number | null]>, status = 1): Promise<string> {
  const owner = spareOwners.pop()!;
  const wallet = await one(
    sql<{ id: string }>`insert into property_club_balance (tenant_id, owner_id, owner_name, user_name, club_user_name, user_tel,
      club_balance, last_balance, status) values (${DEMO_TENANT}, ${owner}, '钱包', '钱包', '会员', '13900000002', 0, 0, ${status})
      returning id::text`.execute(db()),
  );
  for (const [amount, days] of lots) await addLot(wallet.id, amount, days);
  // The balance as the lots' own moves leave it: every lot, expired or not (write-offs happen on the next move).
  await sql`update property_club_balance set club_balance = (select coalesce(sum(remaining_amount), 0) from property_club_recharge
    where balance_id = ${wallet.id}) where id = ${wallet.id}`.execute(db());
  return wallet.id;
}
async function addLot(wallet: string, amount: string, days: number | null, remaining = amount): Promise<string> {
  const validity = days === null ? sql`null::date` : sql`current_date + ${days}::int`;
  const row = await one(
    sql<{ id: string }>`insert into property_club_recharge (tenant_id, balance_id, recharge_amount,
      recharge_last_balance, validity_date, remaining_amount, create_user) values (${DEMO_TENANT}, ${wallet}, ${amount}, ${amount},
      ${validity}, ${remaining}, 0) returning id::text`.execute(db()),
  );
  return row.id;
}
const walletBalance = async (wallet: string) =>
  (await one(sql<{ b: string }>`select club_balance::text as b from property_club_balance where id = ${wallet}`.execute(db()))).b;
/** The lots' remaining money, in the order they were added. */
const lotsOf = async (wallet: string) =>
  (
    await all(
      sql<{ r: string }>`select remaining_amount::text as r from property_club_recharge where balance_id = ${wallet}
      and is_deleted = 0 order by id`.execute(db()),
    )
  ).map((l) => l.r);
const salesOf = (wallet: string) =>
  all(
    sql<{ consume_amount: string; consume_before_amount: string }>`select consume_amount::text,
    consume_before_amount::text from property_club_consume where balance_id = ${wallet} order by id`.execute(db()),
  );
const sale = (wallet: string, lines: Array<[string, number | string]>) =>
  consume(ctx, { balanceId: wallet, consumeProducts: lines.map(([clubProductId, num]) => ({ clubProductId, num })) });

describe('club wallets', () => {
  beforeAll(async () => {
    await ready();
    product.goods = await addProduct('mm-goods', '12', CLUB_PRODUCT_TYPE.goods);
    product.hall = await addProduct('mm-hall', '30', CLUB_PRODUCT_TYPE.hall);
    product.closed = await addProduct('mm-closed', '5', CLUB_PRODUCT_TYPE.goods, 0);
    product.foreign = await addProduct('mm-foreign', '5', CLUB_PRODUCT_TYPE.goods, 1, '000000');
  });

  it('a sale writes off expired money, then spends the lots expiring first first (undated last), to the cent', async () => {
    const wallet = await addWallet([
      ['100.00', null],
      ['30.00', 20],
      ['50.00', 5],
      ['40.00', 0],
      ['7.00', 20],
    ]);
    const done = await sale(wallet, [
      [product.goods, 2],
      [product.hall, '3'],
    ]);
    // 2 × 12.00 + 3 half-hours × 30.00 an hour = 24.00 + 45.00 = 69.00, from 187.00 spendable.
    expect(done.order).toMatchObject({
      consumeAmount: '69.00',
      consumeBeforeAmount: '187.00',
      balanceId: wallet,
      consumeUserName: '会员',
      consumeUserTel: '13900000002',
    });
    expect(done.order.consumeProducts).toMatchObject([
      { clubProductId: product.goods, clubProductPrice: '12.00', num: 2, type: 'goods', amount: '24.00' },
      { clubProductId: product.hall, clubProductPrice: '30.00', num: 3, type: 'hall', amount: '45.00' },
    ]);
    expect(done.balance).toMatchObject({ clubBalance: '118.00' });
    expect(await walletBalance(wallet)).toBe('118.00');
    // The 50.00 lot (5 days) first, then the first 20-day lot (30.00 → 11.00); the later 20-day lot and the undated one untouched.
    expect(await lotsOf(wallet)).toEqual(['100.00', '11.00', '0.00', '0.00', '7.00']);
    expect(await salesOf(wallet)).toEqual([{ consume_amount: '69.00', consume_before_amount: '187.00' }]);
  });

  it('the exact balance buys; one cent short is refused with nothing changed; expired money does not count', async () => {
    const exact = await addWallet([['69.00', 3]]);
    await sale(exact, [
      [product.goods, 2],
      [product.hall, 3],
    ]);
    expect(await walletBalance(exact)).toBe('0.00');
    expect(await lotsOf(exact)).toEqual(['0.00']);

    const short = await addWallet([
      ['68.99', null],
      ['100.00', 0],
    ]);
    await refusedWith(
      () =>
        sale(short, [
          [product.goods, 2],
          [product.hall, 3],
        ]),
      'clubBalanceShort',
      { balance: '68.99', amount: '69.00' },
    );
    expect(await lotsOf(short)).toEqual(['68.99', '100.00']);
    expect(await walletBalance(short)).toBe('168.99');
    expect(await salesOf(short)).toEqual([]);
  });

  it('the same product on two lines is sold twice; closed, unknown and other tenants’ products are unavailable', async () => {
    const wallet = await addWallet([['100.00', null]]);
    await sale(wallet, [
      [product.goods, 1],
      [product.goods, 2],
    ]);
    expect(await walletBalance(wallet)).toBe('64.00');
    for (const id of [product.closed, '99999999'])
      await refusedWith(
        () =>
          sale(wallet, [
            [product.goods, 1],
            [id, 1],
          ]),
        'clubProductUnavailable',
      );
    await refusedWith(() => sale(wallet, [[product.foreign, 1]]), 'clubProductUnavailable');
    expect(await walletBalance(wallet)).toBe('64.00');
    // 999 pieces is the most a line sells, and a list of 100 lines the most a sale holds.
    const rich = await addWallet([['20000.00', null]]);
    await sale(rich, [[product.goods, 999]]);
    expect(await walletBalance(rich)).toBe('8012.00');
    await sale(
      rich,
      Array.from({ length: 100 }, () => [product.goods, 1] as [string, number]),
    );
    expect(await walletBalance(rich)).toBe('6812.00');
    // A count typed as text, spaces round it: 12 pieces.
    await sale(rich, [[product.goods, ' 12 ']]);
    expect(await walletBalance(rich)).toBe('6668.00');
  });

  it('a closed or missing wallet takes no sale and no recharge', async () => {
    const closed = await addWallet([['100.00', null]], 0);
    await refusedWith(() => sale(closed, [[product.goods, 1]]), 'clubWalletClosed');
    await refusedWith(() => recharge(ctx, { balanceId: closed, rechargeAmount: '5' }), 'clubWalletClosed');
    await refusedWith(() => sale('99999999', [[product.goods, 1]]), 'clubWalletMissing');
    for (const balanceId of [undefined, null, ''])
      await refusedWith(() => recharge(ctx, { balanceId, rechargeAmount: '5' }), 'clubWalletRequired');
    expect(await lotsOf(closed)).toEqual(['100.00']);
  });

  it('a recharge adds a lot after writing off expired money; its validity date must be after today', async () => {
    const wallet = await addWallet([
      ['20.00', null],
      ['40.00', 0],
    ]);
    await refusedWith(
      () => recharge(ctx, { balanceId: wallet, rechargeAmount: '5', validityDate: today(0) }),
      'validityDatePast',
    );
    await refusedWith(
      () => recharge(ctx, { balanceId: wallet, rechargeAmount: '5', validityDate: today(-1) }),
      'validityDatePast',
    );
    expect(await lotsOf(wallet)).toEqual(['20.00', '40.00']);
    const lot = await recharge(ctx, { balanceId: wallet, rechargeAmount: ' 100.5 ', validityDate: today(1) });
    expect(lot).toMatchObject({
      recharge_amount: '100.50',
      remaining_amount: '100.50',
      recharge_last_balance: '120.50',
      balance_id: wallet,
      user_name: '钱包',
      user_tel: '13900000002',
    });
    const undated = await recharge(ctx, { balanceId: wallet, rechargeAmount: 9.5, validityDate: '' });
    expect(undated).toMatchObject({ validity_date: null, recharge_last_balance: '130.00' });
    expect(await walletBalance(wallet)).toBe('130.00');
    expect(await lotsOf(wallet)).toEqual(['20.00', '0.00', '100.50', '9.50']);
    await recharge(ctx, { balanceId: wallet, rechargeAmount: '0.25' });
    expect(await walletBalance(wallet)).toBe('130.25');
  });

  it('only whole, unspent recharges are taken back, and their money leaves the wallet', async () => {
    const wallet = await addWallet([]);
    const whole = await addLot(wallet, '50.00', null);
    const spent = await addLot(wallet, '30.00', null, '10.00');
    await sql`update property_club_balance set club_balance = 60 where id = ${wallet}`.execute(db());
    await refusedWith(() => takeBackRecharges(ctx, [whole, spent]), 'rechargeSpent');
    expect(await lotsOf(wallet)).toEqual(['50.00', '10.00']);
    await takeBackRecharges(ctx, [whole]);
    expect(await lotsOf(wallet)).toEqual(['0.00', '10.00']);
    expect(await walletBalance(wallet)).toBe('10.00');
  });

  it('a stored balance that is not the sum of the lots is set to it before a sale: the lots are the money', async () => {
    const under = await addWallet([['80.00', null]]);
    await sql`update property_club_balance set club_balance = 50 where id = ${under}`.execute(db());
    const done = await sale(under, [[product.goods, 1]]);
    expect(done.order).toMatchObject({ consumeBeforeAmount: '80.00', consumeAmount: '12.00' });
    expect(await walletBalance(under)).toBe('68.00');
    expect(await lotsOf(under)).toEqual(['68.00']);
    // Stored above its lots: the lots (10.00) cannot pay 12.00, whatever the stored 100.00 says; nothing changes.
    const over = await addWallet([['10.00', null]]);
    await sql`update property_club_balance set club_balance = 100 where id = ${over}`.execute(db());
    await refusedWith(() => sale(over, [[product.goods, 1]]), 'clubBalanceShort', { balance: '10.00', amount: '12.00' });
    expect(await lotsOf(over)).toEqual(['10.00']);
    expect(await salesOf(over)).toEqual([]);
  });

  it('taking back a recharge whose wallet is gone changes no wallet, and refuses nothing', async () => {
    const wallet = await addWallet([]);
    const lot = await addLot(wallet, '25.00', null);
    const kept = await addWallet([['5.00', null]]);
    await sql`delete from property_club_balance where id = ${wallet}`.execute(db());
    await expect(takeBackRecharges(ctx, [lot])).resolves.toBeUndefined();
    // Its money is not taken from the lot (no wallet to take it from); another wallet is untouched.
    expect(await lotsOf(wallet)).toEqual(['25.00']);
    expect(await walletBalance(kept)).toBe('5.00');
  });

  it('recharges and sales name the member, the owner’s first house and its kind; the wallet says who moved it', async () => {
    const owner = spareOwners.pop()!;
    // A second house of the owner's, added last: the names are the first one's (by ownership).
    await sql`insert into property_ownership (tenant_id, owner_id, house_id, garden_id, building_id, unit_id, owner_type, create_user)
      select tenant_id, ${owner}, id, garden_id, building_id, unit_id, 2, 0 from property_house where id = ${place.otherHouse}`.execute(
      db(),
    );
    const first = await one(
      sql<{ id: string; house_name: string; owner_type: number }>`select h.id::text, h.house_name, o.owner_type
      from property_ownership o join property_house h on h.id = o.house_id
      where o.owner_id = ${owner} and o.is_deleted = 0 and h.is_deleted = 0 order by o.id limit 1`.execute(db()),
    );
    expect(first.house_name && first.owner_type, 'the owner has a house of a kind').toBeTruthy();
    const wallet = await one(
      sql<{
        id: string;
      }>`insert into property_club_balance (tenant_id, owner_id, owner_name, user_name, club_user_id, club_user_name,
        user_tel, club_balance, last_balance, status) values (${DEMO_TENANT}, ${owner}, '钱包', '钱包', 4242, '会员', '13900000002', 0, 0, 1)
        returning id::text`.execute(db()),
    );
    const lot = await recharge(ctx, { balanceId: wallet.id, rechargeAmount: '50' });
    expect(lot).toMatchObject({ user_id: '4242', house_name: first.house_name, owner_type: first.owner_type });
    const moved = await one(sql<Row>`select update_user::text from property_club_balance where id = ${wallet.id}`.execute(db()));
    expect(moved.update_user).toBe(ctx.auth.userId);
    const done = await sale(wallet.id, [[product.goods, 1]]);
    expect(done.order).toMatchObject({ userId: '4242', houseId: first.id, houseName: first.house_name });
    // A wallet of no owner names no house, and still takes money and sales.
    const ownerless = await addWallet([['20.00', null]]);
    await sql`update property_club_balance set owner_id = null where id = ${ownerless}`.execute(db());
    expect(await recharge(ctx, { balanceId: ownerless, rechargeAmount: '1' })).toMatchObject({
      house_name: null,
      owner_type: null,
    });
    expect((await sale(ownerless, [[product.goods, 1]])).order).toMatchObject({ houseId: null, houseName: null });
  });

  it('writing off expired money touches the wallets named (all, when none are), and only their expired lots', async () => {
    const named = await addWallet([
      ['40.00', 0],
      ['10.00', 1],
    ]);
    const unnamed = await addWallet([
      ['25.00', -3],
      ['5.00', null],
    ]);
    await writeOffExpired(ctx, []);
    expect(await walletBalance(named)).toBe('50.00');
    await writeOffExpired(ctx, [named]);
    expect(await lotsOf(named)).toEqual(['0.00', '10.00']);
    expect(await walletBalance(named)).toBe('10.00');
    expect(await walletBalance(unnamed)).toBe('30.00');
    await writeOffExpired(ctx);
    expect(await lotsOf(unnamed)).toEqual(['0.00', '5.00']);
    expect(await walletBalance(unnamed)).toBe('5.00');
    // All of a wallet's money expired: its balance goes to 0.00.
    const emptied = await addWallet([['40.00', 0]]);
    await writeOffExpired(ctx, [emptied]);
    expect(await walletBalance(emptied)).toBe('0.00');
    // A wallet with no stored balance at all is set to its lots' sum by the next move.
    const unset = await addWallet([['10.00', null]]);
    await sql`update property_club_balance set club_balance = null where id = ${unset}`.execute(db());
    await recharge(ctx, { balanceId: unset, rechargeAmount: '5' });
    expect(await walletBalance(unset)).toBe('15.00');
    // One with no stored balance whose money all expired is set to 0.00 too, not left without one.
    const unsetSpent = await addWallet([['10.00', 0]]);
    await sql`update property_club_balance set club_balance = null where id = ${unsetSpent}`.execute(db());
    await writeOffExpired(ctx, [unsetSpent]);
    expect(await walletBalance(unsetSpent)).toBe('0.00');
    // So a product of price 0 sells on such a wallet: the sale's guarded update compares the stored balance (0.00).
    const unsetEmpty = await addWallet([]);
    await sql`update property_club_balance set club_balance = null where id = ${unsetEmpty}`.execute(db());
    const free = await addProduct('mm-free', '0', CLUB_PRODUCT_TYPE.goods);
    expect((await sale(unsetEmpty, [[free, 2]])).order).toMatchObject({ consumeAmount: '0.00', consumeBeforeAmount: '0.00' });
    expect(await walletBalance(unsetEmpty)).toBe('0.00');
  });

  it('a sale by a caller without a user row names no cashier, and is made all the same', async () => {
    const wallet = await addWallet([['20.00', null]]);
    // Rows written by user 0 are left out of the check after each test (as the tests' own rows are).
    const nobody = { ...ctx, auth: { ...ctx.auth, userId: '0' } };
    const done = await consume(nobody, { balanceId: wallet, consumeProducts: [{ clubProductId: product.goods, num: 1 }] });
    expect(done.order).toMatchObject({ consumeAmount: '12.00', consumeBeforeAmount: '20.00', updateUserName: null });
    expect(await walletBalance(wallet)).toBe('8.00');
    expect(await lotsOf(wallet)).toEqual(['8.00']);
  });
});

/** Today ± days, as yyyy-MM-dd (the database's date, read when it is opened). */
function today(days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/**
 * After every test on the database, the rows its moves wrote (those since the last check): each names
 * the cashier, and each is in the audit trail. Checked test by test, so that per-test mutation coverage
 * runs the check with the test whose move wrote the rows.
 */
afterEach(async () => {
  if (!watching) return;
  // One test's failure here is its own: the next test checks only its own rows.
  try {
    await checkWritten();
  } finally {
    await markWritten();
  }
});

async function checkWritten(): Promise<void> {
  const { userId, deptId } = ctx.auth;
  for (const table of Object.keys(WRITTEN).filter((t) => t !== 'blade_audit_log')) {
    const rows = await all(
      sql<{ id: string; create_user: string | null; create_dept: string | null; update_user: string | null }>`
      select id::text, create_user::text, create_dept::text, update_user::text from ${sql.table(table)}
      where id > ${WRITTEN[table as keyof typeof WRITTEN]} and create_user is distinct from 0`.execute(db()),
    );
    for (const row of rows)
      expect(row, `${table} ${row.id}`).toMatchObject({ create_user: userId, create_dept: deptId, update_user: userId });
  }
  const logs = await all(
    sql<{ operator_name: string | null }>`select operator_name from property_bill_log
    where id > ${WRITTEN.property_bill_log}`.execute(db()),
  );
  for (const log of logs) expect(log.operator_name).toBe('收银员');
  // Each bill-log row is filed under its bill's garden (the log list's garden scope reads it).
  const misfiled = await one(
    sql<{ n: number }>`select count(*)::int as n from property_bill_log l join property_payment_bill b on b.id = l.bill_id
    where l.id > ${WRITTEN.property_bill_log} and l.garden_id is distinct from b.garden_id`.execute(db()),
  );
  expect(misfiled.n, 'bill-log rows name their bill’s garden').toBe(0);
  const sold = await all(
    sql<{ update_user_name: string | null }>`select update_user_name from property_club_consume
    where id > ${WRITTEN.property_club_consume} and create_user is distinct from 0`.execute(db()),
  );
  for (const order of sold) expect(order.update_user_name).toBe(cashierName);
  // Every payment, refund and ledger row has a key (the client's, or one of its own), and the names of what it was for.
  for (const table of ['property_payment_order', 'property_refund_pay', 'property_prepaid_ledger'] as const) {
    const keyless = await one(
      sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where id > ${WRITTEN[table]}
      and create_user is distinct from 0 and (client_key is null or client_key = '')`.execute(db()),
    );
    expect(keyless.n, table).toBe(0);
  }
  // Payments name the house and owner; refunds the house and item; reductions the house, item and period.
  const named = await all(
    sql<Record<string, string | null>>`select 'order' as kind, house_name, owner_name, owner_phone, '测试项目' as item_name,
      '2030-01' as period from property_payment_order where id > ${WRITTEN.property_payment_order}
    union all select 'refund', house_name, '测试业主', '13800000001', item_name, '2030-01' from property_refund_pay
      where id > ${WRITTEN.property_refund_pay}
    union all select 'reduction', house_name, '测试业主', '13800000001', item_name, period from property_reduce_pay
      where id > ${WRITTEN.property_reduce_pay}
    union all select 'log', house_name, '测试业主', '13800000001', '测试项目', '2030-01' from property_bill_log
      where id > ${WRITTEN.property_bill_log}`.execute(db()),
  );
  for (const row of named)
    expect(row).toEqual({
      kind: row.kind,
      house_name: place.houseName,
      owner_name: '测试业主',
      owner_phone: '13800000001',
      item_name: '测试项目',
      period: '2030-01',
    });
  const ledgerNames = await one(
    sql<{ n: number }>`select count(*)::int as n from property_prepaid_ledger g
    join property_prepaid_account a on a.id = g.prepaid_account_id where g.id > ${WRITTEN.property_prepaid_ledger}
      and g.create_user is distinct from 0 and (g.house_name is distinct from a.house_name or g.owner_name is distinct from a.owner_name
        or g.garden_id is distinct from a.garden_id)`.execute(db()),
  );
  expect(ledgerNames.n, 'ledger rows name their account').toBe(0);
  // Bills changed by a move, and accounts moved, say who changed them last.
  const bills = await all(
    sql<{ update_user: string | null }>`select distinct b.update_user::text from property_payment_bill b
    join property_bill_log l on l.bill_id = b.id and l.id > ${WRITTEN.property_bill_log}`.execute(db()),
  );
  for (const bill of bills) expect(bill.update_user).toBe(userId);
  const accounts = await all(
    sql<{ update_user: string | null }>`select distinct a.update_user::text from property_prepaid_account a
    join property_prepaid_ledger g on g.prepaid_account_id = a.id and g.id > ${WRITTEN.property_prepaid_ledger}
      and g.create_user is distinct from 0`.execute(db()),
  );
  for (const account of accounts) expect(account.update_user).toBe(userId);

  /** How many audit rows of `entity` and `action` each of `ids` has since the last check. */
  const audited = async (entity: string, action: string, ids: string[]) => {
    const rows = await all(
      sql<{ row_id: string }>`select row_id::text from blade_audit_log where id > ${WRITTEN.blade_audit_log}
      and entity_name = ${entity} and action = ${action}`.execute(db()),
    );
    const count = new Map<string, number>();
    for (const r of rows) count.set(r.row_id, (count.get(r.row_id) ?? 0) + 1);
    return ids.map((id) => count.get(id) ?? 0);
  };
  for (const [entity, table] of [
    ['paymentOrder', 'property_payment_order'],
    ['refundPay', 'property_refund_pay'],
    ['reducePay', 'property_reduce_pay'],
    ['prepaidLedger', 'property_prepaid_ledger'],
  ] as const) {
    const ids = (
      await all(
        sql<{ id: string }>`select id::text from ${sql.table(table)} where id > ${WRITTEN[table]}
        and create_user is distinct from 0 order by id`.execute(db()),
      )
    ).map((r) => r.id);
    expect(await audited(entity, 'insert', ids), entity).toEqual(ids.map(() => 1));
  }
  // An order is audited as changed once a refund of its bills; a bill once each pay, refund, close and
  // reduction; an account once a move.
  const counted = async (entity: string, query: Promise<{ rows: Array<{ id: string; n: number }> }>) => {
    const rows = (await query).rows;
    expect(
      await audited(
        entity,
        'update',
        rows.map((r) => r.id),
      ),
      entity,
    ).toEqual(rows.map((r) => r.n));
  };
  await counted(
    'paymentOrder',
    sql<{ id: string; n: number }>`select order_id::text as id, count(*)::int as n from property_refund_pay
      where id > ${WRITTEN.property_refund_pay} and order_id is not null group by order_id`.execute(db()),
  );
  await counted(
    'paymentBill',
    sql<{ id: string; n: number }>`select bill_id::text as id, count(*)::int as n from property_bill_log
      where id > ${WRITTEN.property_bill_log}
        and action in (${sql.join([BILL_ACTION.pay, BILL_ACTION.refund, BILL_ACTION.close, BILL_ACTION.reduce])})
      group by bill_id`.execute(db()),
  );
  await counted(
    'prepaidAccount',
    sql<{ id: string; n: number }>`select prepaid_account_id::text as id, count(*)::int as n from property_prepaid_ledger
      where id > ${WRITTEN.property_prepaid_ledger} and create_user is distinct from 0 group by prepaid_account_id`.execute(db()),
  );
}
