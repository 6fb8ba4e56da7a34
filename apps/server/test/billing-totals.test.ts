import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, splitStatements } from '../src/platform/db/migrate';
import { DEMO_TENANT } from '../src/seed/seed';
import { AccessFixtures } from './access-fixtures';
import { ApiClient } from './client';
import { ok, signedIn } from './facility-fixtures';
import { generated } from './billing-fixtures';
import { startServer, type TestServer } from './harness';
import { FAST_JOBS } from './jobs/test-kinds';

/**
 * The bills' running totals (property_bill_totals, migration 0015) and the calls that read them: every total equals
 * the sum of its live bills after each kind of change (generation, payment, partial refund, reduction, close, removal,
 * concurrent payments and closes), the migration's fill makes the same totals, list-sum answers the whole tenant and a
 * garden from them and every other filter from the bills, and houses owing (list-bill-house) read page by page in the
 * index's order answer what grouping every unpaid bill by house answers.
 */
let server: TestServer;
let admin: ApiClient;
let gardenId: string;
let itemId: string;
const PERIODS = ['2019-01', '2019-02']; // long past: every unpaid bill of them is overdue
const LIST_TYPES = ['all', 'out', 'overdu', 'settle', 'refund', 'closed'];
const bill = '/system-property/paymentbill';

const db = () => server.built.services.db;

/** Groups whose running total differs from the sum of their live bills (none, when the totals are right). */
async function totalsOff(): Promise<unknown[]> {
  const rows = await sql`with actual as (
      select tenant_id, garden_id, bill_status, case when bill_status = 1 then due_date end as due_date,
        coalesce(refund_amount, 0) > 0 as refunded, count(*) as bill_count, coalesce(sum(amount), 0) as amount,
        coalesce(sum(reduce_amount), 0) as reduce_amount, coalesce(sum(amount - reduce_amount), 0) as owed,
        coalesce(sum(paid_amount), 0) as paid_amount, coalesce(sum(late_fee), 0) as late_fee,
        coalesce(sum(refund_amount), 0) as refund_amount
      from property_payment_bill where is_deleted = 0 group by 1, 2, 3, 4, 5)
    select a.*, t.* from actual a full join property_bill_totals t on t.tenant_id = a.tenant_id
      and t.garden_id is not distinct from a.garden_id and t.bill_status is not distinct from a.bill_status
      and t.due_date is not distinct from a.due_date and t.refunded = a.refunded
    where row(a.bill_count, a.amount, a.reduce_amount, a.owed, a.paid_amount, a.late_fee, a.refund_amount)
      is distinct from row(t.bill_count, t.amount, t.reduce_amount, t.owed, t.paid_amount, t.late_fee, t.refund_amount)`.execute(
    db(),
  );
  return rows.rows;
}

/** list-sum of every list from the totals (no filter, or the garden only) and from the bills (a filter that keeps them all). */
async function expectSumsOfRows(query: Record<string, string> = {}) {
  for (const listType of LIST_TYPES) {
    const fromTotals = await admin.get(`${bill}/list-sum`, { ...query, listType });
    const fromBills = await admin.get(`${bill}/list-sum`, { ...query, listType, billBetweenTime: '0001-01,' });
    expect(fromTotals.status).toBe(200);
    expect(fromTotals.body.data, listType).toEqual(fromBills.body.data);
  }
}

async function expectTotalsRight() {
  expect(await totalsOff()).toEqual([]);
  await expectSumsOfRows();
  await expectSumsOfRows({ gardenId });
}

const unpaidOf = async (period: string, size = 1000) =>
  (await admin.get(`${bill}/pageOut`, { itemId, period, size })).body.data.records as {
    id: string;
    houseId: string;
    owed: string;
  }[];

