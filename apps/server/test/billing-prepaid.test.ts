import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../src/seed/seed';
import type { ApiClient } from './client';
import { ok, otherTenant, refused } from './facility-fixtures';
import { demoGardens, gardenStaff, menuSubtrees, signedIn } from './garden-staff';
import { startServer, type TestServer } from './harness';
import { prepaidBalanceOf, prepaidLedgerOf } from './billing-fixtures';

/**
 * Pre-paid accounts (预存款) and paying bills by balance (pay type 5), over
 * HTTP on the seeded demo year: opening an account for a house, top-ups with
 * their receipt numbers, exact debits and refunds back to the balance, a
 * short balance refused with nothing written, concurrent cashiers, and
 * tenant and garden isolation.
 */
let server: TestServer;
let admin: ApiClient;
let cashier: ApiClient;
let other: ApiClient;
let mine: string;
let theirs: string;
const db = () => server.built.services.db;

interface Bill {
  id: string;
  owed: string;
  lateFeeDue: string;
}

/** Money string ↔ cents, exactly. */
const cents = (money: string) => BigInt(money.replace('.', ''));
const money = (c: bigint) =>
  `${c < 0n ? '-' : ''}${(c < 0n ? -c : c) / 100n}.${String((c < 0n ? -c : c) % 100n).padStart(2, '0')}`;
const due = (b: Bill) => cents(b.owed) + cents(b.lateFeeDue);

/** A house of the garden with at least `n` unpaid bills of one item for its billed owner, whose owner has no account yet. */
async function houseWithUnpaid(garden: string, n: number): Promise<string> {
  const rows = await sql<{ house_id: string }>`select b.house_id::text from property_payment_bill b
    where b.tenant_id = ${DEMO_TENANT} and b.garden_id = ${garden} and b.bill_status = 1 and b.is_deleted = 0
      and b.house_id is not null and b.owner_id = (select p.owner_id from property_ownership p where p.house_id = b.house_id
        and p.is_deleted = 0 order by p.id limit 1)
      and not exists (select 1 from property_prepaid_account a where a.owner_id = b.owner_id and a.is_deleted = 0)
    group by b.house_id, b.item_id having count(*) >= ${n} order by b.house_id limit 1`.execute(db());
  expect(rows.rows[0], `a house of ${garden} with ${n} unpaid bills`).toBeDefined();
  return rows.rows[0]!.house_id;
}

/** The house's unpaid bills as the cashier sees them (owed and today's late fee), those of its most billed item first. */
async function unpaidOf(client: ApiClient, houseId: string): Promise<Bill[]> {
  const house = (await client.get('/system-property/paymentbill/get-all-bill-by-houseId', { houseId })).body.data;
  const unpaid = (house.bills as Array<Bill & { billStatus: number; itemId: string }>).filter((b) => b.billStatus === 1);
  const count = (item: string) => unpaid.filter((b) => b.itemId === item).length;
  return [...unpaid].sort((a, b) => count(b.itemId) - count(a.itemId) || a.itemId.localeCompare(b.itemId));
}

async function openAccount(client: ApiClient, houseId: string): Promise<Record<string, string>> {
  expect((await client.post('/system-property/prepaidaccount/submit', { houseId })).body).toMatchObject(ok);
  const account = (await client.get('/system-property/prepaidaccount/of-house', { houseId })).body.data;
  expect(account).toBeTruthy();
  return account;
}

const balanceOf = (id: string) => prepaidBalanceOf(db(), id);
const ledgerOf = (id: string) => prepaidLedgerOf(db(), id);
const topUp = (client: ApiClient, prepaidAccountId: string, amount: string, extra: Record<string, unknown> = {}) =>
  client.post('/system-property/prepaidaccount/top-up', { prepaidAccountId, amount, payType: 1, ...extra });
const payByBalance = (client: ApiClient, bills: Bill[], clientKey?: string) =>
  client.post('/system-property/paymentbill/pay', {
    billIds: bills.map((b) => b.id).join(','),
    payType: 5,
    ...(clientKey ? { clientKey } : {}),
  });

