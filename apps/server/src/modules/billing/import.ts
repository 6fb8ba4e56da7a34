import multipart from '@fastify/multipart';
import {
  BILL_IMPORT_EXAMPLE,
  ImportRefusal,
  ImportReport,
  meterReadingEntity,
  MESSAGES,
  Money,
  paymentBillEntity,
  translate,
  type ErrorKey,
  type Locale,
  type MessageParams,
} from '@property/domain';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { parseId, type CrudContext, type Row } from '../../platform/crud/engine';
import { data, failure } from '../../platform/http/envelope';
import { ApiError, badRequest } from '../../platform/http/errors';
import { localeOfRequest } from '../../platform/http/locale';
import { fileAnswer, fileField, get, idText, params, post } from '../../platform/http/operation';
import { contextOf, type RequestContext } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';
import {
  importFailureMessage,
  MAX_CELL_CHARS,
  readFirstSheet,
  readUpload,
  XLSX_MIME,
  type RowProblem,
} from '../../platform/http/xlsx-upload';
import { gardenRow } from '../community/hierarchy';
import { parsePeriod } from './bills';
import { existingKeys, insertBills, planBill, type PlannedBill } from './generation';

/**
 * Spreadsheet imports of billing (issue 14): meter readings (read by the
 * company's staff, then billed by the generator) and ad-hoc fees (bills of
 * items charged at a typed amount, formula 7). As the house import does: a
 * template to download, then an upload checked row by row, all or nothing —
 * when any row is wrong nothing is saved and the 400 lists every wrong row
 * with its row number and message. The sheet is read as a stream, row by
 * row, and refused once it passes MAX_ROWS rows, so a huge sheet is never
 * held whole in memory. Rows name the house as bills show it ("1栋1单元0101")
 * and the item by its name, within the garden the query names.
 */
export const MAX_ROWS = 20_000;
const FORMULA_METER = 4;
const FORMULA_ADHOC = 7;
const READING = /^\d{1,12}(\.\d{1,4})?$/;
const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

type ColumnKey = keyof typeof MESSAGES.zh.billImport.columns;
interface Sheet {
  kind: 'readings' | 'fees';
  columns: ReadonlyArray<{ key: ColumnKey; required: boolean; example: string; width: number }>;
}

const READINGS: Sheet = {
  kind: 'readings',
  columns: [
    { key: 'houseName', required: true, example: BILL_IMPORT_EXAMPLE.houseName, width: 18 },
    { key: 'itemName', required: true, example: BILL_IMPORT_EXAMPLE.meterItem, width: 14 },
    { key: 'period', required: true, example: '2026-01', width: 10 },
    { key: 'lastReading', required: false, example: '1200.5', width: 12 },
    { key: 'currentReading', required: true, example: '1236.0', width: 12 },
    { key: 'readDate', required: false, example: '2026-01-28', width: 12 },
  ],
};
const FEES: Sheet = {
  kind: 'fees',
  columns: [
    { key: 'houseName', required: true, example: BILL_IMPORT_EXAMPLE.houseName, width: 18 },
    { key: 'itemName', required: true, example: BILL_IMPORT_EXAMPLE.adhocItem, width: 16 },
    { key: 'period', required: true, example: '2026-01', width: 10 },
    { key: 'amount', required: true, example: '300.00', width: 12 },
    { key: 'dueDate', required: false, example: '2026-01-31', width: 12 },
    { key: 'remark', required: false, example: BILL_IMPORT_EXAMPLE.remark, width: 20 },
  ],
};

const LOCALES: Locale[] = ['zh', 'en'];
const headerOf = (locale: Locale, key: ColumnKey) => MESSAGES[locale].billImport.columns[key];

/** A row's fault: the message key and params, reported with the row number. */
class RowFault extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly params?: MessageParams,
  ) {
    super(key);
  }
}

