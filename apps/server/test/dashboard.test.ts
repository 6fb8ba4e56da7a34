import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../src/seed/seed';
import type { ApiClient } from './client';
import { ok, otherTenant, signedIn } from './facility-fixtures';
import { demoGardens, gardenStaff, menuSubtrees } from './garden-staff';
import { administratorOf, startServer, type TestServer } from './harness';
import { explainOnGrown } from './plans';
import { paymentBillEntity, paymentOrderEntity } from '@property/domain';
import type { CrudContext } from '../src/platform/crud/engine';
import { BILL_STATEMENTS, billsInRange } from '../src/modules/dashboard/bill-figures';
import { ORDER_STATEMENTS, orderYearsSql, paidOrders, yearEnd, yearStart } from '../src/modules/dashboard/order-figures';

/**
 * The dashboard (统计看板) over HTTP: a garden the test builds, with bills of two charge items in 2024 in every state
 * (unpaid, overdue at each age boundary, reduced, paid with a late fee, refunded in full and in part, closed, one
 * outside the range, one of another garden, one of another tenant), whose figures are worked out here from the
 * bills as made — a small model of the definitions, summed in cents — and compared with every answer; the orders
 * the test paid today; the resource totals and the garden's card; 400s in both languages; who may read them.
 */
let server: TestServer;
let admin: ApiClient;
let other: ApiClient;
let garden = '';
let sunny = '';
let shade = '';
const houses: string[] = [];
const items: Record<'A' | 'B', string> = { A: '', B: '' };
let today = '';
const db = () => server.built.services.db;
const RANGE = { sTime: '2024-01-01', eTime: '2024-12-31' };

const cents = (text: string) => BigInt(text.replace('.', ''));
const money = (value: bigint) =>
  `${value < 0n ? '-' : ''}${(value < 0n ? -value : value) / 100n}.${String((value < 0n ? -value : value) % 100n).padStart(2, '0')}`;
/** part ÷ whole to four places, half up, as a decimal string; null for nothing receivable. */
const rate = (part: bigint, whole: bigint) => {
  if (whole === 0n) return null;
  const scaled = (part * 100_000n) / whole; // five places, truncated
  const four = (scaled + 5n) / 10n;
  return `${four / 10_000n}.${String(four % 10_000n).padStart(4, '0')}`;
};

/** A bill as the test made it, and what happened to it since. */
interface Bill {
  id?: string;
  house: number;
  item: 'A' | 'B';
  period: string;
  amount: string;
  due: number; // days from today
  reduce?: string;
  state: 'unpaid' | 'paid' | 'refunded' | 'closed';
  lateFee?: string;
  refund?: string;
}

/** The garden's bills: every state, the overdue ages at each band's edges, a period outside 2024. */
const BILLS: Bill[] = [
  { house: 0, item: 'A', period: '2024-01', amount: '100.00', due: -30, state: 'unpaid' }, // overdue 30 days: 1–30
  { house: 0, item: 'B', period: '2024-02', amount: '50.50', due: -31, reduce: '10.50', state: 'unpaid' }, // 31 days: 31–90
  { house: 1, item: 'A', period: '2024-01', amount: '200.00', due: -200, state: 'paid' }, // paid with a late fee
  { house: 1, item: 'B', period: '2024-03', amount: '80.00', due: -366, state: 'unpaid' }, // 366 days: over 365
  { house: 2, item: 'A', period: '2024-02', amount: '120.00', due: 30, state: 'refunded', refund: '120.00' },
  { house: 2, item: 'B', period: '2024-04', amount: '60.00', due: 30, state: 'paid', refund: '20.00' },
  { house: 3, item: 'A', period: '2024-05', amount: '70.00', due: 30, state: 'closed' },
  { house: 3, item: 'B', period: '2024-06', amount: '30.00', due: 30, state: 'unpaid' }, // not yet due
  { house: 3, item: 'A', period: '2024-04', amount: '45.00', due: -365, state: 'unpaid' }, // 365 days: 91–365
  { house: 0, item: 'A', period: '2025-01', amount: '999.00', due: 30, state: 'unpaid' }, // after the range
  { house: 0, item: 'B', period: '2023-12', amount: '888.00', due: 30, state: 'unpaid' }, // before it
];

const owed = (b: Bill) => cents(b.amount) - cents(b.reduce ?? '0.00');
const sum = (bills: Bill[], f: (b: Bill) => bigint) => bills.reduce((n, b) => n + f(b), 0n);

