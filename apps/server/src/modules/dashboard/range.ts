import { isCalendarDay } from '@property/domain';
import { parseId } from '../../platform/crud/engine';
import { badRequest } from '../../platform/http/errors';

type Query = Record<string, unknown>;

/** The dashboard's calls in the API document (platform/http/openapi.ts describes it). */
export const DASHBOARD_TAG = 'Dashboard';

/** The longest range a billing figure sums over: its months are answered one by one (barChart). */
export const MAX_RANGE_YEARS = 10;

/**
 * The bills a billing figure covers (sTime, eTime): those whose period starts within the range, both days included.
 * A bill's period is a month (yyyy-MM) starting on its 1st (startDate), so the range is a range of periods, which
 * the bills' `(tenant, [garden,] period)` indexes read directly: `fromPeriod` is the first month whose 1st is on or
 * after sTime, `toPeriod` the month of eTime. A range within one month after its 1st holds no period (from > to).
 */
export interface BillRange {
  sTime: string;
  eTime: string;
  fromPeriod: string;
  toPeriod: string;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})(?: \d{2}:\d{2}(?::\d{2})?)?$/;
const MONTH = /^(\d{4})-(\d{2})$/;

const given = (raw: unknown) => raw !== undefined && raw !== null && raw !== '';
const pad = (n: number) => String(n).padStart(2, '0');

/** A day parameter as yyyy-MM-dd (a time after it, as the spec's date ranges send, is dropped), or a 400 naming it. */
function dayOf(raw: unknown, name: string): { text: string; year: number; month: number; day: number } {
  const m = DAY.exec(String(raw).trim());
  const [year, month, day] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
  if (!m || !isCalendarDay(year, month, day)) throw badRequest('statDateInvalid', { name });
  return { text: `${m[1]}-${m[2]}-${m[3]}`, year, month, day };
}

/** Months counted from year 0: comparable and easy to step. */
const monthIndex = (year: number, month: number) => year * 12 + (month - 1);
const periodOf = (index: number) => `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;

/**
 * sTime and eTime of a billing figure. Either may be left out: a missing start is January 1st and a missing end
 * December 31st of the other's calendar year, or of this year (`today`, the database's) when both are.
 */
export function billRange(query: Query, today: string): BillRange {
  const start = given(query.sTime) ? dayOf(query.sTime, 'sTime') : undefined;
  const end = given(query.eTime) ? dayOf(query.eTime, 'eTime') : undefined;
  const year = start?.year ?? end?.year ?? Number(today.slice(0, 4));
  const sTime = start?.text ?? `${end?.year ?? year}-01-01`;
  const eTime = end?.text ?? `${start?.year ?? year}-12-31`;
  if (eTime < sTime) throw badRequest('statRangeReversed');
  const [sy, sm, sd] = sTime.split('-').map(Number) as [number, number, number];
  const [ey, em] = eTime.split('-').map(Number) as [number, number];
  const from = monthIndex(sy, sm) + (sd === 1 ? 0 : 1);
  const to = monthIndex(ey, em);
  if (to - monthIndex(sy, sm) >= MAX_RANGE_YEARS * 12) throw badRequest('statRangeTooLong', { years: MAX_RANGE_YEARS });
  return { sTime, eTime, fromPeriod: periodOf(from), toPeriod: periodOf(to) };
}

/** The periods of a range, oldest first (none when the range starts after its only month's 1st). */
export function periodsOf(range: BillRange): string[] {
  const [fy, fm] = range.fromPeriod.split('-').map(Number) as [number, number];
  const [ty, tm] = range.toPeriod.split('-').map(Number) as [number, number];
  const out: string[] = [];
  for (let i = monthIndex(fy, fm); i <= monthIndex(ty, tm); i++) out.push(periodOf(i));
  return out;
}

/** A month parameter (yyyy-MM), `fallback` (this month) when absent, or a 400 naming it. */
export function monthParam(query: Query, name: string, fallback: string): string {
  if (!given(query[name])) return fallback;
  const m = MONTH.exec(String(query[name]).trim());
  if (!m || Number(m[1]) < 1 || Number(m[2]) < 1 || Number(m[2]) > 12) throw badRequest('deskMonthInvalid', { name });
  return `${m[1]}-${m[2]}`;
}

/** A year parameter (four digits), `fallback` (this year) when absent, or a 400 naming it. */
export function yearParam(query: Query, name: string, fallback: number): number {
  if (!given(query[name])) return fallback;
  const text = String(query[name]).trim();
  if (!/^\d{4}$/.test(text) || Number(text) < 1) throw badRequest('deskYearInvalid', { name });
  return Number(text);
}

/** The days of a month, as yyyy-MM-dd, the 1st first. */
export function daysOf(month: string): string[] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const days: string[] = [];
  for (let d = 1; isCalendarDay(y, m, d); d++) days.push(`${month}-${pad(d)}`);
  return days;
}

/** The optional garden of a figure (the header's): none is every garden the caller may see. */
export function gardenParam(query: Query): string | undefined {
  return given(query.gardenId) ? parseId(query.gardenId, 'gardenId') : undefined;
}
