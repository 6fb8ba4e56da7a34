import type { BillStatistics } from '@property/domain';
import type { Translate } from '../../app/i18n';
import type { SheetCell } from '../../crud/export';
import { FIGURES } from '../billing/statistics';

const bold = (value: string): SheetCell => ({ value, fontWeight: 'bold' });
/** Amounts as numbers (sums and sorting work in Excel), counts too. */
const figureCells = (row: Record<(typeof FIGURES)[number], string | number>): SheetCell[] =>
  FIGURES.map((key) => Number(row[key]));

/**
 * A saved report as one sheet: its name and what it covers, then the table by charge item and the table by month,
 * each with its header and closed by the total, the way the statistics screen shows them.
 */
export function reportSheet(t: Translate, heading: { name: string; meta: string }, stats: BillStatistics): SheetCell[][] {
  const header = (first: string) => [bold(first), ...FIGURES.map((key) => bold(t(`billing.stats.${key}`)))];
  const total = [bold(t('billing.stats.total')), ...figureCells(stats.total)];
  return [
    [bold(heading.name)],
    [heading.meta],
    [],
    [bold(t('billing.stats.byItem'))],
    header(t('fields.paymentBill.itemName')),
    ...stats.byItem.map((row) => [row.itemName ?? '', ...figureCells(row)]),
    total,
    [],
    [bold(t('billing.stats.byMonth'))],
    header(t('fields.paymentBill.period')),
    ...stats.byMonth.map((row) => [row.period, ...figureCells(row)]),
    total,
  ];
}
