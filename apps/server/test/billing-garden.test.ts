import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../src/seed/seed';
import { finishedRun } from './billing-fixtures';
import type { ApiClient } from './client';
import { refused } from './facility-fixtures';
import { demoGardens, gardenStaff, menuSubtrees, signedIn } from './garden-staff';
import { startServer, type TestServer } from './harness';
import { FAST_JOBS } from './jobs/test-kinds';

/**
 * Billing for garden-bound staff: a cashier role holding the billing menus
 * with the seeded buttons (paymentbill_pay, billsettle_refund,
 * billsettle_print, paymentbill_remind...), assigned to 阳光花园, sees only
 * that garden's bills and totals, and every move on a bill of 翠湖苑 is
 * answered as if the bill did not exist. Runs on the seeded demo year.
 */
let server: TestServer;
let admin: ApiClient;
let cashier: ApiClient;
let mine: string;
let theirs: string;
const db = () => server.built.services.db;

/** A bill of a garden in a state (the seeded year has every state in both gardens). */
async function billOf(garden: string, status: number, extra = sql`true`): Promise<Record<string, string>> {
  const rows = await sql<Record<string, string>>`select id::text, house_id::text as "houseId", order_id::text as "orderId"
    from property_payment_bill where tenant_id = ${DEMO_TENANT} and garden_id = ${garden} and bill_status = ${status}
      and is_deleted = 0 and house_id is not null and ${extra} order by id limit 1`.execute(db());
  expect(rows.rows[0], `a bill of ${garden} in state ${status}`).toBeDefined();
  return rows.rows[0]!;
}
const missing = (id: string) => refused(400, `账单不存在或已被删除: ${id}`);

beforeAll(async () => {
  server = await startServer({ jobs: FAST_JOBS });
  admin = await signedIn(server, 'admin', 'admin');
  ({ mine, theirs } = await demoGardens(admin));
  // The whole billing subtree as seeded: its screens and their buttons.
  ({ client: cashier } = await gardenStaff(server, admin, {
    role: { roleName: '收费员', roleAlias: 'billing_cashier' },
    user: { account: 'cashier', realName: '收费员', password: 'cash1234' },
    menuIds: await menuSubtrees(server, ['billing']),
    gardenIds: [mine],
  }));
});
afterAll(async () => server?.close());

describe('a garden-bound cashier', () => {
  it('sees only their garden’s bills in every list and its totals', async () => {
    for (const [path, listType] of [
      ['pageOut', 'out'],
      ['pageOverdu', 'overdu'],
      ['pageSettle', 'settle'],
      ['list', 'all'],
    ] as const) {
      const own = (await admin.get(`/system-property/paymentbill/${path}`, { gardenId: mine, size: 1 })).body.data.total;
      const all = (await admin.get(`/system-property/paymentbill/${path}`, { size: 1 })).body.data.total;
      expect(own, path).toBeGreaterThan(0);
      expect(all, path).toBeGreaterThan(own);
      const seen = (await cashier.get(`/system-property/paymentbill/${path}`, { size: 50 })).body.data;
      expect(seen.total, path).toBe(own);
      expect(seen.records.every((r: { gardenId: string }) => r.gardenId === mine)).toBe(true);
      // A stale garden choice finds nothing of the other garden.
      expect((await cashier.get(`/system-property/paymentbill/${path}`, { gardenId: theirs })).body.data.total, path).toBe(0);
      const sums = (await cashier.get('/system-property/paymentbill/list-sum', { listType })).body.data;
      const adminSums = (await admin.get('/system-property/paymentbill/list-sum', { listType, gardenId: mine })).body.data;
      expect(sums, path).toEqual(adminSums);
    }
    const houses = (await cashier.get('/system-property/paymentbill/list-bill-house', { size: 100 })).body.data.records;
    expect(houses.length).toBeGreaterThan(0);
    expect(houses.every((h: { gardenId: string }) => h.gardenId === mine)).toBe(true);
  });

  it('cannot pay, refund, close, reduce, print or remind a bill of another garden: it is missing to them', async () => {
    const unpaid = await billOf(theirs, 1);
    const paid = await billOf(theirs, 2);
    expect(await cashier.post('/system-property/paymentbill/pay', { billIds: unpaid.id, payType: 1 })).toMatchObject(
      missing(unpaid.id!),
    );
    expect(
      await cashier.post('/system-property/paymentbill/refund', { billId: paid.id, reason: '试图退别的小区' }),
    ).toMatchObject(missing(paid.id!));
    expect(await cashier.post('/system-property/paymentbill/close', { ids: unpaid.id })).toMatchObject(missing(unpaid.id!));
    expect(
      await cashier.post('/system-property/reducepay/submit', { billId: unpaid.id, reduceAmount: '1', reason: 'x' }),
    ).toMatchObject(missing(unpaid.id!));
    expect((await cashier.get('/system-property/paymentbill/detail', { id: unpaid.id })).body.data).toBeNull();
    const receipt = await cashier.post('/system-property/paymentbill/get-print-bill-list', { orderId: paid.orderId });
    expect(receipt.body.data ?? null).toBeNull();
    expect(await cashier.post('/system-property/sms/sendPhoneMessage', { billIds: unpaid.id })).toMatchObject(
      missing(unpaid.id!),
    );
    const house = (await cashier.get('/system-property/paymentbill/get-all-bill-by-houseId', { houseId: unpaid.houseId })).body
      .data;
    expect(house?.bills ?? []).toEqual([]);
    // Nothing changed.
    const after = await sql<{ bill_status: number }>`select bill_status from property_payment_bill
      where id in (${unpaid.id}, ${paid.id}) order by id`.execute(db());
    expect(after.rows.map((r) => Number(r.bill_status)).sort()).toEqual([1, 2]);
    expect((await cashier.post('/system-property/paymentbill/generate', { gardenId: theirs, period: '2020-01' })).status).toBe(
      403,
    );
  });

  it('pays, prints and refunds a bill of their own garden with the seeded buttons, and starts a reminder batch', async () => {
    const bill = await billOf(mine, 1);
    const pay = await cashier.post('/system-property/paymentbill/pay', { billIds: bill.id, payType: 1, clientKey: 'garden-1' });
    expect(pay.status, JSON.stringify(pay.body)).toBe(200);
    const orderId = pay.body.data.order.id;
    expect((await cashier.post('/system-property/paymentbill/get-print-bill-list', { orderId })).body.data.order.id).toBe(
      orderId,
    );
    expect((await cashier.post('/system-property/paymentorderprint/submit', { orderId })).status).toBe(200);
    const refund = await cashier.post('/system-property/paymentbill/refund', { billId: bill.id, reason: '收错' });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    expect(refund.body.data.bill.billStatus).toBe(4);

    const started = await cashier.post('/system-property/sms/remind-batch', undefined, { listType: 'overdu' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const run = await finishedRun(cashier, started.body.data.runId);
    expect(run.state).toBe('done');
    // Only the cashier's garden's owners were reminded.
    const gardens = await sql<{ garden_id: string }>`select distinct garden_id::text from property_sms_use
      where job_run_id = ${run.id}`.execute(db());
    expect(gardens.rows.map((r) => r.garden_id)).toEqual([mine]);
  });
});
