import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoDeductKey, deductAccount } from '../src/modules/billing/auto-deduct';
import { generationHandler, type GenerationParams } from '../src/modules/billing/jobs';
import { jobCrudContext } from '../src/platform/jobs';
import { DEMO_TENANT } from '../src/seed/seed';
import { finishedRun, generated, prepaidBalanceOf, prepaidLedgerOf } from './billing-fixtures';
import type { ApiClient } from './client';
import { ok, otherTenant, signedIn } from './facility-fixtures';
import { startServer, type TestServer } from './harness';
import { FAST_JOBS } from './jobs/test-kinds';

/**
 * Charge items deducted from the owner's pre-paid balance (autoDeduct): a
 * generation pays the flagged item's new bills of owners whose account holds
 * enough, as a cashier paying by balance would (order, receipt, ledger, bill
 * log, audit), leaves the short owner's and the unflagged item's bills
 * unpaid, and pays nothing twice on a rerun; a top-up pays the waiting bills
 * oldest first, stopping at the first it cannot cover; another tenant's
 * accounts are never touched.
 */
let server: TestServer;
let admin: ApiClient;
let adminId: string;
let gardenId: string;
let flaggedItem: string;
let plainItem: string;
/** Three houses, one owner each: rich (an account holding 250), poor (50) and none (no account). */
const houses: Record<'rich' | 'poor' | 'none', string> = { rich: '', poor: '', none: '' };
const accounts: Record<'rich' | 'poor', string> = { rich: '', poor: '' };
let foreignAccount: string;
const FIRST = '2025-01';
const SECOND = '2025-02';
const THIRD = '2025-03';
/** A generation run whose first attempt dies once its bills are in, before their deduction: the retry must pay them. */
const DYING = 'testDiesBeforeDeduction';

const db = () => server.built.services.db;

interface BillRow {
  id: string;
  bill_status: number;
  pay_type: number | null;
  order_id: string | null;
  late_fee: string;
  paid_amount: string;
}
const billOf = async (house: string, item: string, period: string) =>
  (
    await sql<BillRow>`select id::text, bill_status, pay_type, order_id::text, late_fee::text, paid_amount::text
      from property_payment_bill where house_id = ${house} and item_id = ${item} and period = ${period} and is_deleted = 0`.execute(
      db(),
    )
  ).rows;
const balanceOf = (id: string) => prepaidBalanceOf(db(), id);
const ledgerOf = (id: string) => prepaidLedgerOf(db(), id);
/** The house's orders paying bills of the test's items (the demo year has paid others). */
const ordersOf = async (house: string) =>
  (
    await sql<{ id: string; client_key: string; pay_type: number; total_amount: string; late_fee: string; receipt_no: string }>`
      select id::text, client_key, pay_type, total_amount::text, late_fee::text, receipt_no from property_payment_order o
      where house_id = ${house} and is_deleted = 0 and exists (select 1 from property_payment_bill b where b.order_id = o.id
        and b.item_id in (${flaggedItem}, ${plainItem})) order by id`.execute(db())
  ).rows;
const topUp = (prepaidAccountId: string, amount: string) =>
  admin.post('/system-property/prepaidaccount/top-up', { prepaidAccountId, amount, payType: 1 });
const generate = (period: string) => generated(admin, { gardenId, period, itemIds: `${flaggedItem},${plainItem}` });

async function item(itemName: string, autoDeduct: number, formulaId: string): Promise<string> {
  const saved = await admin.post('/system-property/paymentitems/submit', {
    gardenId,
    itemName,
    feeType: 1,
    formulaId,
    unitPrice: '100.00',
    billingCycle: 1,
    dueDay: 10,
    // 1% a day past the due date, at most 5.00: any bill of these past months that pays a late fee pays 5.00.
    lateFeePercent: '1',
    lateFeeCap: '5.00',
    autoDeduct,
  });
  expect(saved.body).toMatchObject(ok);
  return (await admin.get('/system-property/paymentitems/list', { itemName_equal: itemName })).body.data.records[0].id;
}

