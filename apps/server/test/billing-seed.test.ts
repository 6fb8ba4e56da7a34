import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planPeriod } from '../src/modules/billing/generation';
import { seedDemoBilling } from '../src/seed/billing';
import { seedAdminContext } from '../src/seed/community';
import { DEMO_TENANT } from '../src/seed/seed';
import type { ApiClient } from './client';
import { signedIn } from './facility-fixtures';
import { startServer, type TestServer } from './harness';

/**
 * The demo tenant's seeded year of billing: written set-based in SQL, so it
 * is checked against the generator (every seeded bill's amount and lines are
 * what the generator would plan for it), and every list shows real rows
 * whose totals list-sum equals.
 */
let server: TestServer;
let admin: ApiClient;
const db = () => server.built.services.db;

beforeAll(async () => {
  server = await startServer();
  admin = await signedIn(server, 'admin', 'admin', DEMO_TENANT);
});
afterAll(async () => server?.close());

const cents = (text: string) => BigInt(text.replace('.', ''));

describe('the seeded year of bills', () => {
  it('has each bill as the generator plans it: amount, due date, owner and lines', async () => {
    const ctx = await seedAdminContext(db(), DEMO_TENANT);
    const scopes = await sql<{ garden_id: string; item_id: string; period: string; n: number }>`
      select garden_id, item_id, period, count(*)::int as n from property_payment_bill
      where tenant_id = ${DEMO_TENANT} and is_deleted = 0 group by 1, 2, 3 order by 1, 2, 3`.execute(db());
    expect(scopes.rows.length).toBeGreaterThan(20);
    let compared = 0;
    for (const scope of scopes.rows) {
      const { planned, problems } = await planPeriod(ctx, {
        gardenId: String(scope.garden_id),
        itemIds: [String(scope.item_id)],
        period: scope.period,
      });
      expect(problems).toEqual([]);
      const seeded = await sql<{
        bill_key: string;
        amount: string;
        due_date: string;
        end_date: string;
        owner_id: string | null;
        lines: string;
      }>`select b.bill_key, b.amount::text, b.due_date::text, b.end_date::text, b.owner_id::text,
          (select string_agg(c.line_type || ':' || coalesce(c.quantity::text, '-') || ':' || coalesce(c.unit_price::text, '-')
            || ':' || c.amount, ' ' order by c.line_type) from property_payment_bill_child c where c.bill_id = b.id) as lines
        from property_payment_bill b where b.tenant_id = ${DEMO_TENANT} and b.item_id = ${scope.item_id}
          and b.period = ${scope.period} and b.is_deleted = 0`.execute(db());
      expect(planned.length).toBe(seeded.rows.length);
      const byKey = new Map(planned.map((p) => [p.billKey, p]));
      const LINE = { base: 1, additional: 2, vacant: 3 } as const;
      for (const bill of seeded.rows) {
        const plan = byKey.get(bill.bill_key);
        expect(plan, bill.bill_key).toBeDefined();
        expect({
          amount: bill.amount,
          due: bill.due_date,
          end: bill.end_date,
          owner: bill.owner_id,
          lines: bill.lines,
        }).toEqual({
          amount: plan!.row.amount,
          due: plan!.row.due_date,
          end: plan!.row.end_date,
          owner: plan!.row.owner_id === null ? null : String(plan!.row.owner_id),
          lines: plan!.lines.map((l) => `${LINE[l.lineType]}:${l.quantity ?? '-'}:${l.unitPrice ?? '-'}:${l.amount}`).join(' '),
        });
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(5000);
  });

  it('shows every list with rows, and list-sum equal to them', async () => {
    for (const [path, listType] of [
      ['pageOut', 'out'],
      ['pageOverdu', 'overdu'],
      ['pageSettle', 'settle'],
      ['pageRefund', 'refund'],
      ['page', 'closed'],
    ] as const) {
      const page = (await admin.get(`/system-property/paymentbill/${path}`, { size: 1 })).body.data;
      expect(page.total, path).toBeGreaterThan(0);
      const sums = (await admin.get('/system-property/paymentbill/list-sum', { listType })).body.data;
      expect(sums.count, path).toBe(page.total);
      const rows = await sql<{ amount: string; paid: string }>`select coalesce(sum(amount), 0)::text as amount,
          coalesce(sum(paid_amount), 0)::text as paid from property_payment_bill where tenant_id = ${DEMO_TENANT}
          and is_deleted = 0 and ${
            {
              out: sql`bill_status = 1`,
              overdu: sql`bill_status = 1 and due_date < current_date`,
              settle: sql`bill_status = 2`,
              refund: sql`refund_amount > 0`,
              closed: sql`bill_status = 3`,
            }[listType]
          }`.execute(db());
      expect(cents(sums.amount), path).toBe(cents(rows.rows[0]!.amount));
      expect(cents(sums.paidAmount), path).toBe(cents(rows.rows[0]!.paid));
    }
    const reductions = (await admin.get('/system-property/reducepay/list', { size: 1 })).body.data;
    expect(reductions.total).toBe(3);
  });

  it('pays each order’s bills exactly, numbers receipts without a gap per garden and year, and the cashier sees arrears', async () => {
    const mismatched = await sql<{ n: number }>`select count(*)::int as n from property_payment_order o
      left join (select order_id, sum(paid_amount) as paid, count(*)::int as bills from property_payment_bill
        where tenant_id = ${DEMO_TENANT} and order_id is not null group by order_id) b on b.order_id = o.id
      where o.tenant_id = ${DEMO_TENANT} and (b.paid is distinct from o.bill_amount or b.bills <> o.bill_count)`.execute(db());
    expect(mismatched.rows[0]!.n).toBe(0);
    const gaps = await sql<{ garden_id: string; receipt_year: number; n: number; top: number }>`select garden_id, receipt_year,
        count(distinct receipt_seq)::int as n, max(receipt_seq)::int as top from property_payment_order
      where tenant_id = ${DEMO_TENANT} group by 1, 2`.execute(db());
    expect(gaps.rows.length).toBeGreaterThan(0);
    for (const g of gaps.rows) expect(g.n).toBe(g.top);
    // A house that never pays (id % 11 = 3): the cashier shows its overdue bills with late fees.
    const house = await sql<{
      id: string;
    }>`select house_id::text as id from property_payment_bill where tenant_id = ${DEMO_TENANT}
      and house_id % 11 = 3 and fee_type = 1 and bill_status = 1 order by house_id limit 1`.execute(db());
    const cashier = (await admin.get('/system-property/paymentbill/get-all-bill-by-houseId', { houseId: house.rows[0]!.id })).body
      .data;
    expect(cashier.unpaidCount).toBeGreaterThanOrEqual(4);
    expect(cents(cashier.lateFeeDue)).toBeGreaterThan(0n);
  });

  it('lists the houses with unpaid bills with the total every list gives: counted, or told by a last page', async () => {
    const expected = (
      await sql<{ n: number }>`select count(distinct house_id)::int as n from property_payment_bill
        where tenant_id = ${DEMO_TENANT} and is_deleted = 0 and bill_status = 1 and house_id is not null`.execute(db())
    ).rows[0]!.n;
    expect(expected).toBeGreaterThan(20);
    const first = (await admin.get('/system-property/paymentbill/list-bill-house', { size: 20 })).body.data;
    expect(first).toMatchObject({ total: expected, totalExact: true, size: 20 });
    expect(first.records).toHaveLength(20);
    const lastPage = Math.ceil(expected / 20);
    const last = (await admin.get('/system-property/paymentbill/list-bill-house', { size: 20, current: lastPage })).body.data;
    expect(last.total).toBe(expected);
    expect(last.records).toHaveLength(expected - (lastPage - 1) * 20);
    const owed = first.records.reduce((t: bigint, r: { owed: string }) => t + cents(r.owed), 0n);
    expect(owed).toBeGreaterThan(0n);
  });

  it('has this month paid by some payers so far, each by its bills, and no payment after the seeding', async () => {
    const month = await sql<{ future: number; orders: number; paid_bills: number; day: number }>`select
        (select count(*)::int from property_payment_order where tenant_id = ${DEMO_TENANT} and pay_time > localtimestamp(0)) as future,
        (select count(*)::int from property_payment_order where tenant_id = ${DEMO_TENANT}
          and to_char(pay_time, 'YYYY-MM') = to_char(localtimestamp, 'YYYY-MM')) as orders,
        (select count(*)::int from property_payment_bill where tenant_id = ${DEMO_TENANT} and bill_status = 2
          and period = to_char(localtimestamp, 'YYYY-MM')) as paid_bills,
        extract(day from localtimestamp)::int as day`.execute(db());
    const { future, orders, paid_bills, day } = month.rows[0]!;
    expect(future).toBe(0);
    expect(paid_bills).toBeGreaterThanOrEqual(orders);
    // One payer in four pays from the 1st on, each on a day of their own: from the 2nd some have.
    if (day >= 2) expect(orders).toBeGreaterThan(0);
    // This month's bills are not all paid: three payers in four have yet to pay.
    const open = await sql<{ n: number }>`select count(*)::int as n from property_payment_bill where tenant_id = ${DEMO_TENANT}
      and bill_status = 1 and period = to_char(localtimestamp, 'YYYY-MM')`.execute(db());
    expect(open.rows[0]!.n).toBeGreaterThan(paid_bills);
  });

  it('seeds once: a second call adds nothing', async () => {
    const count = async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from property_payment_bill where tenant_id = ${DEMO_TENANT}`.execute(
          db(),
        )
      ).rows[0]!.n;
    const before = await count();
    await db()
      .transaction()
      .execute((tx) => seedDemoBilling(tx, DEMO_TENANT));
    expect(await count()).toBe(before);
  });
});