beforeAll(async () => {
  server = await startServer({ jobs: FAST_JOBS });
  admin = await signedIn(server, 'admin', 'admin', DEMO_TENANT);
  gardenId = (await admin.get('/system-property/garden/list', { gardenName_equal: '阳光花园' })).body.data.records[0].id;
  const buildingId = (await admin.get('/community-resource/building/list', { gardenId, size: 1, ascs: 'building_name' })).body
    .data.records[0].id;
  expect(
    (await admin.post('/system-property/payformula/submit', { formulaName: '合计公式', formulaType: 1 })).body,
  ).toMatchObject(ok);
  const formula = (await admin.get('/system-property/payformula/list', { formulaName_equal: '合计公式' })).body.data.records[0];
  const saved = await admin.post('/system-property/paymentitems/save', {
    gardenId,
    itemName: '合计物业费',
    feeType: 1,
    formulaId: formula.id,
    unitPrice: '1.95',
    additionalAmount: '3',
    billingCycle: 1,
    dueDay: 10,
    lateFeePercent: '0.05',
  });
  expect(saved.body).toMatchObject(ok);
  itemId = (await admin.get('/system-property/paymentitems/list', { itemName_equal: '合计物业费' })).body.data.records[0].id;
  expect((await admin.post('/system-property/paymentitems/bind', { itemId, buildingId })).body.data.added).toBeGreaterThan(8);
});
afterAll(async () => server?.close());