/** The houses loneOwnerHouses has answered: each test's own. */
const taken: string[] = [];

/** `n` more houses of the garden whose billed owner owns nothing else and has no account yet. */
async function loneOwnerHouses(n: number) {
  const found = await sql<{ house_id: string; owner_id: string }>`select h.id::text as house_id, o.owner_id::text
    from property_house h
      join lateral (select p.owner_id from property_ownership p where p.house_id = h.id and p.is_deleted = 0
        order by p.id limit 1) o on true
    where h.garden_id = ${gardenId} and h.is_deleted = 0 and not (h.id::text = any(${taken}::text[]))
      and (select count(*) from property_ownership q where q.owner_id = o.owner_id and q.is_deleted = 0) = 1
      and not exists (select 1 from property_prepaid_account a where a.owner_id = o.owner_id and a.is_deleted = 0)
    order by h.id limit ${n}`.execute(db());
  expect(found.rows).toHaveLength(n);
  taken.push(...found.rows.map((r) => r.house_id));
  return found.rows;
}

beforeAll(async () => {
  server = await startServer({ jobs: FAST_JOBS });
  server.built.services.jobs.registerJob<GenerationParams>(
    DYING,
    (job) => {
      let bills: number | undefined;
      return generationHandler({
        ...job,
        progress: async (done, total) => {
          await job.progress(done, total);
          bills ??= total ?? 0; // the first call counts the bills to add; a larger total is the deduction's
          if (job.attempt === 1 && (total ?? 0) > bills) throw new Error('worker died before the deduction (test)');
        },
      });
    },
    { retryLimit: 2 },
  );
  admin = await signedIn(server, 'admin', 'admin', DEMO_TENANT);
  adminId = String((await admin.get('/blade-system/user/info')).body.data.id);
  gardenId = (await admin.get('/system-property/garden/list', { gardenName_equal: '翠湖苑' })).body.data.records[0].id;
  expect(
    (await admin.post('/system-property/payformula/submit', { formulaName: '扣缴固定金额', formulaType: 2 })).body,
  ).toMatchObject(ok);
  const formula = (await admin.get('/system-property/payformula/list', { formulaName_equal: '扣缴固定金额' })).body.data
    .records[0].id;
  flaggedItem = await item('扣缴物业费', 1, formula);
  plainItem = await item('不扣缴停车费', 0, formula);
  // Houses whose billed owner owns nothing else and has no account yet.
  const found = await loneOwnerHouses(3);
  [houses.rich, houses.poor, houses.none] = found.map((r) => r.house_id);
  for (const houseId of Object.values(houses)) {
    for (const itemId of [flaggedItem, plainItem]) {
      expect((await admin.post('/system-property/paymentitemhouse/submit', { itemId, houseId })).body).toMatchObject(ok);
    }
  }
  for (const [who, amount] of [
    ['rich', '250.00'],
    ['poor', '50.00'],
  ] as const) {
    expect((await admin.post('/system-property/prepaidaccount/submit', { houseId: houses[who] })).body).toMatchObject(ok);
    accounts[who] = (await admin.get('/system-property/prepaidaccount/of-house', { houseId: houses[who] })).body.data.id;
    expect((await topUp(accounts[who], amount)).body.data).toMatchObject({ deducted: 0, account: { balance: amount } });
  }
  // Another tenant's account for the same owner and garden ids (as if its ids met ours): never a match.
  const other = await otherTenant(server, '扣缴隔离物业');
  const otherTenantId = String((await other.get('/blade-system/user/info')).body.data.tenantId);
  expect(otherTenantId).not.toBe(DEMO_TENANT);
  const rich = await sql<{ owner_id: string; garden_id: string; house_id: string }>`select owner_id::text, garden_id::text,
      house_id::text from property_prepaid_account where id = ${accounts.rich}`.execute(db());
  foreignAccount = (
    await sql<{ id: string }>`insert into property_prepaid_account (tenant_id, garden_id, house_id, owner_id, balance)
      values (${otherTenantId}, ${rich.rows[0]!.garden_id}, ${rich.rows[0]!.house_id}, ${rich.rows[0]!.owner_id}, 1000)
      returning id::text`.execute(db())
  ).rows[0]!.id;
});
afterAll(async () => server?.close());