/** The figures the definitions give for some bills (docs/api-conventions.md, "Dashboard"). */
function expected(bills: Bill[]) {
  const standing = bills.filter((b) => b.state !== 'closed');
  const unpaid = bills.filter((b) => b.state === 'unpaid');
  const receivable = sum(standing, owed);
  const outstanding = sum(unpaid, owed);
  const collected = receivable - outstanding;
  return {
    count: standing.length,
    receivable: money(receivable),
    received: money(
      sum(bills, (b) => (b.state === 'paid' || b.state === 'refunded' ? owed(b) + cents(b.lateFee ?? '0.00') : 0n)),
    ),
    refunded: money(sum(bills, (b) => cents(b.refund ?? '0.00'))),
    reduced: money(sum(standing, (b) => cents(b.reduce ?? '0.00'))),
    outstanding: money(outstanding),
    overdue: money(
      sum(
        unpaid.filter((b) => b.due < 0),
        owed,
      ),
    ),
    collectionRate: rate(collected, receivable),
    collected: money(collected),
  };
}
const inRange = (b: Bill, from = '2024-01', to = '2024-12') => b.period >= from && b.period <= to;
const ranged = () => BILLS.filter((b) => inRange(b));

/** A day `n` days from today (the database's), yyyy-MM-dd. */
async function dayFromToday(n: number): Promise<string> {
  const rows = await sql<{ d: string }>`select (current_date + ${n}::int)::text as d`.execute(db());
  return rows.rows[0]!.d;
}

/** A garden of four houses (one building, one unit, two floors of two) with ad-hoc charge items, as an administrator builds it. */
async function buildGarden(client: ApiClient, name: string, itemNames: string[]) {
  expect((await client.post('/system-property/garden/submit', { gardenName: name, regionCode: '4403' })).body).toMatchObject(ok);
  const id = (await client.get('/system-property/garden/list', { gardenName_equal: name })).body.data.records[0].id as string;
  const batch = await client.post('/community-resource/building/batchsave', {
    gardenId: id,
    buildingName: '1栋',
    unitCount: 1,
    floorCount: 2,
    houseCount: 2,
  });
  expect(batch.body).toMatchObject({ code: 200, data: { houseCount: 4 } });
  const rows = (await client.get('/community-resource/unithouse/list', { gardenId: id, size: 10, ascs: 'house_name' })).body.data
    .records as Array<{ id: string }>;
  const formula = `${name}临时金额`;
  expect((await client.post('/system-property/payformula/submit', { formulaName: formula, formulaType: 7 })).body).toMatchObject(
    ok,
  );
  const formulaId = (await client.get('/system-property/payformula/list', { formulaName_equal: formula })).body.data.records[0]
    .id;
  const itemIds: string[] = [];
  for (const itemName of itemNames) {
    const saved = await client.post('/system-property/paymentitems/save', {
      gardenId: id,
      itemName,
      feeType: 7,
      formulaId,
      unitPrice: '0',
      billingCycle: 1,
      dueDay: 20,
      // 0.1 % a day, capped at 5.00: the bill paid 200 days late pays a late fee.
      lateFeePercent: '0.1',
      lateFeeGraceDays: 0,
      lateFeeCap: '5',
    });
    expect(saved.body, JSON.stringify(saved.body)).toMatchObject(ok);
    itemIds.push((await client.get('/system-property/paymentitems/list', { itemName_equal: itemName })).body.data.records[0].id);
  }
  return { id, houses: rows.map((r) => r.id), items: itemIds };
}

/** A bill made by hand for a house, with its amount and due date. */
async function billOf(client: ApiClient, houseId: string, itemId: string, period: string, amount: string, dueDate: string) {
  const saved = await client.post('/system-property/paymentbill/save', { houseId, itemId, period, amount, dueDate });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.data.id as string;
}