describe('running totals of the bills', () => {
  it('equal the sums of the bills after generation, payment, partial refund, reduction, close and removal', async () => {
    for (const period of PERIODS)
      expect(await generated(admin, { gardenId, itemIds: itemId, period })).toMatchObject({ state: 'done' });
    await expectTotalsRight();
    const [a, b, c, d, e] = await unpaidOf(PERIODS[0]!);
    const paid = await admin.post(`${bill}/pay`, { billIds: a!.id, payType: 1 });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    await expectTotalsRight();
    expect((await admin.post(`${bill}/refund`, { billId: a!.id, refundAmount: '1.00', reason: '多收' })).status).toBe(200);
    await expectTotalsRight();
    expect(
      (await admin.post('/system-property/reducepay/submit', { billId: b!.id, reduceAmount: '2.50', reason: '困难户' })).status,
    ).toBe(200);
    await expectTotalsRight();
    expect((await admin.post(`${bill}/close`, { ids: c!.id, reason: '重复' })).body).toMatchObject(ok);
    await expectTotalsRight();
    expect((await admin.post(`${bill}/remove`, undefined, { ids: `${d!.id},${e!.id}` })).body).toMatchObject(ok);
    await expectTotalsRight();
    // The totals moved with the changes: the garden's outstanding count lost the paid, closed and removed bills.
    const out = (await admin.get(`${bill}/list-sum`, { gardenId, listType: 'out' })).body.data;
    const outRows = (await admin.get(`${bill}/pageOut`, { gardenId, size: 1 })).body.data.total;
    expect(out.count).toBe(outRows);
    expect((await admin.get(`${bill}/list-sum`, { listType: 'refund' })).body.data.refundAmount).not.toBe('0.00');
  });

  it('stay equal while cashiers pay and close bills of one garden at once, and none of them fails', async () => {
    const jan = await unpaidOf(PERIODS[0]!);
    const feb = new Map((await unpaidOf(PERIODS[1]!)).map((r) => [r.houseId, r]));
    // Houses with both months unpaid: payments of one house's two bills, closes taking them in the other order.
    const pairs = jan.filter((r) => feb.has(r.houseId)).map((r) => [r, feb.get(r.houseId)!] as const);
    expect(pairs.length).toBeGreaterThanOrEqual(6);
    const answers = await Promise.all(
      pairs
        .slice(0, 6)
        .map(([j, f], i) =>
          i % 2 === 0
            ? admin.post(`${bill}/pay`, { billIds: `${j.id},${f.id}`, payType: 1, clientKey: `totals-${i}` })
            : admin.post(`${bill}/close`, { ids: `${f.id},${j.id}`, reason: '并发' }),
        ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    await expectTotalsRight();
  });

  it('are what the migration fills in for bills made before it', async () => {
    const fill = splitStatements(readFileSync(`${MIGRATIONS_DIR}/0016_bill_totals.sql`, 'utf8')).find((s) =>
      s.includes('insert into property_bill_totals\nselect'),
    );
    expect(fill).toBeDefined();
    await db()
      .transaction()
      .execute(async (tx) => {
        await sql`delete from property_bill_totals`.execute(tx);
        await sql.raw(fill!).execute(tx);
      });
    expect(await totalsOff()).toEqual([]);
  });

  it('answer list-sum for the whole tenant and a garden; other filters read the bills', async () => {
    const before = (await admin.get(`${bill}/list-sum`, { listType: 'all' })).body.data;
    const filtered = (await admin.get(`${bill}/list-sum`, { listType: 'all', itemId })).body.data;
    await sql`update property_bill_totals set bill_count = bill_count + 1000 where tenant_id = ${DEMO_TENANT}
      and garden_id = ${gardenId} and bill_status = 2 and not refunded`.execute(db());
    try {
      expect((await admin.get(`${bill}/list-sum`, { listType: 'all' })).body.data.count).toBe(before.count + 1000);
      expect((await admin.get(`${bill}/list-sum`, { listType: 'settle', gardenId })).body.data.count).toBeGreaterThan(1000);
      expect((await admin.get(`${bill}/list-sum`, { listType: 'all', itemId })).body.data).toEqual(filtered);
    } finally {
      await sql`update property_bill_totals set bill_count = bill_count - 1000 where tenant_id = ${DEMO_TENANT}
        and garden_id = ${gardenId} and bill_status = 2 and not refunded`.execute(db());
    }
    expect(await totalsOff()).toEqual([]);
  });
});

describe('a data scope on bills', () => {
  it('keeps list-sum to the rows the caller may see: the totals know no creators, so the bills are summed', async () => {
    const platform = new ApiClient(server.url);
    await platform.signIn('admin', 'admin');
    const fx = new AccessFixtures(server, platform);
    const role = await fx.role(platform, 'totals_own');
    const clerkId = await fx.user(platform, 'totals_clerk', role, [await fx.dept(platform, 'totals-dept')]);
    await fx.grant(platform, role, { codes: ['paymentbill'], dataScopes: [await fx.dataScope('paymentbill', 2)] });
    const before = (await platform.get(`${bill}/list-sum`)).body.data;
    await sql`insert into property_payment_bill (tenant_id, item_name, period, amount, bill_key, create_user)
      values ('000000', '数据权限', '2019-01', 10, 'totals-own', ${clerkId}), ('000000', '数据权限', '2019-01', 20, 'totals-other', 1)`.execute(
      db(),
    );
    const clerk = await fx.signedIn('totals_clerk', '000000');
    expect((await clerk.get(`${bill}/list-sum`)).body.data).toMatchObject({ count: 1, amount: '10.00' });
    expect((await platform.get(`${bill}/list-sum`)).body.data).toMatchObject({ count: before.count + 2 });
    expect(await totalsOff()).toEqual([]);
  });
});

describe('houses owing (list-bill-house)', () => {
  /** Every unpaid bill grouped by house, ordered by the house's least name: what the call answered before its index. */
  async function grouped(overdue: boolean) {
    const rows = await sql<Record<string, unknown>>`select house_id::text as "houseId", min(garden_id)::text as "gardenId",
        min(house_name) as "houseName", min(owner_name) as "ownerName", min(owner_phone) as "ownerPhone",
        count(*)::int as "unpaidCount", (count(*) filter (where due_date < current_date))::int as "overdueCount",
        to_char(sum(amount - reduce_amount), 'FM999999999990.00') as owed
      from property_payment_bill where is_deleted = 0 and tenant_id = ${DEMO_TENANT} and bill_status = 1 and house_id is not null
      group by house_id ${overdue ? sql`having count(*) filter (where due_date < current_date) > 0` : sql``}
      order by min(house_name), house_id`.execute(db());
    return rows.rows;
  }

  it('pages through the houses in name order, each house once with all its unpaid bills, renamed or not', async () => {
    // One house's bill carries another name (the house renamed between two months): the house stays one row.
    const [renamed] = await unpaidOf(PERIODS[1]!);
    await sql`update property_payment_bill set house_name = '0-改名' where id = ${renamed!.id}`.execute(db());
    for (const overdue of [false, true]) {
      const expected = await grouped(overdue);
      expect(expected.length).toBeGreaterThan(25);
      expect(expected.find((h) => h.houseId === renamed!.houseId)).toMatchObject({ houseName: '0-改名' });
      const pages = [];
      for (let current = 1; pages.length < expected.length; current++) {
        const page = (await admin.get(`${bill}/list-bill-house`, { size: 20, current, overdue: String(overdue) })).body.data;
        expect(page.records.length).toBeGreaterThan(0);
        expect(page.total).toBe(expected.length);
        pages.push(...page.records);
      }
      expect(pages).toEqual(expected);
    }
    const some = (await admin.get(`${bill}/list-bill-house`, { gardenId, houseName: '改名' })).body.data;
    expect(some.records.map((r: { houseId: string }) => r.houseId)).toEqual([renamed!.houseId]);
    expect(some.records[0].unpaidCount).toBe(1);
  });
});