describe('a charge item deducted from the pre-paid balance', () => {
  it('is a yes/no field of the item, saved, read and filtered', async () => {
    const detail = (await admin.get('/system-property/paymentitems/detail', { id: flaggedItem })).body.data;
    expect(detail).toMatchObject({ id: flaggedItem, autoDeduct: 1 });
    const listed = (await admin.get('/system-property/paymentitems/list', { gardenId, autoDeduct_equal: 1, size: 100 })).body.data
      .records;
    expect(listed.map((r: { id: string }) => r.id)).toContain(flaggedItem);
    expect(listed.map((r: { id: string }) => r.id)).not.toContain(plainItem);
  });

  it('generation pays the flagged bills of owners whose balance covers them, and nothing else', async () => {
    const run = await generate(FIRST);
    expect(run.state).toBe('done');
    expect(run.outcomeParams).toMatchObject({ created: 6, deducted: 1 });
    expect(run.outcome).toContain('1张已从预存款自动扣缴');
    // The deduction's progress follows the bills added: 6 bills, then the two accounts' two waiting bills.
    expect(run).toMatchObject({ progressDone: 8, progressTotal: 8 });

    // The rich owner's flagged bill: paid by balance, as the cashier would, with no late fee though its month is
    // long past (paid as it is issued).
    const [paid] = await billOf(houses.rich, flaggedItem, FIRST);
    expect(paid).toMatchObject({ bill_status: 2, pay_type: 5, late_fee: '0.00', paid_amount: '100.00' });
    const orders = await ordersOf(houses.rich);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      id: paid!.order_id,
      client_key: autoDeductKey(paid!.id),
      pay_type: 5,
      total_amount: '100.00',
    });
    expect(orders[0]!.receipt_no).toMatch(/-\d{4}-\d{6}$/);
    expect(await balanceOf(accounts.rich)).toBe('150.00');
    expect((await ledgerOf(accounts.rich)).map((l) => [l.kind, l.amount, l.balance_after, l.order_id, l.create_user])).toEqual([
      [1, '250.00', '250.00', null, adminId],
      [2, '-100.00', '150.00', paid!.order_id, adminId],
    ]);
    // The bill log's pay row names the run's starter, like the generation's own row; the audit trail has the change.
    const log = await sql<{ action: number; to_status: number; operator_name: string | null; create_user: string }>`
      select action, to_status, operator_name, create_user::text from property_bill_log where bill_id = ${paid!.id} order by id`.execute(
      db(),
    );
    expect(log.rows.map((l) => [l.action, l.to_status, l.create_user])).toEqual([
      [1, 1, adminId],
      [3, 2, adminId],
    ]);
    expect(log.rows[1]!.operator_name).toBe(log.rows[0]!.operator_name);
    expect(log.rows[1]!.operator_name).toBeTruthy();
    const audit = await sql<{ n: number }>`select count(*)::int as n from blade_audit_log where entity_name = 'paymentBill'
      and action = 'update' and row_id = ${paid!.id} and create_user = ${adminId}
      and changes -> 'billStatus' ->> 'after' = '2'`.execute(db());
    expect(audit.rows[0]!.n).toBe(1);

    // The unflagged item's bill of the same owner: unpaid, though the balance would cover it.
    expect(await billOf(houses.rich, plainItem, FIRST)).toMatchObject([{ bill_status: 1, order_id: null }]);
    // The poor owner (50 for a bill of 100): nothing written, the bill waits.
    expect(await billOf(houses.poor, flaggedItem, FIRST)).toMatchObject([{ bill_status: 1, order_id: null }]);
    expect(await ordersOf(houses.poor)).toEqual([]);
    expect(await balanceOf(accounts.poor)).toBe('50.00');
    expect(await ledgerOf(accounts.poor)).toHaveLength(1);
    // No account: unpaid. Another tenant's account of the same owner and garden ids: untouched.
    expect(await billOf(houses.none, flaggedItem, FIRST)).toMatchObject([{ bill_status: 1 }]);
    expect(await balanceOf(foreignAccount)).toBe('1000.00');
  });

  it('a rerun, and deductions racing each other, pay nothing twice', async () => {
    const rerun = await generate(FIRST);
    expect(rerun.outcomeParams).toMatchObject({ created: 0, existing: 6, deducted: 0 });
    const ctx = await jobCrudContext(db(), DEMO_TENANT, adminId);
    expect(await Promise.all([deductAccount(ctx, accounts.rich), deductAccount(ctx, accounts.rich)])).toEqual([0, 0]);
    expect(await ordersOf(houses.rich)).toHaveLength(1);
    expect(await balanceOf(accounts.rich)).toBe('150.00');

    // Two top-ups of one account at once, each then paying the waiting bill (with its late fee, 5.00: it waited
    // past its due date): it is paid once, by one of them.
    expect((await admin.post('/system-property/prepaidaccount/submit', { houseId: houses.none })).body).toMatchObject(ok);
    const none = (await admin.get('/system-property/prepaidaccount/of-house', { houseId: houses.none })).body.data.id;
    const both = await Promise.all([topUp(none, '105.00'), topUp(none, '105.00')]);
    expect(both.map((a) => a.status)).toEqual([200, 200]);
    expect(both.map((a) => a.body.data.deducted).sort()).toEqual([0, 1]);
    const [bill] = await billOf(houses.none, flaggedItem, FIRST);
    expect(bill).toMatchObject({ bill_status: 2, pay_type: 5, late_fee: '5.00' });
    expect((await ordersOf(houses.none)).map((o) => [o.client_key, o.total_amount])).toEqual([
      [autoDeductKey(bill!.id), '105.00'],
    ]);
    expect(await balanceOf(none)).toBe('105.00');
    expect((await ledgerOf(none)).filter((l) => l.kind === 2)).toHaveLength(1);
  });

  it('a top-up pays the waiting bills oldest first and stops at the first the balance cannot cover', async () => {
    // A second month: the rich owner pays it; the poor owner now has two bills waiting.
    const second = await generate(SECOND);
    expect(second.outcomeParams).toMatchObject({ created: 6, deducted: 2 });
    expect(await balanceOf(accounts.rich)).toBe('50.00');
    // Its owner's older bill paid with its late fee at the top-up; this one, issued now, without.
    expect((await billOf(houses.none, flaggedItem, SECOND))[0]).toMatchObject({ bill_status: 2, late_fee: '0.00' });
    const [older] = await billOf(houses.poor, flaggedItem, FIRST);
    const [newer] = await billOf(houses.poor, flaggedItem, SECOND);
    // The newer bill is reduced to 40 (45.00 with its late fee): a balance of 90 would cover it, but not the older
    // bill (105.00).
    expect(
      (await admin.post('/system-property/reducepay/submit', { billId: newer!.id, reduceAmount: '60.00', reason: '减免' }))
        .status,
    ).toBe(200);

    const first = await topUp(accounts.poor, '40.00');
    expect(first.body.data).toMatchObject({ deducted: 0, account: { balance: '90.00' } });
    expect((await billOf(houses.poor, flaggedItem, SECOND))[0]).toMatchObject({ bill_status: 1 });

    const enough = await topUp(accounts.poor, '60.00');
    expect(enough.body.data).toMatchObject({ deducted: 2, account: { balance: '0.00' } });
    expect((await billOf(houses.poor, flaggedItem, FIRST))[0]).toMatchObject({ bill_status: 2, pay_type: 5 });
    expect((await billOf(houses.poor, flaggedItem, SECOND))[0]).toMatchObject({ bill_status: 2, pay_type: 5 });
    const orders = await ordersOf(houses.poor);
    expect(orders.map((o) => [o.client_key, o.total_amount, o.late_fee])).toEqual([
      [autoDeductKey(older!.id), '105.00', '5.00'],
      [autoDeductKey(newer!.id), '45.00', '5.00'],
    ]);
    expect((await ledgerOf(accounts.poor)).map((l) => [l.kind, l.amount, l.balance_after])).toEqual([
      [1, '50.00', '50.00'],
      [1, '40.00', '90.00'],
      [1, '60.00', '150.00'],
      [2, '-105.00', '45.00'],
      [2, '-45.00', '0.00'],
    ]);
    // The unflagged item's bills stay for the cashier.
    expect((await billOf(houses.poor, plainItem, FIRST))[0]).toMatchObject({ bill_status: 1 });
    expect(await balanceOf(foreignAccount)).toBe('1000.00');
  });

  it('a run that died after adding its bills, before deducting them, pays them on its retry, once', async () => {
    expect((await topUp(accounts.rich, '100.00')).body.data).toMatchObject({ deducted: 0, account: { balance: '150.00' } });
    const runId = await server.built.services.jobs.enqueue(
      DYING,
      { gardenId, period: THIRD, itemIds: [flaggedItem, plainItem] } satisfies GenerationParams as never,
      { tenantId: DEMO_TENANT, userId: adminId },
    );
    const run = await finishedRun(admin, runId);
    expect(run).toMatchObject({ state: 'done', attempts: 2 });
    // The retry added nothing (the first attempt's bills are there) and paid the rich owner's bill.
    expect(run.outcomeParams).toMatchObject({ created: 0, existing: 6, deducted: 1 });
    const [bill] = await billOf(houses.rich, flaggedItem, THIRD);
    expect(bill).toMatchObject({ bill_status: 2, pay_type: 5, late_fee: '0.00' });
    expect((await ordersOf(houses.rich)).filter((o) => o.client_key === autoDeductKey(bill!.id))).toHaveLength(1);
    expect(await balanceOf(accounts.rich)).toBe('50.00');
    expect(await balanceOf(foreignAccount)).toBe('1000.00');
  });
});

