/**
 * Amounts as people read them: the whole part grouped by thousands (¥177,295.12), wherever the console shows one —
 * table cells, totals, dialogs, receipts and the messages that name an amount. Money arrives as a decimal string
 * and stays one: never through a float.
 */
export function groupedDecimal(value: string): string {
  const [whole = '', fraction] = value.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** An amount with the yuan sign: ¥1,234.50 (a negative one keeps its sign after the symbol: ¥-12.00); no amount is "-". */
export function yuan(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? '-' : `¥${groupedDecimal(String(value))}`;
}
