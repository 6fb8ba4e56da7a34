import { translate, type Locale } from '@property/domain';
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { refuseOversized } from '../storage/index';
import { ApiError, badRequest } from './errors';

/**
 * What the spreadsheet imports share (houses, meter readings, ad-hoc fees):
 * reading the upload, the first sheet as a stream with a row limit, a cell
 * as typed, and the refusal naming wrong rows.
 */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** Characters a cell may hold: more than any imported field takes (a remark is the longest). */
export const MAX_CELL_CHARS = 1000;
/** Wrong rows the refusal's message names; the answer's data lists them all. */
const SHOWN_ROWS = 3;

export interface RowProblem {
  row: number;
  message: string;
}

/** A cell as the text a person typed: numbers without float noise, rich text and formulas by their shown value. */
function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value.trim();
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return cell.text.trim();
}

/** The texts of the first sheet: its header row and the rows below it (cells by column number). */
export interface SheetText {
  header: string[];
  rows: Array<{ rowNumber: number; cells: string[] }>;
}

/**
 * Reads the first sheet as a stream, row by row, and stops at the row limit (a 750,000-row file
 * once held the server for seconds and gigabytes while it loaded whole, issue 13): only the rows
 * the import may take are ever held, and each cell's text is cut at MAX_CELL_CHARS + 1 (enough to
 * say it is too long) as it is read. Styles and hyperlinks are not read at all.
 */
export async function readFirstSheet(buffer: Buffer, maxRows: number): Promise<SheetText> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buffer]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'ignore',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const sheet: SheetText = { header: [], rows: [] };
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        const cells: string[] = [];
        row.eachCell({ includeEmpty: false }, (cell, col) => {
          cells[col] = cellText(cell).slice(0, MAX_CELL_CHARS + 1);
        });
        if (row.number === 1) sheet.header = cells;
        else if (cells.some((c) => c !== '')) sheet.rows.push({ rowNumber: row.number, cells });
        if (sheet.rows.length > maxRows) throw badRequest('importTooManyRows', { max: maxRows });
      }
      break; // the first sheet only
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw badRequest('importWrongType');
  }
  return sheet;
}

/** Reads the upload; a missing, oversized or non-xlsx file is a 400 with its reason. */
export async function readUpload(req: FastifyRequest): Promise<{ buffer: Buffer; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw badRequest('importNotMultipart');
  refuseOversized(req, MAX_FILE_BYTES);
  let file;
  try {
    file = await req.file({ limits: { fileSize: MAX_FILE_BYTES, files: 1 } });
  } catch {
    throw badRequest('uploadUnreadable');
  }
  if (!file) throw badRequest('importFileMissing');
  let buffer: Buffer;
  try {
    buffer = await file.toBuffer();
  } catch {
    throw new ApiError(413, 'fileTooLarge');
  }
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(file.fields)) {
    const part = Array.isArray(field) ? field[0] : field;
    if (part && part.type === 'field') fields[name] = String(part.value);
  }
  // The name and the content must both say xlsx: a renamed CSV or picture is refused before parsing.
  const zipMagic = buffer.length > 4 && buffer.readUInt32LE(0) === 0x04034b50;
  if (!/\.xlsx$/i.test(file.filename) || !zipMagic) throw badRequest('importWrongType');
  return { buffer, fields };
}

/** The refusal of a whole file: its first few wrong rows, and how many there are. */
export function importFailureMessage(locale: Locale, errors: RowProblem[]): string {
  const problems = errors
    .slice(0, SHOWN_ROWS)
    .map((e) => translate(locale, 'importRowProblem', { row: e.row, message: e.message }))
    .join('; ');
  return errors.length > SHOWN_ROWS
    ? translate(locale, 'importFailedMore', { problems, count: errors.length })
    : translate(locale, 'importFailed', { problems });
}
