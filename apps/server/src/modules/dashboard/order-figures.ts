import { Money, ORDER_STATUS, paymentOrderEntity } from '@property/domain';
import { sql, type RawBuilder } from 'kysely';
import { CrudService, type CrudContext } from '../../platform/crud/engine';
import { bills } from '../billing/bills';
import { daysOf } from './range';

type Row = Record<string, unknown>;

const orders = new CrudService(paymentOrderEntity);

/**
 * Orders that took money: paid ones, and those refunded since (their refunds are figures of their own). The
 * caller's (tenant, gardens, data scope on orders), of one garden when given, paid within [from, to): pay time
 * leads the orders' list indexes after the tenant and garden, `(tenant, [garden,] pay_time desc)`.
 */
export function paidOrders(ctx: CrudContext, gardenId: string | undefined, from?: RawBuilder<unknown>, to?: RawBuilder<unknown>) {
  return orders.scope(ctx, [
    ...(gardenId ? [sql`garden_id = ${gardenId}`] : []),
    sql`order_status in (${ORDER_STATUS.paid}, ${ORDER_STATUS.refunded})`,
    from ? sql`pay_time >= ${from}` : sql`pay_time is not null`,
    ...(to ? [sql`pay_time < ${to}`] : []),
  ]);
}

/** A calendar year, and a month (yyyy-MM), as the start and end of pay times (the server's zone, as stored). */
export const yearStart = (year: number) => sql`make_timestamp(${year}::int, 1, 1, 0, 0, 0)`;
export const yearEnd = (year: number) => sql`(make_timestamp(${year}::int, 1, 1, 0, 0, 0) + interval '1 year')`;
export const monthStart = (month: string) => sql`${`${month}-01`}::timestamp`;
export const monthEnd = (month: string) => sql`(${`${month}-01`}::timestamp + interval '1 month')`;

const ORDER_FIGURES = sql`count(*)::int as count, coalesce(sum(total_amount), 0) as amount,
  coalesce(sum(refund_amount), 0) as refund_amount`;

/** The statements of the order figures, each over the orders `where` selects (the tests explain them on a grown table). */
export const ORDER_STATEMENTS = {
  sum: (where: RawBuilder<unknown>) => sql<Row>`select ${ORDER_FIGURES} from property_payment_order where ${where}`,
  byMonth: (where: RawBuilder<unknown>) => sql<Row>`select to_char(pay_time, 'YYYY-MM') as month, ${ORDER_FIGURES}
    from property_payment_order where ${where} group by 1`,
  byDay: (where: RawBuilder<unknown>) => sql<Row>`select to_char(pay_time, 'YYYY-MM-DD') as day, ${ORDER_FIGURES}
    from property_payment_order where ${where} group by 1`,
  /** The latest year with an order of `where` before `bound`: one step of orderYears, read from the pay-time index. */
  latestYear: (where: RawBuilder<unknown>, bound?: RawBuilder<unknown>) =>
    sql`(select extract(year from max(pay_time))::int from property_payment_order
      where ${where} ${bound ? sql`and pay_time < ${bound}` : sql``})`,
  /** The bills the orders `where` selects paid, by item, within the caller's scope on bills (`billScope`). */
  paidByItem: (where: RawBuilder<unknown>, billScope: (extra: RawBuilder<unknown>[]) => RawBuilder<unknown>) =>
    sql<Row>`select item_id, min(item_name) as item_name, count(*)::int as count,
      coalesce(sum(paid_amount + late_fee), 0) as amount
    from property_payment_bill where ${billScope([sql`order_id in (select id from property_payment_order where ${where})`])}
    group by item_id order by sum(paid_amount + late_fee) desc, min(item_name), item_id`,
};

const orderFigures = (r: Row | undefined) => ({
  count: Number(r?.count ?? 0),
  amount: Money.format(String(r?.amount ?? 0), 2),
  refundAmount: Money.format(String(r?.refund_amount ?? 0), 2),
});

/** The years of the orders `where` selects, newest first: from the latest, the latest before each year found. */
export const orderYearsSql = (where: RawBuilder<unknown>) => sql<{ y: number }>`with recursive years(y) as (
    select ${ORDER_STATEMENTS.latestYear(where)}
    union all
    select ${ORDER_STATEMENTS.latestYear(where, sql`make_timestamp(years.y, 1, 1, 0, 0, 0)`)} from years where years.y is not null
  ) select y from years where y is not null`;

/**
 * The years with paid orders, newest first. Each step asks for the latest pay time before the year found last, which
 * the pay-time index answers at once: as many steps as years, whatever the number of orders.
 */
export async function orderYears(ctx: CrudContext, gardenId: string | undefined): Promise<number[]> {
  const rows = await orderYearsSql(paidOrders(ctx, gardenId)).execute(ctx.db);
  return rows.rows.map((r) => Number(r.y));
}

/** A year's paid orders: how many, what they took, what was given back since. */
export async function yearSum(ctx: CrudContext, gardenId: string | undefined, year: number) {
  const rows = await ORDER_STATEMENTS.sum(paidOrders(ctx, gardenId, yearStart(year), yearEnd(year))).execute(ctx.db);
  return { year, ...orderFigures(rows.rows[0]) };
}

/** One month's paid orders. */
export async function monthSum(ctx: CrudContext, gardenId: string | undefined, month: string) {
  const rows = await ORDER_STATEMENTS.sum(paidOrders(ctx, gardenId, monthStart(month), monthEnd(month))).execute(ctx.db);
  return { month, ...orderFigures(rows.rows[0]) };
}

/** Each month of a year (all twelve, zeros where none). */
export async function monthSums(ctx: CrudContext, gardenId: string | undefined, year: number) {
  const rows = await ORDER_STATEMENTS.byMonth(paidOrders(ctx, gardenId, yearStart(year), yearEnd(year))).execute(ctx.db);
  const byMonth = new Map(rows.rows.map((r) => [String(r.month), r]));
  return Array.from({ length: 12 }, (_, i) => {
    const month = `${String(year).padStart(4, '0')}-${String(i + 1).padStart(2, '0')}`;
    return { month, ...orderFigures(byMonth.get(month)) };
  });
}

/** Each day of a month (every day, zeros where none). */
export async function daySums(ctx: CrudContext, gardenId: string | undefined, month: string) {
  const rows = await ORDER_STATEMENTS.byDay(paidOrders(ctx, gardenId, monthStart(month), monthEnd(month))).execute(ctx.db);
  const byDay = new Map(rows.rows.map((r) => [String(r.day), r]));
  return daysOf(month).map((day) => ({ day, ...orderFigures(byDay.get(day)) }));
}

/**
 * Money taken in a month by charge item: the bills of the month's paid orders (within the caller's scope on bills
 * too), each its paidAmount + lateFee, which is what its order took for it.
 */
export async function paymentsByItem(ctx: CrudContext, gardenId: string | undefined, month: string) {
  const orders = paidOrders(ctx, gardenId, monthStart(month), monthEnd(month));
  const rows = await ORDER_STATEMENTS.paidByItem(orders, (extra) => bills.scope(ctx, extra)).execute(ctx.db);
  const items = rows.rows.map((r) => ({
    itemId: r.item_id === null ? null : String(r.item_id),
    itemName: (r.item_name as string | null) ?? null,
    count: Number(r.count),
    amount: Money.format(String(r.amount), 2),
  }));
  return { month, amount: Money.format(Money.sum(items.map((i) => i.amount)), 2), items };
}
