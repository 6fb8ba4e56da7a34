/**
 * Excel imports over HTTP, shared by the import tests (community-import, billing-import): a real .xlsx built
 * in memory, a file posted as the console posts it, and the header row of a template the server answers.
 */
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { ApiClient } from './client';
import type { TestServer } from './harness';

/** A real .xlsx built in memory: a sheet with the header row, then the rows given. */
export async function workbook(
  header: string[],
  rows: Array<Array<string | number | null>>,
  sheetName = 'data',
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName);
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Posts `file` to the import call at `path` (after /api) as multipart field `file`, with `query` in the address. */
export async function uploadImport(
  server: TestServer,
  client: ApiClient,
  path: string,
  file: Buffer | string,
  { filename = 'import.xlsx', query = {} }: { filename?: string; query?: Record<string, string> } = {},
): Promise<{ status: number; body: any }> {
  const form = new FormData();
  form.append('file', new Blob([typeof file === 'string' ? file : new Uint8Array(file)]), filename);
  const url = new URL(`/api${path}`, server.url);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const response = await fetch(url, { method: 'POST', body: form, headers: { 'Blade-Auth': `bearer ${client.token}` } });
  return { status: response.status, body: await response.json() };
}

/** The import template the call at `path` answers (an .xlsx download): its response, and its first row's cells. */
export async function templateHeader(
  server: TestServer,
  client: ApiClient,
  path: string,
): Promise<{ response: Response; header: unknown[] }> {
  const response = await fetch(new URL(`/api${path}`, server.url), { headers: { 'Blade-Auth': `bearer ${client.token}` } });
  expect(response.status).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await response.arrayBuffer());
  return { response, header: (book.worksheets[0]!.getRow(1).values as unknown[]).slice(1) };
}
