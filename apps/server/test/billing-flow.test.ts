import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../src/seed/seed';
import type { ApiClient } from './client';
import { ok, otherTenant, refused, signedIn } from './facility-fixtures';
import { generated } from './billing-fixtures';
import { startServer, type TestServer } from './harness';
import { FAST_JOBS } from './jobs/test-kinds';

/** Billing end to end over HTTP (spec §4, §7.7): items, generation, lists and totals, pay, refund, close, reminders, isolation. */
let server: TestServer;
let admin: ApiClient;
let other: ApiClient;
let staff: ApiClient;
let gardenId: string;
let buildingId: string;
let itemId: string;
const PERIOD = '2020-01'; // long past: every bill of it is overdue today

const db = () => server.built.services.db;

beforeAll(async () => {
  server = await startServer({ jobs: FAST_JOBS });
  admin = await signedIn(server, 'admin', 'admin', DEMO_TENANT);
  other = await otherTenant(server, '账单测试物业');
  staff = await signedIn(server, 'staff', 'staff123', '000000');
  gardenId = (await admin.get('/system-property/garden/list', { gardenName_equal: '阳光花园' })).body.data.records[0].id;
  buildingId = (await admin.get('/community-resource/building/list', { gardenId, size: 1, ascs: 'building_name' })).body.data
    .records[0].id;
  expect(
    (await admin.post('/system-property/payformula/submit', { formulaName: '测试面积公式', formulaType: 1 })).body,
  ).toMatchObject(ok);
  const formula = (await admin.get('/system-property/payformula/list', { formulaName_equal: '测试面积公式' })).body.data
    .records[0];
  const saved = await admin.post('/system-property/paymentitems/save', {
    gardenId,
    itemName: '测试物业费',
    feeType: 1,
    formulaId: formula.id,
    unitPrice: '2.35',
    additionalAmount: '5',
    billingCycle: 1,
    dueDay: 15,
    lateFeePercent: '0.05',
    lateFeeGraceDays: 5,
    lateFeeCap: '10',
  });
  expect(saved.body).toMatchObject(ok);
  itemId = (await admin.get('/system-property/paymentitems/list', { itemName_equal: '测试物业费' })).body.data.records[0].id;
});
afterAll(async () => server?.close());

describe('charge items and formulas', () => {
  it('refuses a bad expression, an unknown formula and another tenant’s garden', async () => {
    expect(
      await admin.post('/system-property/payformula/submit', { formulaName: 'x', formulaType: 6, expression: 'builtArea * ' }),
    ).toMatchObject(refused(400, '计费公式有误:第3处无法识别'));
    expect(
      await admin.post('/system-property/payformula/submit', { formulaName: 'y', formulaType: 6, expression: 'rm * 2' }),
    ).toMatchObject(refused(400, '计费公式中有未知的变量: rm'));
    expect(
      await other.post('/system-property/paymentitems/save', {
        gardenId,
        itemName: 'z',
        feeType: 1,
        formulaId: '1',
        unitPrice: '1',
      }),
    ).toMatchObject(refused(400, '所选小区不存在或已被删除'));
  });
});

