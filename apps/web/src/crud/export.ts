import type { ProColumns } from '@ant-design/pro-components';
import type { EntityDef } from '@property/domain';
import { api, type Page } from '../app/http';
import type { Row } from './columns';
import { dictionaryLabels, referenceOptions } from './dictionaries';

/** The most rows one export writes; past it the user is asked to narrow the search. */
export const EXPORT_MAX = 10_000;
/** Rows per list call while exporting (the server's largest page). */
export const EXPORT_PAGE = 1000;

/** One column of the sheet: its header and how a row's value is shown. */
export interface ExportColumn {
  key: string;
  title: string;
  /** Numbers stay numbers in the sheet (sums and sorting work in Excel). */
  numeric?: boolean;
  /** Stored value → label (dictionary entries, referenced rows). */
  labels?: Map<string, string>;
  /** Several values joined by commas, each shown by its label. */
  multiple?: boolean;
}

export type SheetCell = string | number | null | { value: string; fontWeight: 'bold' };

/** A row's value as the table shows it: labels instead of keys, numbers as numbers. */
export function displayValue(column: ExportColumn, value: unknown): string | number | null {
  if (value === undefined || value === null || value === '') return null;
  if (column.labels) {
    const keys = column.multiple && typeof value === 'string' ? value.split(',').filter(Boolean) : [value];
    return keys.map((k) => column.labels!.get(String(k)) ?? String(k)).join(',');
  }
  if (column.numeric) {
    const n = Number(value);
    return Number.isFinite(n) ? n : String(value);
  }
  if (Array.isArray(value)) return value.join(',');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The sheet: a bold header row with the columns' labels, then one row per record. */
export function sheetOf(columns: ExportColumn[], rows: Row[]): SheetCell[][] {
  return [
    columns.map((c) => ({ value: c.title, fontWeight: 'bold' as const })),
    ...rows.map((row) => columns.map((c) => displayValue(c, row[c.key]))),
  ];
}

/** Column widths in characters, from the longest text of each column (CJK counted double), 8 to 50. */
export function widthsOf(sheet: SheetCell[][]): number[] {
  const width = (cell: SheetCell) => {
    const text = cell === null ? '' : typeof cell === 'object' ? cell.value : String(cell);
    let n = 0;
    for (const ch of text) n += /[\u2e80-\uffff]/.test(ch) ? 2 : 1;
    return n;
  };
  return (sheet[0] ?? []).map((_, i) => Math.min(50, Math.max(8, ...sheet.slice(0, 500).map((r) => width(r[i]) + 2))));
}

/** Flattens tree choices ({ title, value, children }) and list choices ({ label, value }) into value → label. */
export function labelMap(options: Array<Record<string, unknown>>): Map<string, string> {
  const map = new Map<string, string>();
  const walk = (nodes: Array<Record<string, unknown>>) =>
    nodes.forEach((n) => {
      map.set(String(n.value ?? n.id), String(n.label ?? n.title ?? n.value));
      if (Array.isArray(n.children)) walk(n.children as Array<Record<string, unknown>>);
    });
  walk(options);
  return map;
}

/**
 * The sheet's columns: those the table shows (not hidden by the definition or
 * by the column settings), with dictionary and reference labels loaded.
 */
export async function exportColumnsOf(
  entity: EntityDef,
  columns: ProColumns<Row>[],
  hidden: ReadonlySet<string> = new Set(),
): Promise<ExportColumn[]> {
  const shown = columns.filter(
    (c) => !c.hideInTable && typeof c.dataIndex === 'string' && c.valueType !== 'option' && !hidden.has(c.dataIndex),
  );
  return Promise.all(
    shown.map(async (c) => {
      const key = c.dataIndex as string;
      const field = entity.fields[key];
      const column: ExportColumn = { key, title: String(c.title ?? key) };
      if (field?.dict) {
        const items = await dictionaryLabels(field.dict).catch(() => []);
        column.labels = new Map(items.map((i) => [String(i.dictKey), i.dictValue]));
      } else if (field?.options) {
        column.labels = labelMap(await referenceOptions(field.options).catch(() => []));
        column.multiple = !!field.options.multiple;
      } else if (field && (field.kind === 'int' || field.kind === 'money')) {
        column.numeric = true;
      }
      return column;
    }),
  );
}

export class TooManyRows extends Error {
  constructor(
    readonly total: number,
    /** false: `total` is the server's estimate of a list above its exact-count limit. */
    readonly exact = true,
  ) {
    super(`${total} rows`);
  }
}

/**
 * Every row of the current query, page by page with the largest page size;
 * refuses (TooManyRows) when there are more than EXPORT_MAX.
 */
export async function fetchAllRows(
  base: string,
  filters: Record<string, unknown>,
  onProgress: (done: number, total: number) => void = () => undefined,
  listPath = '/list',
): Promise<Row[]> {
  const page = (current: number) => api.get<Page<Row>>(`${base}${listPath}`, { ...filters, current, size: EXPORT_PAGE });
  const first = await page(1);
  if (first.total > EXPORT_MAX || first.totalExact === false) throw new TooManyRows(first.total, first.totalExact !== false);
  const rows = [...first.records];
  onProgress(rows.length, first.total);
  const pages = Math.ceil(first.total / EXPORT_PAGE);
  for (let current = 2; current <= pages; current++) {
    const next = await page(current);
    if (next.records.length === 0) break;
    rows.push(...next.records);
    onProgress(rows.length, first.total);
  }
  return rows;
}

/** Writes the sheet as .xlsx and downloads it. The writer loads only now, in its own chunk. */
export async function downloadXlsx(sheet: SheetCell[][], fileName: string, sheetName: string): Promise<void> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  await writeXlsxFile(sheet, {
    sheet: sheetName.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Sheet1',
    columns: widthsOf(sheet).map((width) => ({ width })),
    stickyRowsCount: 1,
  }).toFile(fileName);
}