/**
 * The sheet's rows as text by column key (the first sheet, read as a stream
 * and refused past MAX_ROWS rows); its header row finds the columns, in
 * either language or by key.
 */
async function readRows(
  buffer: Buffer,
  sheet: Sheet,
  locale: Locale,
): Promise<Array<{ row: number; raw: Record<ColumnKey, string> }>> {
  const text = await readFirstSheet(buffer, MAX_ROWS);
  const columnOf = new Map<ColumnKey, number>();
  text.header.forEach((title, col) => {
    const column = sheet.columns.find((c) => c.key === title || LOCALES.some((l) => headerOf(l, c.key) === title));
    if (column) columnOf.set(column.key, col);
  });
  const missing = sheet.columns.filter((c) => c.required && !columnOf.has(c.key)).map((c) => headerOf(locale, c.key));
  if (missing.length) throw badRequest('importMissingColumns', { columns: missing });
  const rows = text.rows.map(({ rowNumber, cells }) => ({
    row: rowNumber,
    raw: Object.fromEntries(
      sheet.columns.map((c) => [c.key, columnOf.has(c.key) ? (cells[columnOf.get(c.key)!] ?? '') : '']),
    ) as Record<ColumnKey, string>,
  }));
  if (rows.length === 0) throw badRequest('importEmpty');
  return rows;
}

/** The garden's houses by the name bills show, with what a bill copies (owner, building, unit). */
async function housesOf(ctx: CrudContext, gardenId: string): Promise<Map<string, Row>> {
  const rows = await sql<Row>`select h.id as house_id, h.garden_id, h.building_id, h.unit_id, h.house_name, h.built_area,
      h.inner_area, h.house_status, h.floor, o.id as owner_id, o.name as owner_name, o.phone as owner_phone
    from property_house h
      left join lateral (select w.id, w.name, w.phone from property_ownership p join property_owner w on w.id = p.owner_id
        and w.is_deleted = 0 where p.tenant_id = h.tenant_id and p.is_deleted = 0 and p.house_id = h.id order by p.id limit 1) o on true
    where h.is_deleted = 0 and h.tenant_id = ${ctx.auth.tenantId} and h.garden_id = ${gardenId}`.execute(ctx.db);
  return new Map(rows.rows.map((r) => [String(r.house_name), r]));
}

/** The garden's items by name, with their formula's kind. */
async function itemsOf(ctx: CrudContext, gardenId: string): Promise<Map<string, Row>> {
  const rows = await sql<Row>`select i.*, f.formula_type, f.expression, f.escalation_months, f.escalation_percent
    from property_payment_item i join property_pay_formula f on f.id = i.formula_id
    where i.is_deleted = 0 and i.tenant_id = ${ctx.auth.tenantId} and i.garden_id = ${gardenId}`.execute(ctx.db);
  return new Map(rows.rows.map((r) => [String(r.item_name), r]));
}

interface Checked<T> {
  total: number;
  planned: T[];
  errors: RowProblem[];
}

/** Runs `check` on each row, collecting its fault (or an ApiError's) as that row's problem. */
function checkRows<T>(
  rows: Array<{ row: number; raw: Record<ColumnKey, string> }>,
  locale: Locale,
  check: (raw: Record<ColumnKey, string>, row: number) => T,
): Checked<T> {
  const planned: T[] = [];
  const errors: RowProblem[] = [];
  for (const { row, raw } of rows) {
    try {
      if (Object.values(raw).some((v) => v.length > MAX_CELL_CHARS))
        throw badRequest('importCellTooLong', { max: MAX_CELL_CHARS });
      planned.push(check(raw, row));
    } catch (error) {
      if (error instanceof RowFault || error instanceof ApiError)
        errors.push({ row, message: translate(locale, error.key, error.params) });
      else throw error;
    }
  }
  return { total: rows.length, planned, errors };
}