describe('generation', () => {
  it('binds a building, previews, generates, and a rerun adds nothing', async () => {
    const bind = await admin.post('/system-property/paymentitems/bind', { itemId, buildingId });
    expect(bind.body.data.added).toBeGreaterThan(0);
    const houses = bind.body.data.added as number;
    const preview = await admin.post('/system-property/paymentbill/generate-preview', { gardenId, buildingId, period: PERIOD });
    expect(preview.body.data).toMatchObject({ period: PERIOD, count: houses, existing: 0 });
    // each house: built area × 2.35 (half up) + 5.00
    const areas = await sql<{
      built_area: string;
    }>`select built_area from property_house where building_id = ${buildingId} and is_deleted = 0`.execute(db());
    const cents = areas.rows.map((r) => {
      const [w, f = ''] = r.built_area.split('.');
      const milli = BigInt(w + f.padEnd(2, '0')) * 235n; // area×100 × price×100 = amount × 10^4
      return (milli + 50n) / 100n + 500n; // half up to cents, plus 5.00
    });
    const expected = cents.reduce((a, b) => a + b, 0n);
    expect(preview.body.data.total).toBe(`${expected / 100n}.${String(expected % 100n).padStart(2, '0')}`);
    const run = await generated(admin, { gardenId, buildingId, period: PERIOD });
    expect(run).toMatchObject({ state: 'done', progressDone: houses, progressTotal: houses });
    expect(run.outcomeParams).toMatchObject({ created: houses, total: preview.body.data.total, existing: 0 });
    expect(run.outcome).toBe(`${PERIOD}期间新生成${houses}张账单,合计${preview.body.data.total}元;已存在0张;0户无法计费`);
    const again = await generated(admin, { gardenId, buildingId, period: PERIOD });
    expect(again.outcomeParams).toMatchObject({ created: 0, existing: houses });
    const lines = await sql<{ bad: number }>`select count(*)::int as bad from property_payment_bill b where b.period = ${PERIOD}
      and b.item_id = ${itemId} and b.amount <> (select sum(amount) from property_payment_bill_child c where c.bill_id = b.id)`.execute(
      db(),
    );
    expect(lines.rows[0]!.bad).toBe(0);
  });

  it('generates for one unit of the building: its houses only; a unit of another building or tenant is refused', async () => {
    const period = '2019-06';
    const units = await sql<{ id: string; n: number }>`select u.id::text, count(h.id)::int as n from property_unit u
      join property_house h on h.unit_id = u.id and h.is_deleted = 0
      where u.building_id = ${buildingId} and u.is_deleted = 0 group by u.id order by u.id`.execute(db());
    const building = await sql<{ n: number }>`select count(*)::int as n from property_house where building_id = ${buildingId}
      and is_deleted = 0`.execute(db());
    const unit = units.rows[0]!;
    // The unit is a real part of the building, not all of it, so the scope narrows.
    expect(unit.n).toBeGreaterThan(0);
    expect(unit.n).toBeLessThan(building.rows[0]!.n);
    const preview = await admin.post('/system-property/paymentbill/generate-preview', { gardenId, unitId: unit.id, period });
    expect(preview.body.data).toMatchObject({ period, count: unit.n, existing: 0 });
    const run = await generated(admin, { gardenId, buildingId, unitId: unit.id, period });
    expect(run.outcomeParams).toMatchObject({ created: unit.n, total: preview.body.data.total });
    const made = await sql<{ unit_id: string; n: number }>`select unit_id::text, count(*)::int as n from property_payment_bill
      where item_id = ${itemId} and period = ${period} and is_deleted = 0 group by unit_id`.execute(db());
    expect(made.rows).toEqual([{ unit_id: unit.id, n: unit.n }]);

    const elsewhere = await sql<{ id: string }>`select id::text from property_unit where garden_id = ${gardenId}
      and building_id <> ${buildingId} and is_deleted = 0 order by id limit 1`.execute(db());
    const wrong = { gardenId, buildingId, unitId: elsewhere.rows[0]!.id, period };
    expect(await admin.post('/system-property/paymentbill/generate-preview', wrong)).toMatchObject(
      refused(400, '所选单元不存在或已被删除'),
    );
    expect(await admin.post('/system-property/paymentbill/generate', wrong)).toMatchObject(
      refused(400, '所选单元不存在或已被删除'),
    );
    const theirs = await other.post('/system-property/paymentbill/generate-preview', { gardenId, unitId: unit.id, period });
    expect(theirs.status).toBe(400);
    const after = await sql<{ n: number }>`select count(*)::int as n from property_payment_bill where item_id = ${itemId}
      and period = ${period} and is_deleted = 0`.execute(db());
    expect(after.rows[0]!.n).toBe(unit.n);
  });

  it('lists the period as outstanding and overdue, with totals equal to the rows', async () => {
    const query = { itemId, period: PERIOD, size: 1000 };
    const out = (await admin.get('/system-property/paymentbill/pageOut', query)).body.data;
    const overdue = (await admin.get('/system-property/paymentbill/pageOverdu', query)).body.data;
    expect(out.total).toBeGreaterThan(0);
    expect(overdue.total).toBe(out.total);
    expect(out.records[0]).toMatchObject({ overdue: true, lateFeeDue: '10.00' }); // years late: capped
    const sums = (await admin.get('/system-property/paymentbill/list-sum', { itemId, period: PERIOD, listType: 'out' })).body
      .data;
    const cents = out.records.reduce((t: bigint, r: { amount: string }) => t + BigInt(r.amount.replace('.', '')), 0n);
    expect(sums.count).toBe(out.total);
    expect(sums.amount.replace('.', '')).toBe(String(cents));
    expect((await admin.get('/system-property/paymentbill/pageSettle', query)).body.data.total).toBe(0);
  });
});

