import { translate, type Locale } from '@property/domain';
import type ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import { ApiError, badRequest } from './errors';

/**
 * What the spreadsheet imports share (houses, meter readings, ad-hoc fees):
 * reading the upload, a cell as typed, and the refusal naming wrong rows.
 */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** Wrong rows the refusal's message names; the answer's data lists them all. */
const SHOWN_ROWS = 3;

export interface RowProblem {
  row: number;
  message: string;
}

/** A cell as the text a person typed: numbers without float noise, rich text and formulas by their shown value. */
export function cellText(cell: Pick<ExcelJS.Cell, 'value' | 'text'>): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value.trim();
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return cell.text.trim();
}

/** Reads the upload; a missing, oversized or non-xlsx file is a 400 with its reason. */
export async function readUpload(req: FastifyRequest): Promise<{ buffer: Buffer; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw badRequest('importNotMultipart');
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
