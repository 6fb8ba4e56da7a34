import { compare, dec, div, format, min, mul, round, type RoundMode } from './decimal';

/**
 * Late fee (滞纳金) of an unpaid bill: a daily percentage of the amount owed
 * for every day past the due date beyond a grace period, capped. The due date
 * is the last day to pay without a fee; paying on it, or within the grace
 * days after it, costs nothing.
 */
export interface LateFeeRule {
  /** Percent of the owed amount per day ("0.05" = 0.05% a day, 万分之五). Blank or 0: no late fee. */
  dailyPercent?: string | null;
  graceDays?: number | null;
  /** The most a bill's late fee can reach; blank: no cap. */
  cap?: string | null;
  places: number;
  roundMode: RoundMode;
}

const DAY_MS = 86_400_000;

/** Days from one calendar date (yyyy-MM-dd) to another; negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  const parse = (d: string) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(d);
    if (!m) throw new RangeError(`not a date: ${d}`);
    return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  };
  return Math.round((parse(to) - parse(from)) / DAY_MS);
}

/** Days a fee is charged for when paying on `onDate`. */
export function chargeableDays(dueDate: string, onDate: string, graceDays = 0): number {
  return Math.max(0, daysBetween(dueDate, onDate) - Math.max(0, graceDays));
}

/** The late fee of `owed` when paid on `onDate` (yyyy-MM-dd), as a decimal text with the rule's places. */
export function lateFee(owed: string, dueDate: string, onDate: string, rule: LateFeeRule): string {
  const zero = format('0', rule.places);
  if (!rule.dailyPercent || compare(rule.dailyPercent, '0') <= 0 || compare(owed, '0') <= 0) return zero;
  const days = chargeableDays(dueDate, onDate, rule.graceDays ?? 0);
  if (days === 0) return zero;
  let fee = round(mul(mul(dec(owed), div(rule.dailyPercent, '100', 12)), days), rule.places, rule.roundMode);
  if (rule.cap !== null && rule.cap !== undefined && rule.cap !== '') fee = min(fee, round(rule.cap, rule.places, 'down'));
  return format(fee, rule.places);
}