describe('the cashier', () => {
  let houseId: string;
  let billA: string;
  let billB: string;

  beforeAll(async () => {
    const first = (await admin.get('/system-property/paymentbill/pageOut', { itemId, period: PERIOD, size: 1 })).body.data
      .records[0];
    houseId = first.houseId;
    billA = first.id;
    const second = await admin.post('/system-property/paymentbill/save', { houseId, itemId, period: '2020-02' });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    billB = second.body.data.id;
  });

  it('shows a house’s unpaid bills with late fees, pays two at once into one order, idempotently', async () => {
    const house = (await admin.get('/system-property/paymentbill/get-all-bill-by-houseId', { houseId })).body.data;
    expect(house.unpaidCount).toBeGreaterThanOrEqual(2);
    const pay = await admin.post('/system-property/paymentbill/pay', {
      billIds: `${billA},${billB}`,
      payType: 1,
      clientKey: 'test-pay-1',
    });
    expect(pay.status, JSON.stringify(pay.body)).toBe(200);
    const { order, bills, replay } = pay.body.data;
    expect(replay).toBe(false);
    expect(order.billCount).toBe(2);
    expect(order.lateFee).toBe('20.00');
    expect(order.receiptNo).toMatch(/^YGHY-\d{4}-\d{6}$/);
    expect(bills.every((b: { billStatus: number }) => b.billStatus === 2)).toBe(true);
    const again = await admin.post('/system-property/paymentbill/pay', {
      billIds: `${billA},${billB}`,
      payType: 1,
      clientKey: 'test-pay-1',
    });
    expect(again.body.data).toMatchObject({ replay: true, order: { id: order.id } });
    expect(await admin.post('/system-property/paymentbill/pay', { billIds: billA, payType: 1 })).toMatchObject(
      refused(400, '账单已缴费,请勿重复缴费'),
    );
    const receipt = (await admin.post('/system-property/paymentbill/get-print-bill-list', { orderId: order.id })).body.data;
    expect(receipt.capitalAmount).toMatch(/元/);
    const print = await admin.post('/system-property/paymentorderprint/submit', { orderId: order.id, paperSize: 'A5' });
    expect(print.body.data).toMatchObject({ copy: 0, printNo: 1 });
    const reprint = await admin.post('/system-property/paymentorderprint/submit', { orderId: order.id });
    expect(reprint.body.data).toMatchObject({ copy: 1, printNo: 2 });
  });

  it('lets exactly one of many parallel payments of one bill through', async () => {
    const bill = (await admin.get('/system-property/paymentbill/pageOut', { itemId, period: PERIOD, size: 1 })).body.data
      .records[0];
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        admin.post('/system-property/paymentbill/pay', { billIds: bill.id, payType: 2, clientKey: `race-${i}` }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400 && a.body.msg === '账单已缴费,请勿重复缴费')).toHaveLength(7);
    const orders = await sql<{
      n: number;
    }>`select count(*)::int as n from property_payment_order where bill_ids = ${bill.id}`.execute(db());
    expect(orders.rows[0]!.n).toBe(1);
  });

  it('refunds partly, never more than paid, and refunds the rest', async () => {
    const paid = (await admin.get('/system-property/paymentbill/detail', { id: billA })).body.data;
    const total = (BigInt(paid.paidAmount.replace('.', '')) + BigInt(paid.lateFee.replace('.', ''))).toString();
    expect(await admin.post('/system-property/paymentbill/refund', { billId: billA, refundAmount: '10.00' })).toMatchObject(
      refused(400, '请输入退款原因'),
    );
    const part = await admin.post('/system-property/paymentbill/refund', {
      billId: billA,
      refundAmount: '10.00',
      reason: '多收',
    });
    expect(part.body.data.bill).toMatchObject({ billStatus: 2, refundAmount: '10.00' });
    const rest = (BigInt(total) - 1000n).toString();
    const max = `${rest.slice(0, -2)}.${rest.slice(-2)}`;
    expect(
      await admin.post('/system-property/paymentbill/refund', { billId: billA, refundAmount: '999999', reason: '多收' }),
    ).toMatchObject(refused(400, `退款金额不能超过可退金额${max}元`));
    const all = await admin.post('/system-property/paymentbill/refund', { billId: billA, reason: '退房' });
    expect(all.body.data.bill).toMatchObject({ billStatus: 4 });
    expect(await admin.post('/system-property/paymentbill/pay', { billIds: billA, payType: 1 })).toMatchObject(
      refused(400, '账单已退款,不能缴费'),
    );
    const refunded = (await admin.get('/system-property/paymentbill/pageRefund', { id_equal: billA })).body.data;
    expect(refunded.total).toBe(1);
  });

  it('closes an unpaid bill, which can then not be paid, and logs every change with who', async () => {
    const bill = (await admin.get('/system-property/paymentbill/pageOut', { itemId, period: PERIOD, size: 1 })).body.data
      .records[0];
    expect((await admin.post('/system-property/paymentbill/close', { ids: bill.id, reason: '重复' })).body).toMatchObject(ok);
    expect(await admin.post('/system-property/paymentbill/pay', { billIds: bill.id, payType: 1 })).toMatchObject(
      refused(400, '账单已关闭,不能缴费'),
    );
    expect((await admin.get('/system-property/paymentbill/page', { id_equal: bill.id })).body.data.total).toBe(1);
    const log = (await admin.get('/system-property/billLog/list', { billId: bill.id, size: 10 })).body.data.records;
    expect(log.map((l: { action: number }) => l.action).sort()).toEqual([1, 5]);
    expect(log.every((l: { createUser: string }) => l.createUser)).toBe(true);
  });

  it('reduces with a reason, never beyond what is owed', async () => {
    const bill = (await admin.get('/system-property/paymentbill/pageOut', { itemId, period: PERIOD, size: 1 })).body.data
      .records[0];
    expect(await admin.post('/system-property/reducepay/submit', { billId: bill.id, reduceAmount: '1' })).toMatchObject(
      refused(400, '请输入减免原因'),
    );
    const done = await admin.post('/system-property/reducepay/submit', {
      billId: bill.id,
      reduceAmount: '1.50',
      reason: '困难户',
    });
    expect(done.body.data.bill.reduceAmount).toBe('1.50');
    expect((await admin.get('/system-property/reducepay/detail', { billId: bill.id })).body.data).toMatchObject({
      reason: '困难户',
    });
    expect(
      await admin.post('/system-property/reducepay/submit', { billId: bill.id, reduceAmount: '99999', reason: 'x' }),
    ).toMatchObject(
      refused(
        400,
        `减免金额不能超过账单未缴金额${bill.owed.replace(/^(\d+)\.(\d+)$/, (_: string, w: string, f: string) => {
          const c = BigInt(w + f) - 150n;
          return `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;
        })}元`,
      ),
    );
  });

  it('records SMS reminders, sending nothing through the recording gateway', async () => {
    const bill = (await admin.get('/system-property/paymentbill/pageOverdu', { itemId, period: PERIOD, size: 1 })).body.data
      .records[0];
    const sent = await admin.post('/system-property/sms/sendPhoneMessage', { billIds: bill.id, phone: '13900000000' });
    expect(sent.body.data).toMatchObject({
      provider: 'record',
      records: [{ phone: '13900000000', sendStatus: 1, billCount: 1 }],
    });
    expect((await admin.get('/system-property/smsuse/list', { phone: '13900000000' })).body.data.total).toBe(1);
  });
});

describe('isolation', () => {
  it('shows another tenant none of these bills and refuses a user without the menus', async () => {
    expect((await other.get('/system-property/paymentbill/list', { itemId })).body.data.total).toBe(0);
    const bill = (await admin.get('/system-property/paymentbill/pageOut', { itemId, size: 1 })).body.data.records[0];
    expect(await other.post('/system-property/paymentbill/pay', { billIds: bill.id, payType: 1 })).toMatchObject(
      refused(400, `账单不存在或已被删除: ${bill.id}`),
    );
    expect((await admin.get('/system-property/paymentbill/list', { itemId, size: 1 })).body.data.total).toBeGreaterThan(0);
    expect((await staff.get('/system-property/paymentbill/pageOut')).status).toBe(403);
    expect((await staff.post('/system-property/paymentbill/pay', { billIds: bill.id, payType: 1 })).status).toBe(403);
  });
});
