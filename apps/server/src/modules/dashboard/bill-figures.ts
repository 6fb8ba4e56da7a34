import { BILL_STATUS, Money, OVERDUE_BANDS, TOP_DEBTORS } from '@property/domain';
import { sql, type RawBuilder } from 'kysely';
import type { CrudContext } from '../../platform/crud/engine';
import { bills } from '../billing/bills';
import { FIGURES, figures } from '../billing/statistics';
import type { BillRange } from './range';

type Row = Record<string, unknown>;

/**
 * The bills a billing figure sums: the caller's (tenant, gardens, data scope on bills), of one garden when given,
 * whose period lies in the range. Garden and period lead the bills' list indexes, `(tenant, garden, period)` and
 * `(tenant, period)`: a figure reads the range's bills and no other.
 */
export function billsInRange(ctx: CrudContext, gardenId: string | undefined, range: BillRange): RawBuilder<unknown> {
  return bills.scope(ctx, [
    ...(gardenId ? [sql`garden_id = ${gardenId}`] : []),
    sql`period >= ${range.fromPeriod}`,
    sql`period <= ${range.toPeriod}`,
  ]);
}

/** FIGURES (收费统计's) and the reductions granted on the bills that stand (closed ones left out, as receivable). */
const BILL_FIGURES = sql`${FIGURES},
  coalesce(sum(reduce_amount) filter (where bill_status <> ${BILL_STATUS.closed}), 0) as reduced`;

/** Days a bill is past its due date today (the database's day, as overdue is everywhere). */
const DAYS_OVERDUE = sql`(current_date - due_date)`;

/** An age band of overdue bills, as a condition. */
const inBand = (b: (typeof OVERDUE_BANDS)[number]) =>
  b.maxDays === null ? sql`${DAYS_OVERDUE} >= ${b.minDays}` : sql`${DAYS_OVERDUE} between ${b.minDays} and ${b.maxDays}`;

/** The overdue bills among those `where` selects: unpaid, past their due date today. */
const overdueOf = (where: RawBuilder<unknown>) =>
  sql`${where} and bill_status = ${BILL_STATUS.unpaid} and due_date < current_date`;

/** The statements of the bill figures, each over the bills `where` selects (the tests explain them on a grown table). */
export const BILL_STATEMENTS = {
  byItem: (where: RawBuilder<unknown>) => sql<Row>`select item_id, min(item_name) as item_name, ${BILL_FIGURES}
    from property_payment_bill where ${where} group by item_id order by min(item_name), item_id`,
  total: (where: RawBuilder<unknown>) => sql<Row>`select ${BILL_FIGURES} from property_payment_bill where ${where}`,
  byMonth: (where: RawBuilder<unknown>) =>
    sql<Row>`select period, ${FIGURES} from property_payment_bill where ${where} group by period`,
  headline: (where: RawBuilder<unknown>) => sql<Row>`select ${FIGURES},
      count(distinct house_id) filter (where bill_status <> ${BILL_STATUS.closed})::int as billed,
      count(distinct house_id) filter (where bill_status = ${BILL_STATUS.unpaid})::int as owing
    from property_payment_bill where ${where}`,
  aging: (
    where: RawBuilder<unknown>,
  ) => sql<Row>`select count(*)::int as count, coalesce(sum(amount - reduce_amount), 0) as amount,
      ${sql.join(
        OVERDUE_BANDS.map(
          (b, i) => sql`count(*) filter (where ${inBand(b)})::int as ${sql.ref(`c${i}`)},
            coalesce(sum(amount - reduce_amount) filter (where ${inBand(b)}), 0) as ${sql.ref(`a${i}`)}`,
        ),
      )}
    from property_payment_bill where ${overdueOf(where)}`,
  // A house's bills carry its owner as billed; the newest bill's names are the ones shown.
  debtors: (where: RawBuilder<unknown>) => sql<Row>`select house_id, parking_space_id, min(house_name) as house_name,
      (array_agg(owner_name order by due_date desc, id desc))[1] as owner_name,
      (array_agg(owner_phone order by due_date desc, id desc))[1] as owner_phone,
      count(*)::int as count, sum(amount - reduce_amount) as amount, max(${DAYS_OVERDUE})::int as max_days
    from property_payment_bill where ${overdueOf(where)}
    group by house_id, parking_space_id
    order by sum(amount - reduce_amount) desc, min(house_name), house_id, parking_space_id
    limit ${TOP_DEBTORS}`,
};

/** part ÷ whole to four places (half up), or null when the whole is 0: a rate of nothing is no rate. */
export function rateOf(part: string, whole: string): string | null {
  return Money.isZero(whole) ? null : Money.format(Money.div(part, whole, 4), 4);
}

/** What a row of BILL_FIGURES answers: 收费统计's figures, the reductions, and the collection rate. */
function billFigures(row: Row) {
  const base = figures(row);
  return {
    ...base,
    reduced: Money.format(String(row.reduced), 2),
    collectionRate: rateOf(collectedOf(base), base.receivable),
  };
}