describe('the parking-space bills of a flagged item', () => {
  /** X: the billed owner of house H, with an account, and of space S; Y owns space T and has no account. */
  const own = { house: '', account: '', ownerX: '', ownerY: '', spaceX: '', spaceY: '' };
  let spaceItem: string;
  let spacePlain: string;
  const billsOf = async (where: { house?: string; space?: string }, itemId: string, period: string) =>
    (
      await sql<BillRow & { owner_id: string | null }>`select id::text, bill_status, pay_type, order_id::text, late_fee::text,
          paid_amount::text, owner_id::text from property_payment_bill where item_id = ${itemId} and period = ${period}
          and is_deleted = 0 and ${where.house ? sql`house_id = ${where.house}` : sql`parking_space_id = ${where.space!}`}`.execute(
        db(),
      )
    ).rows;
  const spaceOrders = async () =>
    (
      await sql<{ client_key: string; total_amount: string; bill_ids: string }>`select client_key, total_amount::text, bill_ids
        from property_payment_order where is_deleted = 0 and bill_ids in (select id::text from property_payment_bill
          where item_id = ${spaceItem}) order by id`.execute(db())
    ).rows;
  const generateSpaces = (period: string) => generated(admin, { gardenId, period, itemIds: `${spaceItem},${spacePlain}` });
  const bind = async (itemId: string, target: { houseId: string } | { parkingSpaceId: string }) =>
    expect((await admin.post('/system-property/paymentitemhouse/submit', { itemId, ...target })).body).toMatchObject(ok);

  beforeAll(async () => {
    const formula = (await admin.get('/system-property/payformula/list', { formulaName_equal: '扣缴固定金额' })).body.data
      .records[0].id;
    spaceItem = await item('扣缴车位费', 1, formula);
    spacePlain = await item('不扣缴车位管理费', 0, formula);
    // Two more houses whose billed owners own nothing else and have no account (the three above taken).
    const found = await loneOwnerHouses(2);
    [own.house, own.ownerX, own.ownerY] = [found[0]!.house_id, found[0]!.owner_id, found[1]!.owner_id];
    const lot = (await admin.get('/system-property/parking/list', { gardenId, size: 1 })).body.data.records[0].id;
    for (const [key, ownerId, spaceNo] of [
      ['spaceX', own.ownerX, '扣缴X'],
      ['spaceY', own.ownerY, '扣缴Y'],
    ] as const) {
      const saved = await admin.post('/system-property/parkingspace/submit', {
        parkingId: lot,
        spaceNo,
        ownerId,
        spaceStatus: 2,
      });
      expect(saved.body, JSON.stringify(saved.body)).toMatchObject(ok);
      own[key] = (await admin.get('/system-property/parkingspace/list', { spaceNo_like: spaceNo })).body.data.records[0].id;
    }
    await bind(spaceItem, { parkingSpaceId: own.spaceX });
    await bind(spacePlain, { parkingSpaceId: own.spaceX });
    await bind(spaceItem, { parkingSpaceId: own.spaceY });
    expect((await admin.post('/system-property/prepaidaccount/submit', { houseId: own.house })).body).toMatchObject(ok);
    own.account = (await admin.get('/system-property/prepaidaccount/of-house', { houseId: own.house })).body.data.id;
    expect((await topUp(own.account, '250.00')).body.data).toMatchObject({ deducted: 0, account: { balance: '250.00' } });
  });

  it('generation pays the space bill from its owner’s account, not the unflagged item’s nor another owner’s space', async () => {
    const run = await generateSpaces('2025-05');
    expect(run.outcomeParams).toMatchObject({ created: 3, deducted: 1 });
    const [paid] = await billsOf({ space: own.spaceX }, spaceItem, '2025-05');
    // Made out to the space's owner, paid by balance as it is issued (no late fee), under its own key.
    expect(paid).toMatchObject({ owner_id: own.ownerX, bill_status: 2, pay_type: 5, late_fee: '0.00', paid_amount: '100.00' });
    expect(await spaceOrders()).toEqual([{ client_key: autoDeductKey(paid!.id), total_amount: '100.00', bill_ids: paid!.id }]);
    expect((await ledgerOf(own.account)).map((l) => [l.kind, l.amount, l.order_id])).toEqual([
      [1, '250.00', null],
      [2, '-100.00', paid!.order_id],
    ]);
    // The unflagged item's bill of the same space, and the other owner's space: unpaid though 150 would cover them.
    expect(await billsOf({ space: own.spaceX }, spacePlain, '2025-05')).toMatchObject([{ bill_status: 1, order_id: null }]);
    expect(await billsOf({ space: own.spaceY }, spaceItem, '2025-05')).toMatchObject([
      { owner_id: own.ownerY, bill_status: 1, order_id: null },
    ]);
    expect(await balanceOf(own.account)).toBe('150.00');
  });

  it('a top-up pays house and space bills of one account oldest first, stopping at the first not covered', async () => {
    expect((await generateSpaces('2025-06')).outcomeParams).toMatchObject({ created: 3, deducted: 1 });
    expect(await balanceOf(own.account)).toBe('50.00');
    // A later month's space bill waits (50 for 100); then the owner's house is bound and an older month generated:
    // its house bill, made after the space bill (a larger id), is the older and goes first.
    expect((await generateSpaces('2025-07')).outcomeParams).toMatchObject({ created: 3, deducted: 0 });
    await bind(spaceItem, { houseId: own.house });
    expect((await generateSpaces('2025-05')).outcomeParams).toMatchObject({ created: 1, deducted: 0 });
    const [house] = await billsOf({ house: own.house }, spaceItem, '2025-05');
    const [space] = await billsOf({ space: own.spaceX }, spaceItem, '2025-07');
    expect(BigInt(house!.id) > BigInt(space!.id)).toBe(true);

    // 105: the house bill with its late fee (5.00); the space bill (105.00 too) then waits for more.
    expect((await topUp(own.account, '55.00')).body.data).toMatchObject({ deducted: 1, account: { balance: '0.00' } });
    expect(await billsOf({ house: own.house }, spaceItem, '2025-05')).toMatchObject([{ bill_status: 2, late_fee: '5.00' }]);
    expect(await billsOf({ space: own.spaceX }, spaceItem, '2025-07')).toMatchObject([{ bill_status: 1, order_id: null }]);
    expect((await topUp(own.account, '105.00')).body.data).toMatchObject({ deducted: 1, account: { balance: '0.00' } });
    expect(await billsOf({ space: own.spaceX }, spaceItem, '2025-07')).toMatchObject([
      { bill_status: 2, pay_type: 5, late_fee: '5.00', paid_amount: '100.00' },
    ]);
    expect((await spaceOrders()).map((o) => [o.client_key, o.total_amount])).toEqual([
      [autoDeductKey((await billsOf({ space: own.spaceX }, spaceItem, '2025-05'))[0]!.id), '100.00'],
      [autoDeductKey((await billsOf({ space: own.spaceX }, spaceItem, '2025-06'))[0]!.id), '100.00'],
      [autoDeductKey(house!.id), '105.00'],
      [autoDeductKey(space!.id), '105.00'],
    ]);
    // Never the unflagged item's nor the other owner's.
    for (const period of ['2025-05', '2025-06', '2025-07']) {
      expect(await billsOf({ space: own.spaceX }, spacePlain, period)).toMatchObject([{ bill_status: 1 }]);
      expect(await billsOf({ space: own.spaceY }, spaceItem, period)).toMatchObject([{ bill_status: 1 }]);
    }
  });
});