beforeAll(async () => {
  server = await startServer();
  admin = await signedIn(server, 'admin', 'admin');
  other = await otherTenant(server, '预存款测试物业');
  ({ mine, theirs } = await demoGardens(admin));
  ({ client: cashier } = await gardenStaff(server, admin, {
    role: { roleName: '预存款收费员', roleAlias: 'prepaid_cashier' },
    user: { account: 'prepaid', realName: '预存款收费员', password: 'cash1234' },
    menuIds: await menuSubtrees(server, ['billing']),
    gardenIds: [mine],
  }));
});
afterAll(async () => server?.close());

describe('an owner’s pre-paid account', () => {
  it('opens for a house in its garden, named after its billed owner, once per owner and garden', async () => {
    const houseId = await houseWithUnpaid(mine, 1);
    expect((await cashier.get('/system-property/prepaidaccount/of-house', { houseId })).body.data).toBeNull();
    const account = await openAccount(cashier, houseId);
    const owner = await sql<{ owner_id: string; name: string }>`select p.owner_id::text, w.name from property_ownership p
      join property_owner w on w.id = p.owner_id where p.house_id = ${houseId} and p.is_deleted = 0 order by p.id limit 1`.execute(
      db(),
    );
    expect(account).toMatchObject({
      gardenId: mine,
      houseId,
      ownerId: owner.rows[0]!.owner_id,
      ownerName: owner.rows[0]!.name,
      balance: '0.00',
    });
    expect(await cashier.post('/system-property/prepaidaccount/submit', { houseId })).toMatchObject(
      refused(400, '该业主在本小区已有预存款账户'),
    );
    // The balance is never set by submit.
    await cashier.post('/system-property/prepaidaccount/submit', { id: account.id, balance: '999.00', remark: '备注' });
    expect(await balanceOf(account.id!)).toBe('0.00');
  });

  it('tops up with a receipt number, exactly, once per client key; refuses bad amounts and pay types', async () => {
    const houseId = await houseWithUnpaid(mine, 1);
    const account = await openAccount(admin, houseId);
    const first = await topUp(cashier, account.id!, '100.10', { clientKey: 'topup-1', payType: 3 });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({
      replay: false,
      account: { id: account.id, balance: '100.10' },
      ledger: { kind: 1, amount: '100.10', balanceAfter: '100.10', payType: 3 },
    });
    expect(first.body.data.ledger.receiptNo).toMatch(/-YC\d{4}-\d{6}$/);
    const again = await topUp(cashier, account.id!, '100.10', { clientKey: 'topup-1', payType: 3 });
    expect(again.body.data).toMatchObject({ replay: true, ledger: { id: first.body.data.ledger.id } });
    const second = await topUp(cashier, account.id!, '0.20');
    const seq = (no: string) => Number(no.slice(-6));
    expect(seq(second.body.data.ledger.receiptNo)).toBe(seq(first.body.data.ledger.receiptNo) + 1);
    expect(await balanceOf(account.id!)).toBe('100.30');
    for (const amount of ['0', '-1', '1.005', 'abc', '']) {
      expect(await topUp(cashier, account.id!, amount), amount).toMatchObject(
        refused(400, '请输入正确的充值金额,大于0且最多两位小数'),
      );
    }
    expect(await topUp(cashier, account.id!, '1', { payType: 5 })).toMatchObject(refused(400, '充值方式须为现金、刷卡或转账'));
    expect(await topUp(cashier, account.id!, '1', { clientKey: 'topup-1' })).toMatchObject(
      refused(400, '该请求编号已用于其他账单,请刷新后重试'),
    );
    expect(await balanceOf(account.id!)).toBe('100.30');
    expect((await ledgerOf(account.id!)).map((l) => [l.kind, l.amount, l.balance_after])).toEqual([
      [1, '100.10', '100.10'],
      [1, '0.20', '100.30'],
    ]);
    // An account with movements stays.
    expect(await admin.post('/system-property/prepaidaccount/remove', undefined, { ids: account.id })).toMatchObject(
      refused(400, '预存款账户已有流水,不能删除'),
    );
  });
});