/** The receivable that is paid: receivable − outstanding (the bills paid, refunded ones included: their refunds show apart). */
const collectedOf = (f: { receivable: string; outstanding: string }) => Money.format(Money.sub(f.receivable, f.outstanding), 2);

/** The range's figures by charge item (by name), and their total: each total is the sum of its rows. */
export async function figuresByItem(ctx: CrudContext, where: RawBuilder<unknown>) {
  const [rows, total] = await Promise.all([
    BILL_STATEMENTS.byItem(where).execute(ctx.db),
    BILL_STATEMENTS.total(where).execute(ctx.db),
  ]);
  return {
    rows: rows.rows.map((r) => ({
      itemId: r.item_id === null ? null : String(r.item_id),
      itemName: (r.item_name as string | null) ?? null,
      ...billFigures(r),
    })),
    total: billFigures(total.rows[0]!),
  };
}

/** The range's figures by month: every period of the range, zeros where it has no bill. */
export async function figuresByMonth(ctx: CrudContext, where: RawBuilder<unknown>, periods: string[]) {
  const rows = await BILL_STATEMENTS.byMonth(where).execute(ctx.db);
  const byPeriod = new Map(rows.rows.map((r) => [String(r.period), figures(r)]));
  const none = figures({ count: 0, receivable: 0, received: 0, refunded: 0, outstanding: 0, overdue: 0 });
  return periods.map((period) => {
    const f = byPeriod.get(period) ?? none;
    return { period, receivable: f.receivable, received: f.received, outstanding: f.outstanding };
  });
}

/** The collection rate of each item: the receivable, how much of it is paid, and their ratio. */
export async function ratesByItem(ctx: CrudContext, where: RawBuilder<unknown>) {
  const { rows } = await figuresByItem(ctx, where);
  return rows.map((r) => ({
    itemId: r.itemId,
    itemName: r.itemName,
    receivable: r.receivable,
    collected: collectedOf(r),
    collectionRate: r.collectionRate,
  }));
}

/**
 * The headline: the range's totals and the collection rate both ways. A house is billed when it has a bill that
 * stands (not closed) in the range, and paid when none of those is unpaid; parking spaces' bills count in the money,
 * not in the houses.
 */
export async function headline(ctx: CrudContext, where: RawBuilder<unknown>) {
  const rows = await BILL_STATEMENTS.headline(where).execute(ctx.db);
  const r = rows.rows[0]!;
  const f = figures(r);
  const billed = Number(r.billed);
  const paid = billed - Number(r.owing);
  const collected = collectedOf(f);
  return {
    billedHouseCount: billed,
    paidHouseCount: paid,
    houseRate: rateOf(String(paid), String(billed)),
    receivable: f.receivable,
    collected,
    received: f.received,
    refunded: f.refunded,
    outstanding: f.outstanding,
    overdue: f.overdue,
    moneyRate: rateOf(collected, f.receivable),
  };
}

/** Money taken in on the range's bills by item (paid + late fees, as FIGURES' received), largest first. */
export async function receivedByItem(ctx: CrudContext, where: RawBuilder<unknown>) {
  const { rows, total } = await figuresByItem(ctx, where);
  const items = rows
    .filter((r) => !Money.isZero(r.received))
    .map((r) => ({ itemId: r.itemId, itemName: r.itemName, amount: r.received }))
    .sort((a, b) => Money.compare(b.amount, a.amount) || String(a.itemName).localeCompare(String(b.itemName)));
  return { total: total.received, items };
}

/**
 * The range's overdue bills (unpaid, past their due date today) by age band, and the houses or parking spaces
 * owing most. Amounts are what the bills owe (amount − reduceAmount); late fees are worked out when paid.
 */
export async function overdue(ctx: CrudContext, where: RawBuilder<unknown>) {
  const [bands, debtors] = await Promise.all([
    BILL_STATEMENTS.aging(where).execute(ctx.db),
    BILL_STATEMENTS.debtors(where).execute(ctx.db),
  ]);
  const r = bands.rows[0]!;
  const money = (v: unknown) => Money.format(String(v), 2);
  return {
    count: Number(r.count),
    amount: money(r.amount),
    aging: OVERDUE_BANDS.map((b, i) => ({
      key: b.key,
      minDays: b.minDays,
      maxDays: b.maxDays,
      count: Number(r[`c${i}`]),
      amount: money(r[`a${i}`]),
    })),
    debtors: debtors.rows.map((d) => ({
      houseId: d.house_id === null ? null : String(d.house_id),
      parkingSpaceId: d.parking_space_id === null ? null : String(d.parking_space_id),
      houseName: (d.house_name as string | null) ?? null,
      ownerName: (d.owner_name as string | null) ?? null,
      ownerPhone: (d.owner_phone as string | null) ?? null,
      count: Number(d.count),
      amount: money(d.amount),
      maxDays: Number(d.max_days),
    })),
  };
}
