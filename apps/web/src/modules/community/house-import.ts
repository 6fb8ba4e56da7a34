import type { ImportReport } from '@property/domain';
import i18n from '../../app/i18n';
import { authHeaders } from '../../app/http';
import { sheetOf, type SheetCell } from '../../crud/export';

/** The house import calls (server: modules/community/house-import.ts). */
export const IMPORT_TEMPLATE = '/community-resource/unithouse/import-template';
export const IMPORT = '/community-resource/unithouse/import';

/** What an upload answers: every row saved (errors empty), or nothing saved and every wrong row listed (the API contract's type). */
export type ImportResult = ImportReport;
/** One wrong row of an upload, as the server reports it. */
export type RowProblem = ImportReport['errors'][number];

export type ImportAnswer =
  | { kind: 'saved'; result: ImportResult }
  | { kind: 'rows'; result: ImportResult; msg: string }
  | { kind: 'refused'; msg: string };

/**
 * The server's answer read the console's way (spec §8): code 200 is saved;
 * a 400 carrying row errors is a per-row report; anything else is refused
 * with the server's message (or common.unknownError).
 */
export function readImportAnswer(status: number, body: unknown): ImportAnswer {
  const answer = (body ?? {}) as { code?: number; msg?: string; error_description?: string; data?: Partial<ImportResult> };
  const code = Number(answer.code ?? status);
  const msg = String(answer.msg || answer.error_description || i18n.t('common.unknownError'));
  const data = answer.data;
  if (code === 200 && data) return { kind: 'saved', result: { total: data.total ?? 0, success: data.success ?? 0, errors: [] } };
  if (data && Array.isArray(data.errors) && data.errors.length > 0)
    return { kind: 'rows', msg, result: { total: data.total ?? 0, success: 0, errors: data.errors } };
  return { kind: 'refused', msg };
}

/** The error report: row number and message, one line a problem, under the given headers. */
export function errorReportSheet(errors: RowProblem[], headers: { row: string; problem: string }): SheetCell[][] {
  return sheetOf(
    [
      { key: 'row', title: headers.row, numeric: true },
      { key: 'message', title: headers.problem },
    ],
    errors.map((e) => ({ row: e.row, message: e.message })),
  );
}

/** Sends the file as multipart `file`, reporting upload progress in percent; answers HTTP status and parsed body. */
export function uploadWithProgress(
  path: string,
  file: File,
  params: Record<string, string | undefined>,
  onProgress: (percent: number) => void,
): Promise<{ status: number; body: unknown }> {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [k, v] of Object.entries(params)) if (v) url.searchParams.set(k, v);
  const form = new FormData();
  form.append('file', file);
  return new Promise((resolve, reject) => {
    // XMLHttpRequest, not fetch: only it reports upload progress.
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    for (const [k, v] of Object.entries(authHeaders())) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      let body: unknown = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: read as an unknown error below
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new Error('network error'));
    xhr.send(form);
  });
}

/**
 * Downloads a file the server sends (with the session's headers), by GET or (a file made by an action, such as
 * generated code) POST, under the given name or else the one the server gives; answers the name. A refusal
 * rejects with the server's message.
 */
export async function downloadFile(path: string, fileName?: string, method: 'GET' | 'POST' = 'GET'): Promise<string> {
  const response = await fetch(`/api${path}`, { method, headers: authHeaders(), credentials: 'include' });
  if (!response.ok) {
    const answer = (await response.json().catch(() => ({}))) as { msg?: string };
    throw new Error(answer.msg || i18n.t('common.unknownError'));
  }
  const given = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const name = fileName ?? given ?? 'download';
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
  return name;
}