/** The house and item a row names, and its period; a repeat of an earlier row is a fault. */
function rowTarget(
  raw: Record<ColumnKey, string>,
  row: number,
  houses: Map<string, Row>,
  items: Map<string, Row>,
  seen: Map<string, number>,
) {
  const house = houses.get(raw.houseName);
  if (!house) throw new RowFault('importHouseUnknown', { name: raw.houseName });
  const item = items.get(raw.itemName);
  if (!item) throw new RowFault('importItemUnknown', { name: raw.itemName });
  const period = parsePeriod(raw.period);
  const key = `${house.house_id}:${item.id}:${period}`;
  const first = seen.get(key);
  if (first !== undefined) throw new RowFault('importRepeatedEntry', { row: first });
  seen.set(key, row);
  return { house, item, period };
}

interface PlannedReading {
  row: number;
  houseId: string;
  itemId: string;
  period: string;
  last: string | null;
  current: string;
  readDate: string | null;
}

/** Meter readings: every row checked, then all saved in one transaction, or none. */
export async function importReadings(ctx: CrudContext, buffer: Buffer, gardenId: string, locale: Locale) {
  const rows = await readRows(buffer, READINGS, locale);
  const [houses, items] = await Promise.all([housesOf(ctx, gardenId), itemsOf(ctx, gardenId)]);
  const seen = new Map<string, number>();
  const checked = checkRows(rows, locale, (raw, row): PlannedReading => {
    const { house, item, period } = rowTarget(raw, row, houses, items, seen);
    if (Number(item.formula_type) !== FORMULA_METER) throw new RowFault('importItemNotMeter', { name: raw.itemName });
    if (!raw.currentReading) throw new RowFault('readingRequired');
    for (const value of [raw.currentReading, raw.lastReading])
      if (value && !READING.test(value)) throw new RowFault('readingInvalid');
    if (raw.lastReading && Money.compare(raw.currentReading, raw.lastReading) < 0) throw new RowFault('meterReadingBackwards');
    if (raw.readDate && !DATE.test(raw.readDate)) throw new RowFault('dateInvalid');
    return {
      row,
      houseId: String(house.house_id),
      itemId: String(item.id),
      period,
      last: raw.lastReading || null,
      current: raw.currentReading,
      readDate: raw.readDate || null,
    };
  });
  // What the database adds: a reading taken already; the last reading from the one before when the row has none.
  if (checked.planned.length) {
    const houseIds = [...new Set(checked.planned.map((p) => p.houseId))];
    const known = await sql<{ house_id: string; item_id: string; period: string; current_reading: string }>`
      select house_id, item_id, period, current_reading from property_meter_reading where is_deleted = 0
        and tenant_id = ${ctx.auth.tenantId} and house_id in (${sql.join(houseIds)})
        and item_id in (${sql.join([...new Set(checked.planned.map((p) => p.itemId))])})`.execute(ctx.db);
    const byTarget = new Map<string, Array<{ period: string; current: string }>>();
    for (const r of known.rows) {
      const key = `${r.house_id}:${r.item_id}`;
      byTarget.set(key, [...(byTarget.get(key) ?? []), { period: r.period, current: String(r.current_reading) }]);
    }
    const fromFile = new Map<string, Array<{ period: string; current: string }>>();
    for (const p of checked.planned) {
      const key = `${p.houseId}:${p.itemId}`;
      fromFile.set(key, [...(fromFile.get(key) ?? []), { period: p.period, current: p.current }]);
    }
    checked.planned = checked.planned.filter((p) => {
      const key = `${p.houseId}:${p.itemId}`;
      const fault = (k: ErrorKey) => (checked.errors.push({ row: p.row, message: translate(locale, k) }), false);
      if ((byTarget.get(key) ?? []).some((r) => r.period === p.period)) return fault('readingTaken');
      if (p.last !== null) return true;
      const earlier = [...(byTarget.get(key) ?? []), ...(fromFile.get(key) ?? [])]
        .filter((r) => r.period < p.period)
        .sort((a, b) => (a.period < b.period ? 1 : -1))[0];
      if (!earlier) return fault('readingLastMissing');
      if (Money.compare(p.current, earlier.current) < 0) return fault('meterReadingBackwards');
      p.last = earlier.current;
      return true;
    });
  }
  if (checked.errors.length) return refused(checked);
  await ctx.db.transaction().execute(async (tx) => {
    for (let i = 0; i < checked.planned.length; i += 1000) {
      const values = checked.planned.slice(i, i + 1000).map(
        (p) => sql`(${ctx.auth.tenantId}, ${gardenId}, ${p.houseId}, ${p.itemId}, ${p.period}, ${p.last}::numeric,
          ${p.current}::numeric, ${p.readDate}::date, ${ctx.auth.userId || null}, ${ctx.auth.deptId || null}, ${ctx.auth.userId || null})`,
      );
      await sql`insert into ${sql.table(meterReadingEntity.table)} (tenant_id, garden_id, house_id, item_id, period, last_reading,
          current_reading, read_date, create_user, create_dept, update_user) values ${sql.join(values)}`.execute(tx);
    }
  });
  return { total: checked.total, success: checked.planned.length, errors: [] };
}

