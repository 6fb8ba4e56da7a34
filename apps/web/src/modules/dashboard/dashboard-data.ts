import {
  Money,
  type BillBarChart,
  type BillRadarMap,
  type ExpenseShares,
  type OrderDaySum,
  type OrderMonthSum,
  type OverduePayment,
  type PaymentMonthSum,
} from '@property/domain';
import dayjs from 'dayjs';
import { yuan } from '../../app/money-text';
import type { ChartDatum } from './charts/ChartFrame';

/**
 * The dashboard's answers as its charts draw them: categories with a value to draw (a number, for positions only)
 * and a text to read (the answer's own decimal, with the yuan sign or as a percent).
 */

/** A decimal string as a position: the drawing's number, never a figure anyone reads. */
export const position = (decimal: string | null | undefined) => (decimal ? Number(decimal) : 0);

/** A rate (0.8125) as people read it (81.25%), exactly; none is "—". */
export function percentText(rate: string | null | undefined): string {
  return rate === null || rate === undefined ? '—' : `${Money.format(Money.mul(rate, 100), 2)}%`;
}

/** A month (yyyy-MM) named short in the console's language (dayjs follows it): 1月 / Jan. */
export const monthName = (period: string) => dayjs(`${period}-01`).format('MMM');

/** The sTime/eTime of a range of days as the calls take them. */
export const rangeQuery = (from: dayjs.Dayjs, to: dayjs.Dayjs) => ({
  sTime: from.format('YYYY-MM-DD'),
  eTime: to.format('YYYY-MM-DD'),
});

/** Orders by month or by day: the amount drawn, the amount and count read. */
export function orderData(rows: Array<OrderMonthSum | OrderDaySum>, label: (key: string) => string): ChartDatum[] {
  return rows.map((r) => {
    const key = 'month' in r ? r.month : r.day;
    return { key, label: label(key), values: [position(r.amount), r.count], texts: [yuan(r.amount), String(r.count)] };
  });
}

/** Receivable against received, month by month. */
export const billMonthData = (chart: BillBarChart | undefined): ChartDatum[] =>
  (chart?.months ?? []).map((m) => ({
    key: m.period,
    label: monthName(m.period),
    values: [position(m.receivable), position(m.received)],
    texts: [yuan(m.receivable), yuan(m.received)],
  }));

/** A charge item's name, or the words for a bill without one. */
const itemLabel = (name: string | null, none: string) => name ?? none;

/** The collection rate by item: shares from 0 to 1. */
export const rateData = (radar: BillRadarMap | undefined, none: string): ChartDatum[] =>
  (radar?.items ?? []).map((item) => ({
    key: item.itemId ?? '',
    label: itemLabel(item.itemName, none),
    values: [position(item.collectionRate)],
    texts: [percentText(item.collectionRate)],
  }));

/** Money taken in by item (the donut), or in a month by item (bars). */
export const itemMoneyData = (shares: ExpenseShares | PaymentMonthSum | undefined, none: string): ChartDatum[] =>
  (shares?.items ?? []).map((item) => ({
    key: item.itemId ?? '',
    label: itemLabel(item.itemName, none),
    values: [position(item.amount)],
    texts: [yuan(item.amount)],
  }));

/** Overdue money by age band, named by `bandName`. */
export const agingData = (overdue: OverduePayment | undefined, bandName: (key: string) => string): ChartDatum[] =>
  (overdue?.aging ?? []).map((band) => ({
    key: band.key,
    label: bandName(band.key),
    values: [position(band.amount), band.count],
    texts: [yuan(band.amount), String(band.count)],
  }));

/** The year picker's choices: the years with orders, and this year even before its first order, newest first. */
export function yearChoices(years: number[] | undefined, thisYear: number): number[] {
  return [...new Set([thisYear, ...(years ?? [])])].sort((a, b) => b - a);
}
