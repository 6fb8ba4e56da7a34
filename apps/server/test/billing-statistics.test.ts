import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../src/seed/seed';
import type { ApiClient } from './client';
import { otherTenant, signedIn } from './facility-fixtures';
import { startServer, type TestServer } from './harness';

/**
 * 收费统计 (paymentbill/statistics) over the demo tenant's seeded year: by charge item and by month, each total the
 * sum of its rows and of what SQL counts directly; a garden-bound user with the statistics menu alone sees their
 * garden's figures only; a user without it, and another tenant, see nothing of them.
 */
let server: TestServer;
let admin: ApiClient;
let mine = '';
let theirs = '';
const db = () => server.built.services.db;
const PATH = '/system-property/paymentbill/statistics';
type Figures = Record<'receivable' | 'received' | 'refunded' | 'outstanding' | 'overdue', string> & { count: number };
const FIGURES = ['receivable', 'received', 'refunded', 'outstanding', 'overdue'] as const;
const cents = (text: string) => BigInt(text.replace('.', ''));
const money = (value: bigint) =>
  `${value < 0n ? '-' : ''}${(value < 0n ? -value : value) / 100n}.${String((value < 0n ? -value : value) % 100n).padStart(2, '0')}`;

/** The sum of each figure over rows, as the total should be. */
function summed(rows: Figures[]): Figures {
  const out = { count: rows.reduce((n, r) => n + r.count, 0) } as Figures;
  for (const key of FIGURES) out[key] = money(rows.reduce((n, r) => n + cents(r[key]), 0n));
  return out;
}

/** A user of the demo tenant whose one role has these menus (and their buttons), optionally bound to gardens. */
async function userWith(account: string, menuCodes: string[], gardenIds?: string[]): Promise<ApiClient> {
  const alias = `stat_${account}`;
  expect((await admin.post('/blade-system/role/submit', { roleName: account, roleAlias: alias, sort: 9 })).body).toMatchObject({
    success: true,
  });
  const roleId = (await admin.get('/blade-system/role/list', { roleAlias_equal: alias })).body.data[0].id;
  const menus = await sql<{
    id: string;
  }>`select id from blade_menu where is_deleted = 0 and code in (${sql.join(menuCodes)})`.execute(db());
  expect(
    (await admin.post('/blade-system/role/grant', { roleIds: [roleId], menuIds: menus.rows.map((m) => String(m.id)) })).body,
  ).toMatchObject({
    success: true,
  });
  const dept = await sql<{ id: string }>`select id from blade_dept where tenant_id = ${DEMO_TENANT} and is_deleted = 0
    order by id limit 1`.execute(db());
  const user = { account, realName: account, password: 'stat1234', roleId, deptId: String(dept.rows[0]!.id) };
  expect((await admin.post('/blade-system/user/submit', user)).body).toMatchObject({ success: true });
  if (gardenIds) {
    const userId = (await admin.get('/blade-system/user/page', { account_equal: account })).body.data.records[0].id;
    expect((await admin.post('/system-property/pgarden/submitAll', { userId, gardenIds })).body).toMatchObject({ success: true });
  }
  return signedIn(server, account, 'stat1234', DEMO_TENANT);
}

beforeAll(async () => {
  server = await startServer();
  admin = await signedIn(server, 'admin', 'admin', DEMO_TENANT);
  const gardens = (await admin.get('/system-property/garden/list', { size: 10 })).body.data.records as Array<{
    id: string;
    gardenName: string;
  }>;
  mine = gardens.find((g) => g.gardenName === '阳光花园')!.id;
  theirs = gardens.find((g) => g.gardenName === '翠湖苑')!.id;
});
afterAll(async () => server?.close());

describe('charge statistics', () => {
  it('sums a garden’s bills by item and by month, each total the sum of its rows and of the bills themselves', async () => {
    const answer = await admin.get(PATH, { gardenId: mine });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { byItem, byMonth, total } = answer.body.data as { byItem: Figures[]; byMonth: Figures[]; total: Figures };
    expect(byItem.length).toBeGreaterThan(2);
    expect(byMonth.length).toBe(12);
    expect(summed(byItem)).toEqual(total);
    expect(summed(byMonth)).toEqual(total);
    // The same figures counted straight from the table.
    const direct = await sql<Record<string, string>>`select count(*) filter (where bill_status <> 3)::text as count,
        coalesce(sum(amount - reduce_amount) filter (where bill_status <> 3), 0)::numeric(14,2)::text as receivable,
        coalesce(sum(paid_amount + late_fee), 0)::numeric(14,2)::text as received,
        coalesce(sum(refund_amount), 0)::numeric(14,2)::text as refunded,
        coalesce(sum(amount - reduce_amount) filter (where bill_status = 1), 0)::numeric(14,2)::text as outstanding,
        coalesce(sum(amount - reduce_amount) filter (where bill_status = 1 and due_date < current_date), 0)::numeric(14,2)::text as overdue
      from property_payment_bill where tenant_id = ${DEMO_TENANT} and garden_id = ${mine} and is_deleted = 0`.execute(db());
    const d = direct.rows[0]!;
    expect(total).toEqual({ ...Object.fromEntries(FIGURES.map((k) => [k, d[k]])), count: Number(d.count) });
    // Every figure is there: the seeded year has payments, refunds and overdue bills.
    for (const key of FIGURES) expect(cents(total[key]), key).toBeGreaterThan(0n);
    // The other garden's bills are not in it.
    const both = (await admin.get(PATH)).body.data.total as Figures;
    const other = (await admin.get(PATH, { gardenId: theirs })).body.data.total as Figures;
    expect(summed([total, other])).toEqual(both);
  });

  it('narrows to a range of periods', async () => {
    const months = (await admin.get(PATH, { gardenId: mine })).body.data.byMonth as Array<Figures & { period: string }>;
    const [, second, third] = months;
    const ranged = (await admin.get(PATH, { gardenId: mine, billBetweenTime: `${second!.period},${third!.period}` })).body.data;
    expect(ranged.byMonth).toEqual([second, third]);
    expect(ranged.total).toEqual(summed([second!, third!]));
    expect((await admin.get(PATH, { gardenId: mine, billBetweenTime: '2026-13' })).status).toBe(400);
  });

  it('shows a garden-bound user with the statistics menu alone their garden only; refuses users without it and other tenants', async () => {
    const viewer = await userWith('statviewer', ['billing', 'billstatistics'], [mine]);
    const seen = await viewer.get(PATH);
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body.data).toEqual((await admin.get(PATH, { gardenId: mine })).body.data);
    expect((await viewer.get(PATH, { gardenId: theirs })).body.data.total.count).toBe(0);
    // The statistics menu opens no bill list.
    expect((await viewer.get('/system-property/paymentbill/pageOut')).status).toBe(403);

    const clerk = await userWith('statclerk', ['billing', 'paymentitems']);
    expect((await clerk.get(PATH)).status).toBe(403);

    const stranger = await otherTenant(server, 'stat-other');
    const theirsSeen = await stranger.get(PATH, { gardenId: mine });
    expect(theirsSeen.status).toBe(200);
    expect(theirsSeen.body.data).toMatchObject({ byItem: [], byMonth: [], total: { count: 0, receivable: '0.00' } });
  });
});