/** Ad-hoc fees: a bill per row (lines and log as the generator writes them), all in one transaction, or none. */
export async function importFees(ctx: CrudContext, buffer: Buffer, gardenId: string, locale: Locale) {
  const rows = await readRows(buffer, FEES, locale);
  const [houses, items] = await Promise.all([housesOf(ctx, gardenId), itemsOf(ctx, gardenId)]);
  const seen = new Map<string, number>();
  const remarks = new Map<string, string>();
  const checked = checkRows(rows, locale, (raw, row): { plan: PlannedBill; row: number } => {
    const { house, item, period } = rowTarget(raw, row, houses, items, seen);
    if (Number(item.formula_type) !== FORMULA_ADHOC) throw new RowFault('importItemNotAdhoc', { name: raw.itemName });
    if (!raw.amount) throw new RowFault('chargeAmountMissing');
    if (!AMOUNT.test(raw.amount)) throw new RowFault('moneyInvalid');
    if (raw.dueDate && !DATE.test(raw.dueDate)) throw new RowFault('dateInvalid');
    let planned: PlannedBill;
    try {
      planned = planBill(ctx, item, house, period, raw.amount);
    } catch (e) {
      if (e instanceof Money.ChargeError) throw new RowFault(e.key, e.params as MessageParams);
      throw e;
    }
    if (raw.dueDate) planned.row.due_date = raw.dueDate;
    if (raw.remark) remarks.set(planned.billKey, raw.remark.slice(0, 500));
    return { plan: planned, row };
  });
  const planned = checked.planned.map((p) => p.plan);
  const rowOf = new Map(checked.planned.map((p) => [p.plan.billKey, p.row]));
  const taken = await existingKeys(
    ctx,
    planned.map((p) => p.billKey),
  );
  for (const p of planned.filter((p) => taken.has(p.billKey)))
    checked.errors.push({ row: rowOf.get(p.billKey)!, message: translate(locale, 'billKeyTaken') });
  if (checked.errors.length) return refused(checked);
  await ctx.db.transaction().execute(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    for (let i = 0; i < planned.length; i += 500) {
      const ids = await insertBills(txCtx, planned.slice(i, i + 500));
      // Keys checked above; a bill made meanwhile by someone else fails the whole import rather than half of it.
      if (ids.length !== Math.min(500, planned.length - i)) throw badRequest('billKeyTaken');
    }
    for (const [key, remark] of remarks) {
      await sql`update property_payment_bill set remark = ${remark} where tenant_id = ${ctx.auth.tenantId}
        and bill_key = ${key} and is_deleted = 0`.execute(tx);
    }
  });
  return { total: checked.total, success: planned.length, errors: [] };
}