/** A figure's answer, which must succeed. */
async function figure(client: ApiClient, path: string, query: Record<string, string> = {}) {
  const answer = await client.get(path, query);
  expect(answer.status, `${path} ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body.data;
}

const BILL_FIGURES = [
  '/system-property/paymentbill/statistics-tables',
  '/system-property/paymentbill/barChart',
  '/system-property/paymentbill/radarMap',
  '/system-property/index/statistics',
  '/system-property/index/expenseEchartsData',
  '/system-property/index/overduePayment',
];
const DESK = [
  'get-index-sum-resource',
  'get-garden',
  'get-order-year',
  'get-order-sum',
  'get-order-month-sum',
  'get-order-sum-month',
  'get-order-sum-day',
  'get-payment-sum-month',
].map((name) => `/system-property/desk/${name}`);

beforeAll(async () => {
  server = await startServer();
  admin = await signedIn(server, 'admin', 'admin', DEMO_TENANT);
  other = await otherTenant(server, '看板对照物业');
  ({ mine: sunny, theirs: shade } = await demoGardens(admin));
  today = await dayFromToday(0);

  const built = await buildGarden(admin, '看板花园', ['A看板物业费', 'B看板清运费']);
  garden = built.id;
  houses.push(...built.houses);
  [items.A, items.B] = built.items as [string, string];
  for (const b of BILLS)
    b.id = await billOf(admin, houses[b.house]!, items[b.item], b.period, b.amount, await dayFromToday(b.due));

  // What happened to them, through the cashier's calls.
  const byState = (state: Bill['state']) => BILLS.filter((b) => b.state === state);
  for (const b of BILLS.filter((x) => x.reduce)) {
    expect(
      (await admin.post('/system-property/reducepay/submit', { billId: b.id, reduceAmount: b.reduce, reason: '看板减免' })).body,
    ).toMatchObject(ok);
  }
  const paying = [...byState('paid'), ...byState('refunded')];
  for (const house of new Set(paying.map((b) => b.house))) {
    const ids = paying.filter((b) => b.house === house).map((b) => b.id);
    expect((await admin.post('/system-property/paymentbill/pay', { billIds: ids.join(','), payType: 1 })).body).toMatchObject(ok);
  }
  for (const b of paying.filter((x) => x.refund)) {
    const refund = await admin.post('/system-property/paymentbill/refund', {
      billId: b.id,
      refundAmount: b.refund,
      reason: '看板退款',
    });
    expect(refund.body, JSON.stringify(refund.body)).toMatchObject(ok);
  }
  for (const b of byState('closed')) {
    expect((await admin.post('/system-property/paymentbill/close', { ids: b.id, reason: '看板关闭' })).body).toMatchObject(ok);
  }
  // The late fees the payments took, as the bills keep them.
  for (const b of paying) b.lateFee = (await admin.get('/system-property/paymentbill/detail', { id: b.id })).body.data.lateFee;
  expect(cents(BILLS[2]!.lateFee!)).toBeGreaterThan(0n);
  expect(BILLS[4]!.lateFee).toBe('0.00');

  // A bill of another garden of the tenant, and one of another tenant, in the same months.
  const sunnyItem = await buildGarden(admin, '看板邻园', ['看板邻园费']);
  await billOf(admin, sunnyItem.houses[0]!, sunnyItem.items[0]!, '2024-03', '777.00', await dayFromToday(-40));
  const theirs = await buildGarden(other, '看板他园', ['看板他园费']);
  await billOf(other, theirs.houses[0]!, theirs.items[0]!, '2024-03', '555.00', await dayFromToday(-40));
}, 240_000);
afterAll(async () => server?.close());

describe('bill figures of a range', () => {
  it('statistics-tables: by item and in total, as the definitions sum the bills', async () => {
    const table = await figure(admin, BILL_FIGURES[0]!, { ...RANGE, gardenId: garden });
    const { collected: _a, ...totals } = expected(ranged());
    expect(table).toMatchObject({ sTime: '2024-01-01', eTime: '2024-12-31' });
    expect(table.total).toEqual(totals);
    expect(table.rows).toEqual(
      (['A', 'B'] as const).map((item) => {
        const { collected: _b, ...rows } = expected(ranged().filter((b) => b.item === item));
        return { itemId: items[item], itemName: item === 'A' ? 'A看板物业费' : 'B看板清运费', ...rows };
      }),
    );
    // The figures themselves, as worked out by hand for these bills (late fee L on the 200.00 bill).
    const late = cents(BILLS[2]!.lateFee!);
    expect(table.total).toMatchObject({
      count: 8,
      receivable: '675.00',
      received: money(38000n + late),
      refunded: '140.00',
      reduced: '10.50',
      outstanding: '295.00',
      overdue: '265.00',
      collectionRate: '0.5630',
    });
  });

  it('barChart: every month of the range, receivable against received', async () => {
    const chart = await figure(admin, BILL_FIGURES[1]!, { ...RANGE, gardenId: garden });
    expect(chart.months.map((m: { period: string }) => m.period)).toEqual(
      Array.from({ length: 12 }, (_, i) => `2024-${String(i + 1).padStart(2, '0')}`),
    );
    for (const month of chart.months) {
      const e = expected(BILLS.filter((b) => b.period === month.period));
      expect(month).toEqual({ period: month.period, receivable: e.receivable, received: e.received, outstanding: e.outstanding });
    }
    expect(chart.months[4]).toEqual({ period: '2024-05', receivable: '0.00', received: '0.00', outstanding: '0.00' }); // closed only
  });

  it('radarMap and expenseEchartsData: the rate and the money taken in, by item', async () => {
    const radar = await figure(admin, BILL_FIGURES[2]!, { ...RANGE, gardenId: garden });
    expect(radar.items).toEqual(
      (['A', 'B'] as const).map((item) => {
        const e = expected(ranged().filter((b) => b.item === item));
        return {
          itemId: items[item],
          itemName: item === 'A' ? 'A看板物业费' : 'B看板清运费',
          receivable: e.receivable,
          collected: e.collected,
          collectionRate: e.collectionRate,
        };
      }),
    );
    expect(radar.items.map((i: { collectionRate: string }) => i.collectionRate)).toEqual(['0.6882', '0.2857']);
    const expense = await figure(admin, BILL_FIGURES[4]!, { ...RANGE, gardenId: garden });
    const a = expected(ranged().filter((b) => b.item === 'A')).received;
    expect(expense.items).toEqual([
      { itemId: items.A, itemName: 'A看板物业费', amount: a },
      { itemId: items.B, itemName: 'B看板清运费', amount: '60.00' },
    ]);
    expect(expense.total).toBe(expected(ranged()).received);
  });

  it('index/statistics: houses billed and paid, money, and the rate both ways', async () => {
    const head = await figure(admin, BILL_FIGURES[3]!, { ...RANGE, gardenId: garden });
    const e = expected(ranged());
    // Billed: the four houses (house 3 by its unpaid bills; its closed one alone would not count); paid in full: house 2.
    expect(head).toEqual({
      ...RANGE,
      billedHouseCount: 4,
      paidHouseCount: 1,
      houseRate: '0.2500',
      receivable: e.receivable,
      collected: e.collected,
      received: e.received,
      refunded: e.refunded,
      outstanding: e.outstanding,
      overdue: e.overdue,
      moneyRate: e.collectionRate,
    });
  });

  it('index/overduePayment: overdue money in its age bands (edges included) and the houses owing most', async () => {
    const late = await figure(admin, BILL_FIGURES[5]!, { ...RANGE, gardenId: garden });
    expect(late).toMatchObject({ count: 4, amount: '265.00' });
    expect(late.aging).toEqual([
      { key: 'd30', minDays: 1, maxDays: 30, count: 1, amount: '100.00' },
      { key: 'd90', minDays: 31, maxDays: 90, count: 1, amount: '40.00' },
      { key: 'd365', minDays: 91, maxDays: 365, count: 1, amount: '45.00' },
      { key: 'older', minDays: 366, maxDays: null, count: 1, amount: '80.00' },
    ]);
    const houseName = async (id: string) => (await admin.get('/community-resource/unithouse/detail', { id })).body.data.houseName;
    expect(late.debtors).toEqual([
      {
        houseId: houses[0],
        parkingSpaceId: null,
        houseName: await houseName(houses[0]!),
        ownerName: null,
        ownerPhone: null,
        count: 2,
        amount: '140.00',
        maxDays: 31,
      },
      {
        houseId: houses[1],
        parkingSpaceId: null,
        houseName: await houseName(houses[1]!),
        ownerName: null,
        ownerPhone: null,
        count: 1,
        amount: '80.00',
        maxDays: 366,
      },
      {
        houseId: houses[3],
        parkingSpaceId: null,
        houseName: await houseName(houses[3]!),
        ownerName: null,
        ownerPhone: null,
        count: 1,
        amount: '45.00',
        maxDays: 365,
      },
    ]);
  });

  it('narrows to the bills whose period starts within the range', async () => {
    const feb = BILLS.filter((b) => inRange(b, '2024-02', '2024-03'));
    const { collected: _c, ...narrow } = expected(feb);
    expect((await figure(admin, BILL_FIGURES[0]!, { gardenId: garden, sTime: '2024-02-01', eTime: '2024-03-31' })).total).toEqual(
      narrow,
    );
    // From the 15th of January: January's bills start on the 1st, before it.
    expect((await figure(admin, BILL_FIGURES[0]!, { gardenId: garden, sTime: '2024-01-15', eTime: '2024-03-01' })).total).toEqual(
      narrow,
    );
    // Only an end: from January 1st of its year. Only a start: to December 31st of its year.
    expect(await figure(admin, BILL_FIGURES[3]!, { gardenId: garden, eTime: '2024-12-31' })).toEqual(
      await figure(admin, BILL_FIGURES[3]!, { gardenId: garden, ...RANGE }),
    );
    expect((await figure(admin, BILL_FIGURES[3]!, { gardenId: garden, sTime: '2024-06-01' })).eTime).toBe('2024-12-31');
    // None: this calendar year (the demo's bills of this year are elsewhere; the garden has none).
    const year = today.slice(0, 4);
    expect(await figure(admin, BILL_FIGURES[3]!, { gardenId: garden })).toMatchObject({
      sTime: `${year}-01-01`,
      eTime: `${year}-12-31`,
      billedHouseCount: 0,
      receivable: '0.00',
      houseRate: null,
      moneyRate: null,
    });
    // A range that holds no period's start: nothing, every figure zero and every chart empty.
    const empty = { gardenId: garden, sTime: '2024-03-02', eTime: '2024-03-31' };
    expect((await figure(admin, BILL_FIGURES[0]!, empty)).rows).toEqual([]);
    expect((await figure(admin, BILL_FIGURES[1]!, empty)).months).toEqual([]);
    expect((await figure(admin, BILL_FIGURES[5]!, empty)).debtors).toEqual([]);
  });

  it('the whole tenant is the sum of its gardens: another garden’s bill counts there and not in this garden', async () => {
    const totalOf = async (query: Record<string, string>) =>
      (await figure(admin, BILL_FIGURES[0]!, { ...RANGE, ...query })).total;
    const [whole, mine, neighbour, sunnyOnes, shadeOnes] = await Promise.all([
      totalOf({}),
      totalOf({ gardenId: garden }),
      admin
        .get('/system-property/garden/list', { gardenName_equal: '看板邻园' })
        .then((r) => totalOf({ gardenId: r.body.data.records[0].id })),
      totalOf({ gardenId: sunny }),
      totalOf({ gardenId: shade }),
    ]);
    expect(neighbour).toMatchObject({ count: 1, receivable: '777.00', overdue: '777.00' });
    for (const key of ['receivable', 'received', 'refunded', 'reduced', 'outstanding', 'overdue'] as const) {
      expect(whole[key], key).toBe(money([mine, neighbour, sunnyOnes, shadeOnes].reduce((n, t) => n + cents(t[key]), 0n)));
    }
    expect(whole.count).toBe(mine.count + neighbour.count + sunnyOnes.count + shadeOnes.count);
  });
});

describe('orders and resources of the desk', () => {
  it('counts the orders paid today by year, month and day, and the money by item', async () => {
    const year = Number(today.slice(0, 4));
    const month = today.slice(0, 7);
    const paying = BILLS.filter((b) => b.state === 'paid' || b.state === 'refunded');
    const taken = money(sum(paying, (b) => owed(b) + cents(b.lateFee!)));
    const orders = { count: 2, amount: taken, refundAmount: '140.00' };
    const none = { count: 0, amount: '0.00', refundAmount: '0.00' };
    const q = { gardenId: garden };
    expect(await figure(admin, DESK[2]!, q)).toEqual([year]);
    expect(await figure(admin, DESK[3]!, { ...q, year: String(year) })).toEqual({ year, ...orders });
    expect(await figure(admin, DESK[3]!, q)).toEqual({ year, ...orders }); // this year by default
    expect(await figure(admin, DESK[3]!, { ...q, year: String(year - 1) })).toEqual({ year: year - 1, ...none });
    expect(await figure(admin, DESK[4]!, { ...q, month })).toEqual({ month, ...orders });
    const months = await figure(admin, DESK[5]!, q);
    expect(months).toHaveLength(12);
    expect(months.map((m: { month: string }) => m.month)[0]).toBe(`${year}-01`);
    for (const m of months) expect(m).toEqual(m.month === month ? { month, ...orders } : { month: m.month, ...none });
    const days = await figure(admin, DESK[6]!, { ...q, time: month });
    expect(days[0].day).toBe(`${month}-01`);
    expect(days.length).toBe(new Date(Date.UTC(year, Number(month.slice(5)), 0)).getUTCDate());
    for (const d of days) expect(d).toEqual(d.day === today ? { day: today, ...orders } : { day: d.day, ...none });
    const byItem = await figure(admin, DESK[7]!, { ...q, time: month });
    expect(byItem).toEqual({
      month,
      amount: taken,
      items: [
        {
          itemId: items.A,
          itemName: 'A看板物业费',
          count: 2,
          amount: money(
            sum(
              paying.filter((b) => b.item === 'A'),
              (b) => owed(b) + cents(b.lateFee!),
            ),
          ),
        },
        { itemId: items.B, itemName: 'B看板清运费', count: 1, amount: '60.00' },
      ],
    });
  });

  it('the whole tenant’s orders are the sum of its gardens’, and its years run newest first', async () => {
    const year = String(Number(today.slice(0, 4)));
    const sumOf = async (gardenId?: string) => figure(admin, DESK[3]!, { year, ...(gardenId ? { gardenId } : {}) });
    const [whole, ...parts] = await Promise.all([sumOf(), sumOf(garden), sumOf(sunny), sumOf(shade)]);
    expect(whole.count).toBe(parts.reduce((n, p) => n + p.count, 0));
    expect(whole.amount).toBe(money(parts.reduce((n, p) => n + cents(p.amount), 0n)));
    const years = (await figure(admin, DESK[2]!)) as number[];
    expect(years).toContain(Number(year));
    expect([...years].sort((a, b) => b - a)).toEqual(years);
    const seeded = await sql<{ y: number }>`select distinct extract(year from pay_time)::int as y from property_payment_order
      where tenant_id = ${DEMO_TENANT} and is_deleted = 0 and order_status in (1, 2) order by 1 desc`.execute(db());
    expect(years).toEqual(seeded.rows.map((r) => r.y));
  });

  it('get-index-sum-resource and get-garden: the garden’s resources and its houses by state', async () => {
    expect(await figure(admin, DESK[0]!, { gardenId: garden })).toEqual({
      gardenCount: 1,
      buildingCount: 1,
      unitCount: 1,
      houseCount: 4,
      boundHouseCount: 0,
      parkingCount: 0,
      parkingSpaceCount: 0,
      ownerCount: 0,
      familyCount: 0,
      lesseeCount: 0,
      carCount: 0,
      elevatorCount: 0,
      hydrantCount: 0,
    });
    // A seeded garden's totals agree with each resource's own screen.
    const sun = await figure(admin, DESK[0]!, { gardenId: sunny });
    const total = async (path: string) => (await admin.get(path, { gardenId: sunny, size: 1 })).body.data.total as number;
    const sums = (await admin.get('/owner/sum', { gardenId: sunny })).body.data;
    expect(sun).toEqual({
      gardenCount: 1,
      buildingCount: await total('/community-resource/building/list'),
      unitCount: await total('/community-resource/unit/list'),
      houseCount: sums.houseCount,
      boundHouseCount: sums.boundHouseCount,
      parkingCount: await total('/system-property/parking/list'),
      parkingSpaceCount: await total('/system-property/parkingspace/list'),
      ownerCount: sums.ownerCount,
      familyCount: sums.familyCount,
      lesseeCount: sums.lesseeCount,
      carCount: sums.carCount,
      elevatorCount: (await admin.get('/system-property/elevator/statistics', { gardenId: sunny })).body.data.total,
      hydrantCount: (await admin.get('/system-property/hydrant/statistics', { gardenId: sunny })).body.data.total,
    });
    expect(sun.houseCount).toBeGreaterThan(0);
    expect(sun.ownerCount).toBeGreaterThan(0);

    // Three houses given a state: 自住, 出租, 空置; the fourth has none.
    for (const [i, houseStatus] of [1, 2, 3].entries()) {
      expect((await admin.post('/community-resource/unithouse/submit', { id: houses[i], houseStatus })).body).toMatchObject(ok);
    }
    expect(await figure(admin, DESK[1]!, { gardenId: garden })).toEqual({
      gardenId: garden,
      gardenName: '看板花园',
      gardenCode: null,
      regionCode: '4403',
      regionName: '广东省深圳市',
      address: null,
      tel: null,
      developer: null,
      floorArea: null,
      builtArea: null,
      buildingCount: 1,
      unitCount: 1,
      houseCount: 4,
      boundHouseCount: 0,
      occupiedCount: 2,
      vacantCount: 1,
      renovatingCount: 0,
      unknownCount: 1,
    });
  });
});

describe('bad parameters', () => {
  const refusal = async (path: string, query: Record<string, string>, lang = 'zh-CN') => {
    const answer = await admin.call('GET', path, { query, headers: { 'Accept-Language': lang } });
    return { status: answer.status, msg: answer.body.msg as string };
  };
  it('an impossible day, a reversed or too long range, a month or year that is none: 400 with the parameter named', async () => {
    for (const path of BILL_FIGURES) {
      expect(await refusal(path, { sTime: '2026-02-30' })).toEqual({
        status: 400,
        msg: 'sTime 应为有效日期,格式为年-月-日,例如 2026-01-31',
      });
    }
    expect(await refusal(BILL_FIGURES[0]!, { eTime: '2026-13-01' }, 'en')).toEqual({
      status: 400,
      msg: 'eTime must be a real date as year-month-day, e.g. 2026-01-31',
    });
    expect(await refusal(BILL_FIGURES[0]!, { sTime: '2024/01/01' })).toMatchObject({ status: 400 });
    expect(await refusal(BILL_FIGURES[1]!, { sTime: '2024-05-01', eTime: '2024-04-30' })).toEqual({
      status: 400,
      msg: '结束日期不能早于开始日期',
    });
    expect(await refusal(BILL_FIGURES[1]!, { sTime: '2024-05-01', eTime: '2024-04-30' }, 'en')).toEqual({
      status: 400,
      msg: 'The end date cannot be before the start date',
    });
    expect(await refusal(BILL_FIGURES[1]!, { sTime: '2010-01-01', eTime: '2020-01-01' })).toEqual({
      status: 400,
      msg: '统计区间不能超过10年',
    });
    expect((await refusal(BILL_FIGURES[1]!, { sTime: '2010-01-01', eTime: '2019-12-31' })).status).toBe(200);
    expect(await refusal(DESK[4]!, { month: '2026-13' })).toEqual({ status: 400, msg: 'month 应为年-月,例如 2026-01' });
    expect(await refusal(DESK[6]!, { time: '2026-1' }, 'en')).toEqual({
      status: 400,
      msg: 'time must be a year and month, e.g. 2026-01',
    });
    expect(await refusal(DESK[3]!, { year: '26' })).toEqual({ status: 400, msg: 'year 应为四位年份,例如 2026' });
    expect(await refusal(DESK[0]!, { gardenId: 'abc' })).toEqual({ status: 400, msg: '请求参数类型错误: gardenId' });
    expect(await refusal(BILL_FIGURES[3]!, { gardenId: '1x' })).toEqual({ status: 400, msg: '请求参数类型错误: gardenId' });
    expect(await refusal(DESK[1]!, {})).toEqual({ status: 400, msg: '缺少必要的请求参数: gardenId' });
  });
});

describe('who reads the figures', () => {
  it('another tenant sees none of them: zeros, empty lists, no garden', async () => {
    const q = { ...RANGE, gardenId: garden };
    expect((await figure(other, BILL_FIGURES[0]!, q)).total).toMatchObject({
      count: 0,
      receivable: '0.00',
      collectionRate: null,
    });
    expect((await figure(other, BILL_FIGURES[2]!, q)).items).toEqual([]);
    expect((await figure(other, BILL_FIGURES[5]!, q)).debtors).toEqual([]);
    expect(await figure(other, DESK[1]!, { gardenId: garden })).toBeNull();
    expect(await figure(other, DESK[2]!, { gardenId: garden })).toEqual([]);
    expect((await figure(other, DESK[0]!, { gardenId: garden })).houseCount).toBe(0);
    // Their own: the one bill of their garden, and none of the demo tenant's.
    expect((await figure(other, BILL_FIGURES[0]!, RANGE)).total).toMatchObject({ count: 1, receivable: '555.00' });
    expect((await figure(admin, BILL_FIGURES[0]!, RANGE)).total.receivable).not.toBe('555.00');
  });

  it('the dashboard menu alone reads all fourteen, bound to one garden: that garden only; the garden list for its picker', async () => {
    const viewer = await gardenStaff(server, admin, {
      role: { roleName: '看板员', roleAlias: 'dash_viewer' },
      user: { account: 'dashviewer', realName: '看板员', password: 'dash1234' },
      menuIds: await menuSubtrees(server, ['dashboard']),
      gardenIds: [garden],
    });
    const v = viewer.client;
    for (const path of [...BILL_FIGURES, ...DESK])
      await figure(v, path, { gardenId: garden, ...(path.includes('desk') ? {} : RANGE) });
    // Without a garden: their garden's figures, as the administrator's of that garden.
    expect(await figure(v, BILL_FIGURES[0]!, RANGE)).toEqual(
      await figure(admin, BILL_FIGURES[0]!, { ...RANGE, gardenId: garden }),
    );
    expect(await figure(v, DESK[0]!)).toEqual(await figure(admin, DESK[0]!, { gardenId: garden }));
    expect(await figure(v, DESK[3]!)).toEqual(await figure(admin, DESK[3]!, { gardenId: garden }));
    // Another garden of the tenant: nothing.
    expect((await figure(v, BILL_FIGURES[3]!, { gardenId: sunny })).receivable).toBe('0.00');
    expect(await figure(v, DESK[1]!, { gardenId: sunny })).toBeNull();
    expect((await figure(v, DESK[0]!, { gardenId: sunny })).houseCount).toBe(0);
    // The header's garden picker: their garden alone.
    const list = await v.get('/system-property/garden/list', { size: 100 });
    expect(list.status).toBe(200);
    expect(list.body.data.records.map((g: { id: string }) => g.id)).toEqual([garden]);
  });

  it('the bill statistics menu reads the bill figures, not the desk; a clerk without either reads none', async () => {
    const statistician = await gardenStaff(server, admin, {
      role: { roleName: '统计员', roleAlias: 'dash_stats' },
      user: { account: 'dashstats', realName: '统计员', password: 'dash1234' },
      menuIds: await menuSubtrees(server, ['billstatistics']),
      gardenIds: [],
    });
    for (const path of BILL_FIGURES) await figure(statistician.client, path, RANGE);
    for (const path of DESK) expect((await statistician.client.get(path, { gardenId: garden })).status, path).toBe(403);
    const clerk = await gardenStaff(server, admin, {
      role: { roleName: '收费项目员', roleAlias: 'dash_clerk' },
      user: { account: 'dashclerk', realName: '收费项目员', password: 'dash1234' },
      menuIds: await menuSubtrees(server, ['paymentitems', 'house']),
      gardenIds: [],
    });
    for (const path of [...BILL_FIGURES, ...DESK]) {
      const answer = await clerk.client.get(path, { gardenId: garden });
      expect(answer.status, path).toBe(403);
      expect(answer.body.msg).toBe('请求被拒绝');
    }
  });
});

describe('the figures read their range by index (a million bills, docs/benchmarks.md)', () => {
  const ctx = (): CrudContext => ({
    db: db(),
    auth: administratorOf(DEMO_TENANT),
    rowScope: () => [sql`tenant_id = ${DEMO_TENANT}`],
  });
  const range = { sTime: '2024-01-01', eTime: '2024-12-31', fromPeriod: '2024-01', toPeriod: '2024-12' };
  /** Three years of bills a garden, in every state, due on the 20th of their month. */
  const bills = {
    period: sql`to_char(date '2023-01-01' + (g % 36) * interval '1 month', 'YYYY-MM')`,
    bill_status: sql`1 + g % 4`,
    due_date: sql`date '2023-01-20' + (g % 36) * 30`,
    amount: sql`100.00`,
    reduce_amount: sql`0`,
    paid_amount: sql`0`,
    late_fee: sql`0`,
    refund_amount: sql`0`,
  };
  const explainBills = (where: ReturnType<typeof billsInRange>) =>
    explainOnGrown(
      db(),
      DEMO_TENANT,
      paymentBillEntity,
      Object.values(BILL_STATEMENTS).map((statement) => ({ statement: statement(where), off: ['enable_seqscan'] })),
      bills,
    );

  it('a garden’s bills of the range by the (tenant, garden, period) index, the tenant’s by an index on the period', async () => {
    for (const plan of await explainBills(billsInRange(ctx(), '1', range))) {
      expect(plan.join(' > ')).not.toMatch(/Seq Scan/);
      expect(
        plan.some((n) => n.includes('property_payment_bill_garden_list_idx')),
        plan.join(' > '),
      ).toBe(true);
    }
    // The whole tenant: an index bounded by the period (the list's, or the items' with the period in it); the
    // overdue figures, which read unpaid bills only, may be bounded by the state instead (the planner's choice when
    // fewer bills are unpaid than in the range, as PostgreSQL makes it here). Never the tenant's whole table.
    const unpaidOnly = new Set(['aging', 'debtors']);
    const plans = await explainBills(billsInRange(ctx(), undefined, range));
    for (const [i, name] of Object.keys(BILL_STATEMENTS).entries()) {
      const plan = plans[i]!.join(' > ');
      expect(plan, name).not.toMatch(/Seq Scan/);
      const bounded = unpaidOnly.has(name) ? /(list|item_id_period|bill_status_house_name_house_id)/ : /(list|item_id_period)/;
      expect(plan, name).toMatch(new RegExp(`Index Scan on property_payment_bill_${bounded.source}_idx`));
    }
  });

  it('orders of a year by the (tenant, garden, pay time) index; the years a step each', async () => {
    const where = paidOrders(ctx(), '1', yearStart(2024), yearEnd(2024));
    const plans = await explainOnGrown(
      db(),
      DEMO_TENANT,
      paymentOrderEntity,
      [
        ...[ORDER_STATEMENTS.sum, ORDER_STATEMENTS.byMonth, ORDER_STATEMENTS.byDay].map((statement) => ({
          statement: statement(where),
          off: ['enable_seqscan'],
        })),
        { statement: orderYearsSql(paidOrders(ctx(), '1')), off: ['enable_seqscan'] },
      ],
      {
        pay_time: sql`timestamp '2022-01-01' + g * interval '5 hours'`,
        order_status: sql`1`,
        total_amount: sql`10`,
        refund_amount: sql`0`,
      },
    );
    for (const plan of plans) {
      expect(plan.join(' > ')).not.toMatch(/Seq Scan/);
      expect(
        plan.some((n) => n.includes('property_payment_order_garden_list_idx')),
        plan.join(' > '),
      ).toBe(true);
    }
    // Each step of the years is the latest pay time before a bound: the index read backward, one row.
    expect(plans.at(-1)!.join(' > ')).toMatch(/Limit > Index Scan( Backward)? on property_payment_order_garden_list_idx/);
  });
});