describe('a chunk of many accounts', () => {
  it('writes for each bill exactly the rows a cashier’s payment by balance writes', async () => {
    const formula = (await admin.get('/system-property/payformula/list', { formulaName_equal: '扣缴固定金额' })).body.data
      .records[0].id;
    const [flagged, plain] = [await item('扣缴同行费', 1, formula), await item('柜台同行费', 0, formula)];
    // Six owners deducted in one chunk; a seventh's bill, of an item alike but not flagged, paid at the cashier.
    const found = await loneOwnerHouses(7);
    const cashier = found.pop()!;
    for (const { house_id: houseId } of found) {
      expect((await admin.post('/system-property/paymentitemhouse/submit', { itemId: flagged, houseId })).body).toMatchObject(ok);
    }
    expect(
      (await admin.post('/system-property/paymentitemhouse/submit', { itemId: plain, houseId: cashier.house_id })).body,
    ).toMatchObject(ok);
    for (const { house_id: houseId } of [...found, cashier]) {
      expect((await admin.post('/system-property/prepaidaccount/submit', { houseId })).body).toMatchObject(ok);
      const account = (await admin.get('/system-property/prepaidaccount/of-house', { houseId })).body.data.id;
      expect((await topUp(account, '100.00')).body.data).toMatchObject({ deducted: 0 });
    }
    // A month not yet due: neither payment has a late fee.
    const run = await generated(admin, { gardenId, period: '2027-01', itemIds: `${flagged},${plain}` });
    expect(run.outcomeParams).toMatchObject({ created: 7, deducted: 6 });
    const [atCashier] = await billOf(cashier.house_id, plain, '2027-01');
    const paid = await admin.post('/system-property/paymentbill/pay', { billIds: atCashier!.id, payType: 5 });
    expect(paid.body).toMatchObject(ok);

    const cashierRows = await writtenFor(atCashier!.id);
    // Every row present: the order, the bill, its two log rows, the account's two ledger rows, and their audit rows.
    expect(Object.fromEntries(Object.entries(cashierRows).map(([k, v]) => [k, Array.isArray(v) ? v.length : 1]))).toEqual({
      order: 1,
      bill: 1,
      log: 2,
      ledger: 2,
      audit: 8,
    });
    for (const { house_id: houseId } of found) {
      const [bill] = await billOf(houseId, flagged, '2027-01');
      expect(bill).toMatchObject({ bill_status: 2, pay_type: 5, late_fee: '0.00' });
      const key = await sql<{
        client_key: string;
      }>`select client_key from property_payment_order where id = ${bill!.order_id}`.execute(db());
      expect(key.rows).toEqual([{ client_key: autoDeductKey(bill!.id) }]);
      expect(await writtenFor(bill!.id)).toEqual(cashierRows);
    }
  });
});