function refused(checked: Checked<unknown>) {
  return { total: checked.total, success: 0, errors: [...checked.errors].sort((a, b) => a.row - b.row) };
}

/** Template download and upload routes of one import. */
function registerImport(
  app: FastifyInstance,
  services: Services,
  how: {
    base: string;
    tag: string;
    sheet: Sheet;
    button: string;
    summary: string;
    run: (ctx: CrudContext, buffer: Buffer, gardenId: string, locale: Locale) => Promise<ImportReport>;
  },
): void {
  const words = (locale: Locale) => MESSAGES[locale].billImport;
  app.get(
    `${how.base}/import-template`,
    get({
      tags: [how.tag],
      summary: `Excel template: ${how.summary}`,
      description: `Needs ${how.button}.`,
      answers: { 200: fileAnswer('The template: its columns and an example row', XLSX_MIME) },
    }),
    async (req, reply) => {
      const ctx = await contextOf(services, req);
      ctx.requireCode(how.button);
      const locale = localeOfRequest(req);
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet(how.sheet.kind === 'readings' ? words(locale).readingsSheet : words(locale).feesSheet);
      sheet.columns = how.sheet.columns.map((c) => ({
        header: headerOf(locale, c.key),
        key: c.key,
        width: c.width,
        style: { numFmt: '@' },
      }));
      sheet.getRow(1).font = { bold: true };
      sheet.addRow(Object.fromEntries(how.sheet.columns.map((c) => [c.key, c.example])));
      const file = how.sheet.kind === 'readings' ? words(locale).readingsFile : words(locale).feesFile;
      return reply
        .header('Content-Type', XLSX_MIME)
        .header(
          'Content-Disposition',
          `attachment; filename="${how.sheet.kind}-template.xlsx"; filename*=UTF-8''${encodeURIComponent(file)}`,
        )
        .send(Buffer.from(await workbook.xlsx.writeBuffer()));
    },
  );
  void app.register(async (scope) => {
    if (!scope.hasContentTypeParser('multipart/form-data')) await scope.register(multipart);
    scope.post(
      `${how.base}/import`,
      post({
        tags: [how.tag],
        summary: `Import ${how.summary} from an .xlsx file (all or nothing)`,
        description: `Rows name the house as bills show it and the item by name, within gardenId. When any row is wrong nothing is saved and the 400 lists every wrong row. Read as a stream; at most 10 MB and ${MAX_ROWS} rows. Needs ${how.button}.`,
        query: params({ gardenId: idText('the garden') }, ['gardenId']),
        multipart: { file: fileField('the .xlsx file') },
        data: ImportReport,
        errors: { 400: ImportRefusal },
      }),
      async (req: FastifyRequest, reply: FastifyReply) => {
        const ctx: RequestContext = await contextOf(services, req);
        ctx.requireCode(how.button);
        const gardenId = parseId((req.query as Record<string, unknown>).gardenId, 'gardenId');
        await gardenRow(ctx, gardenId);
        const { buffer } = await readUpload(req);
        const locale = localeOfRequest(req);
        const result = await how.run(ctx, buffer, gardenId, locale);
        if (result.errors.length === 0) return data(result);
        return reply.status(400).send(failure(400, importFailureMessage(locale, result.errors), result));
      },
    );
  });
}

/** meterreading/import (paymentitems_import) and paymentbill/import (paymentbill_import), with their templates. */
export function registerBillingImports(app: FastifyInstance, services: Services): void {
  registerImport(app, services, {
    base: `/api${meterReadingEntity.base}`,
    tag: meterReadingEntity.label.en,
    sheet: READINGS,
    button: 'paymentitems_import',
    summary: 'meter readings',
    run: importReadings,
  });
  registerImport(app, services, {
    base: `/api${paymentBillEntity.base}`,
    tag: paymentBillEntity.label.en,
    sheet: FEES,
    button: 'paymentbill_import',
    summary: 'ad-hoc fees',
    run: importFees,
  });
}