describe('paying bills by balance', () => {
  it('refuses a short balance with nothing written, then pays exactly the total and refunds back to the balance', async () => {
    const houseId = await houseWithUnpaid(mine, 2);
    const bills = (await unpaidOf(cashier, houseId)).slice(0, 2);
    const total = due(bills[0]!) + due(bills[1]!);
    // No account yet.
    expect(await payByBalance(cashier, bills)).toMatchObject(refused(400, '该业主在本小区尚未开通预存款账户,请先开户并充值'));
    const account = await openAccount(cashier, houseId);
    expect((await topUp(cashier, account.id!, money(total - 1n))).status).toBe(200);
    const orders = async () =>
      Number(
        (
          await sql<{ n: number }>`select count(*)::int as n from property_payment_order where house_id = ${houseId}`.execute(
            db(),
          )
        ).rows[0]!.n,
      );
    const ordersBefore = await orders();
    expect(await payByBalance(cashier, bills, 'short-1')).toMatchObject(
      refused(400, `预存款余额不足:余额${money(total - 1n)}元,需付${money(total)}元`),
    );
    // Nothing half-saved: bills unpaid, no order, no debit.
    expect((await unpaidOf(cashier, houseId)).map((b) => b.id)).toEqual(expect.arrayContaining(bills.map((b) => b.id)));
    expect(await orders()).toBe(ordersBefore);
    expect(await balanceOf(account.id!)).toBe(money(total - 1n));
    expect((await ledgerOf(account.id!)).length).toBe(1);

    expect((await topUp(cashier, account.id!, '0.01')).status).toBe(200);
    const paid = await payByBalance(cashier, bills, 'balance-1');
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data.order).toMatchObject({ payType: 5, totalAmount: money(total) });
    expect(paid.body.data.bills.map((b: { billStatus: number; payType: number }) => [b.billStatus, b.payType])).toEqual([
      [2, 5],
      [2, 5],
    ]);
    expect(await balanceOf(account.id!)).toBe('0.00');
    // The same key again pays nothing and takes nothing.
    const replay = await payByBalance(cashier, bills, 'balance-1');
    expect(replay.body.data).toMatchObject({ replay: true, order: { id: paid.body.data.order.id } });
    expect(await balanceOf(account.id!)).toBe('0.00');
    const ledger = await ledgerOf(account.id!);
    expect(ledger.map((l) => [l.kind, l.amount, l.balance_after])).toEqual([
      [1, money(total - 1n), money(total - 1n)],
      [1, '0.01', money(total)],
      [2, money(-total), '0.00'],
    ]);
    expect(ledger[2]!.order_id).toBe(paid.body.data.order.id);

    // A partial refund goes back to the balance even when another way is named; the rest follows.
    const first = bills[0]!;
    const part = await cashier.post('/system-property/paymentbill/refund', {
      billId: first.id,
      refundAmount: '1.00',
      reason: '多收',
      payType: 1,
    });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body.data.refund).toMatchObject({ payType: 5, refundAmount: '1.00' });
    expect(await balanceOf(account.id!)).toBe('1.00');
    const rest = await cashier.post('/system-property/paymentbill/refund', { billId: first.id, reason: '全退' });
    expect(rest.body.data.bill.billStatus).toBe(4);
    expect(await balanceOf(account.id!)).toBe(money(due(first)));
    const refunds = (await ledgerOf(account.id!)).slice(3);
    expect(refunds.map((l) => [l.kind, l.amount, l.bill_id])).toEqual([
      [3, '1.00', first.id],
      [3, money(due(first) - 100n), first.id],
    ]);
    // The ledger adds up to the balance.
    const sum = (await ledgerOf(account.id!)).reduce((t, l) => t + cents(l.amount), 0n);
    expect(money(sum)).toBe(await balanceOf(account.id!));
  });

  it('never refunds a bill paid in cash onto a balance', async () => {
    const houseId = await houseWithUnpaid(mine, 1);
    const [bill] = await unpaidOf(cashier, houseId);
    expect((await cashier.post('/system-property/paymentbill/pay', { billIds: bill!.id, payType: 1 })).status).toBe(200);
    expect(
      await cashier.post('/system-property/paymentbill/refund', { billId: bill!.id, reason: '退到余额', payType: 5 }),
    ).toMatchObject(refused(400, '请选择支付方式'));
  });

  it('two cashiers at once: the balance pays only what it holds, never below zero', async () => {
    const houseId = await houseWithUnpaid(mine, 4);
    const bills = (await unpaidOf(cashier, houseId)).slice(0, 4);
    const account = await openAccount(cashier, houseId);
    // Enough for the dearest bill alone, never for two of them.
    const dearest = bills.map(due).reduce((a, b) => (a > b ? a : b));
    const cheapest = bills.map(due).reduce((a, b) => (a < b ? a : b));
    expect(dearest < 2n * cheapest).toBe(true);
    await topUp(cashier, account.id!, money(dearest));
    const answers = await Promise.all(bills.map((b, i) => payByBalance(i % 2 ? cashier : admin, [b], `race-${b.id}`)));
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((a) => a.status !== 200)) {
      expect(lost.status).toBe(400);
      expect(lost.body.msg).toMatch(/^预存款余额不足/);
    }
    const paidBill = bills.find((b) => b.id === won[0]!.body.data.bills[0].id)!;
    expect(await balanceOf(account.id!)).toBe(money(dearest - due(paidBill)));
    expect((await ledgerOf(account.id!)).filter((l) => l.kind === 2)).toHaveLength(1);

    // One bill, many requests with their own keys: paid once, debited once.
    await topUp(cashier, account.id!, money(dearest * 2n));
    const before = cents(await balanceOf(account.id!));
    const next = bills.find((b) => b.id !== paidBill.id)!;
    const same = await Promise.all([1, 2, 3, 4].map((i) => payByBalance(i % 2 ? cashier : admin, [next], `same-${i}`)));
    expect(same.filter((a) => a.status === 200)).toHaveLength(1);
    expect(same.filter((a) => a.body.msg === '账单已缴费,请勿重复缴费')).toHaveLength(3);
    expect(await balanceOf(account.id!)).toBe(money(before - due(next)));
  });
});