/**
 * What paying a bill by balance left in the database, each value naming this bill's own rows (ids, names,
 * numbers) put as the role it plays, so two bills' payments compare equal when they wrote the same rows:
 * the order, the bill, its log rows, its account's ledger rows and the audit rows of all of them.
 */
async function writtenFor(billId: string) {
  type Row = Record<string, unknown>;
  const one = async (query: RawBuilder<Row>) => (await query.execute(db())).rows;
  const [bill] = await one(sql`select * from property_payment_bill where id = ${billId}`);
  const [order] = await one(sql`select * from property_payment_order where id = ${bill!.order_id}`);
  const [account] = await one(sql`select * from property_prepaid_account where owner_id = ${bill!.owner_id}
    and garden_id = ${bill!.garden_id} and is_deleted = 0`);
  const log = await one(sql`select * from property_bill_log where bill_id = ${billId} order by id`);
  const ledger = await one(sql`select * from property_prepaid_ledger where prepaid_account_id = ${account!.id} order by id`);
  const ids = [bill!.id, order!.id, account!.id, ...ledger.map((l) => l.id)].map(String);
  const audit = await one(sql`select entity_name, action, row_id, changes, create_user, account from blade_audit_log
    where row_id = any(${ids}::bigint[]) order by entity_name, id`);
  const roles = new Map<string, string>();
  const role = (value: unknown, name: string) => value !== null && value !== undefined && roles.set(String(value), name);
  for (const column of ['id', 'order_id', 'house_id', 'owner_id', 'garden_id', 'item_id', 'item_name', 'house_name']) {
    role(bill![column], `bill.${column}`);
  }
  for (const column of ['owner_name', 'owner_phone', 'bill_key', 'period']) role(bill![column], `bill.${column}`);
  role(order!.receipt_no, 'receipt');
  role(order!.order_no, 'orderNo');
  role(account!.id, 'account');
  ledger.forEach((l, n) => [role(l.id, `ledger${n}`), role(l.receipt_no, `topUpReceipt${n}`)]);
  // Times, serial numbers and keys differ from payment to payment by nature; the keys are checked apart.
  const blank = new Set([
    'id',
    'create_time',
    'update_time',
    'pay_time',
    'payTime',
    'client_key',
    'clientKey',
    'receipt_seq',
    'receiptSeq',
  ]);
  const as = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(as);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, blank.has(k) ? (v === null ? null : 'KEY') : as(v)]));
    return typeof value === 'string' || typeof value === 'number' ? (roles.get(String(value)) ?? value) : value;
  };
  return as({ order, bill, log, ledger, audit }) as Record<string, unknown>;
}
