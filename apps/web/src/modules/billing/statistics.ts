import { Money } from '@property/domain';

/** The figures of a statistics row, in the order the tables show them. */
export const FIGURES = ['count', 'receivable', 'received', 'refunded', 'outstanding', 'overdue'] as const;

export type Figures = Record<(typeof FIGURES)[number], string | number>;

/** A month's bar: its receivable amount as a whole percent of the largest month's (exact until the percent). */
export function barPercent(value: string, rows: Array<{ receivable: string }>): number {
  const largest = rows.reduce((most, r) => Money.max(most, r.receivable), Money.dec('0'));
  if (Money.isZero(largest) || Money.isNegative(value)) return 0;
  return Number(Money.format(Money.div(Money.mul(value, 100), largest, 0, 'down'), 0));
}