describe('isolation', () => {
  it('a garden’s cashier and another tenant neither see nor move an account of another garden', async () => {
    const houseId = await houseWithUnpaid(theirs, 1);
    const account = await openAccount(admin, houseId);
    expect((await topUp(admin, account.id!, '50.00')).status).toBe(200);
    const missing = refused(400, '预存款账户不存在或已被删除');
    expect(await topUp(cashier, account.id!, '1.00')).toMatchObject(missing);
    expect(await topUp(other, account.id!, '1.00')).toMatchObject(missing);
    expect(await cashier.post('/system-property/prepaidaccount/submit', { houseId })).toMatchObject(
      refused(400, '所选房屋不存在或已被删除'),
    );
    expect(await cashier.get('/system-property/prepaidaccount/of-house', { houseId })).toMatchObject(
      refused(400, '所选房屋不存在或已被删除'),
    );
    for (const client of [cashier, other]) {
      const accounts = (await client.get('/system-property/prepaidaccount/list', { size: 100 })).body.data.records;
      expect(accounts.map((a: { id: string }) => a.id)).not.toContain(account.id);
      const ledger = (await client.get('/system-property/prepaidledger/list', { prepaidAccountId: account.id })).body.data;
      expect(ledger.total).toBe(0);
      expect((await client.get('/system-property/prepaidaccount/detail', { id: account.id })).body.data).toBeNull();
    }
    // The cashier's own garden's accounts are listed; the admin sees both gardens'.
    const own = (await cashier.get('/system-property/prepaidaccount/list', { size: 100 })).body.data.records;
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((a: { gardenId: string }) => a.gardenId === mine)).toBe(true);
    const all = (await admin.get('/system-property/prepaidaccount/list', { size: 100 })).body.data.records;
    expect(all.map((a: { id: string }) => a.id)).toContain(account.id);
    expect(await balanceOf(account.id!)).toBe('50.00');
  });
});
