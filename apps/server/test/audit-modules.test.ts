import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../src/seed/seed';
import { ApiClient } from './client';
import { startServer, type TestServer } from './harness';

/**
 * Module writes with their own SQL are in the audit trail too (issue 13): a payment (its order and its
 * bills), a refund, a reduction, closing bills, and the houses of a batch building or an import, each
 * written in the change's transaction, so a refused call leaves none.
 */
let server: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  server = await startServer();
  admin = new ApiClient(server.url);
  expect((await admin.signIn('admin', 'admin', DEMO_TENANT)).status).toBe(200);
});
afterAll(async () => server?.close());

const history = async (entity: string, id: string) => {
  const answer = await admin.get('/blade-log/audit/history', { entity, id });
  expect(answer.status).toBe(200);
  return answer.body.data as Array<{
    action: string;
    account: string;
    changes: Record<string, { before: unknown; after: unknown }>;
  }>;
};
const unpaidBills = async (size: number) =>
  (await admin.get('/system-property/paymentbill/pageOut', { size: 50 })).body.data.records
    .filter((b: { billStatus: number }) => b.billStatus === 1)
    .slice(0, size) as Array<{ id: string; houseId: string | null }>;

describe('billing writes', () => {
  it('a payment: the order inserted and each bill changed to paid; a refund: its row and the bill', async () => {
    const [bill] = await unpaidBills(1);
    const before = await history('paymentBill', bill!.id);
    const paid = await admin.post('/system-property/paymentbill/pay', { billIds: bill!.id, payType: 1 });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);

    const billTrail = await history('paymentBill', bill!.id);
    expect(billTrail).toHaveLength(before.length + 1);
    expect(billTrail[0]).toMatchObject({ action: 'update', account: 'admin' });
    expect(billTrail[0]!.changes.billStatus).toEqual({ before: 1, after: 2 });
    const orderTrail = await history('paymentOrder', paid.body.data.order.id);
    expect(orderTrail.map((r) => r.action)).toEqual(['insert']);
    expect(orderTrail[0]!.changes.receiptNo!.after).toBe(paid.body.data.order.receiptNo);

    // Paying it again is refused: nothing changes, no audit row.
    expect((await admin.post('/system-property/paymentbill/pay', { billIds: bill!.id, payType: 1 })).status).toBe(400);
    expect(await history('paymentBill', bill!.id)).toHaveLength(before.length + 1);

    const refund = await admin.post('/system-property/paymentbill/refund', {
      billId: bill!.id,
      refundAmount: '1.00',
      reason: '多收',
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    expect((await history('refundPay', refund.body.data.refund.id)).map((r) => r.action)).toEqual(['insert']);
    const afterRefund = await history('paymentBill', bill!.id);
    expect(afterRefund).toHaveLength(before.length + 2);
    expect(afterRefund[0]!.changes.refundAmount).toEqual({ before: '0.00', after: '1.00' });
    const orderAfter = await history('paymentOrder', paid.body.data.order.id);
    expect(orderAfter.map((r) => r.action)).toEqual(['update', 'insert']);
    expect(orderAfter[0]!.changes.refundAmount).toEqual({ before: '0.00', after: '1.00' });
  });

  it('a reduction and closing a bill are audited; a refused reduction is not', async () => {
    const [reduced, closed] = await unpaidBills(2);
    const refused = await admin.post('/system-property/reducepay/submit', {
      billId: reduced!.id,
      reduceAmount: '99999999',
      reason: '困难',
    });
    expect(refused.status).toBe(400);
    const before = await history('paymentBill', reduced!.id);
    const saved = await admin.post('/system-property/reducepay/submit', {
      billId: reduced!.id,
      reduceAmount: '1.00',
      reason: '困难',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await history('reducePay', saved.body.data.reduction.id)).map((r) => r.action)).toEqual(['insert']);
    const trail = await history('paymentBill', reduced!.id);
    expect(trail).toHaveLength(before.length + 1);
    expect(trail[0]!.changes.reduceAmount!.after).toBe('1.00');

    expect((await admin.post('/system-property/paymentbill/close', { ids: closed!.id, reason: '重复' })).status).toBe(200);
    expect((await history('paymentBill', closed!.id))[0]!.changes.billStatus).toEqual({ before: 1, after: 3 });
  });
});

describe('bulk houses', () => {
  it('every house of a batch building has its insert in the trail', async () => {
    expect((await admin.post('/system-property/garden/submit', { gardenName: '审计花园' })).body.code).toBe(200);
    const gardenId = (await admin.get('/system-property/garden/list', { gardenName_equal: '审计花园' })).body.data.records[0].id;
    const batch = await admin.post('/community-resource/building/batchsave', {
      gardenId,
      buildingName: '1栋',
      unitCount: 1,
      floorCount: 2,
      houseCount: 2,
    });
    expect(batch.body).toMatchObject({ code: 200, data: { houseCount: 4 } });
    const houses = (await admin.get('/community-resource/unithouse/list', { gardenId, size: 10 })).body.data.records;
    expect(houses).toHaveLength(4);
    for (const house of houses) {
      const trail = await history('house', house.id);
      expect(trail.map((r) => r.action)).toEqual(['insert']);
      expect(trail[0]!.changes.houseName!.after).toBe(house.houseName);
    }
    // The building and its unit went through the engine: audited once each.
    const audits = await admin.get('/blade-log/audit/page', { entityName: 'building', rowId: batch.body.data.buildingId });
    expect(audits.body.data.records).toHaveLength(1);
  });
});
