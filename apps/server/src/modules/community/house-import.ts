import multipart from '@fastify/multipart';
import {
  buildingEntity,
  entity,
  gardenEntity,
  HOUSE_IMPORT_EXAMPLE,
  houseEntity,
  ImportRefusal,
  ImportReport,
  isBlank,
  MESSAGES,
  translate,
  unitEntity,
  type Locale,
} from '@property/domain';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { parseId, type CrudContext } from '../../platform/crud/engine';
import { validateBody } from '../../platform/crud/validate';
import { data, failure } from '../../platform/http/envelope';
import { ApiError, badRequest } from '../../platform/http/errors';
import { fileAnswer, fileField, get, idText, params, post } from '../../platform/http/operation';
import { localeOfRequest } from '../../platform/http/locale';
import {
  importFailureMessage,
  MAX_CELL_CHARS,
  readFirstSheet,
  readUpload,
  XLSX_MIME,
  type RowProblem,
} from '../../platform/http/xlsx-upload';
import { contextOf } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';
import { gardens, houseNameOf } from './hierarchy';
import { saveHouses, type PlannedHouse } from './house-bulk';

/**
 * One row of the house import: the names of garden, building and unit (as
 * people type them in a spreadsheet) and the house's own fields. Built from
 * the entity definitions so every row answers the same messages as the form.
 */
const importRow = entity({
  table: houseEntity.table,
  base: houseEntity.base,
  owner: houseEntity.owner,
  permission: houseEntity.permission,
  name: 'houseImport',
  fields: {
    gardenName: { ...gardenEntity.fields.gardenName!, required: undefined },
    buildingName: buildingEntity.fields.buildingName!,
    unitName: unitEntity.fields.unitName!,
    floor: houseEntity.fields.floor!,
    name: houseEntity.fields.name!,
    builtArea: houseEntity.fields.builtArea!,
    innerArea: houseEntity.fields.innerArea!,
    houseType: houseEntity.fields.houseType!,
    houseStatus: houseEntity.fields.houseStatus!,
    remark: houseEntity.fields.remark!,
  },
});

/** The template's columns, in order: the field each fills (its header is in the messages, `houseImport.columns`). */
const COLUMNS: ReadonlyArray<{
  key: keyof typeof importRow.fields & keyof typeof MESSAGES.zh.houseImport.columns;
  example: string | number;
  width: number;
}> = [
  { key: 'gardenName', example: HOUSE_IMPORT_EXAMPLE.gardenName, width: 16 },
  { key: 'buildingName', example: HOUSE_IMPORT_EXAMPLE.buildingName, width: 12 },
  { key: 'unitName', example: HOUSE_IMPORT_EXAMPLE.unitName, width: 12 },
  { key: 'floor', example: 1, width: 8 },
  { key: 'name', example: '0101', width: 10 },
  { key: 'builtArea', example: '89.50', width: 12 },
  { key: 'innerArea', example: '72.30', width: 12 },
  { key: 'houseType', example: HOUSE_IMPORT_EXAMPLE.houseType, width: 12 },
  { key: 'houseStatus', example: HOUSE_IMPORT_EXAMPLE.houseStatus, width: 12 },
  { key: 'remark', example: '', width: 20 },
];
const headerOf = (locale: Locale, key: (typeof COLUMNS)[number]['key']) => MESSAGES[locale].houseImport.columns[key];
/** A sheet's header names its column in either language, or by the field's key. */
const LOCALES: Locale[] = ['zh', 'en'];
const columnOfHeader = (text: string) => COLUMNS.find((c) => c.key === text || LOCALES.some((l) => headerOf(l, c.key) === text));
const REQUIRED_COLUMNS = ['buildingName', 'unitName', 'floor', 'name'];
const DICTS = { houseType: 'house_type', houseStatus: 'house_status' } as const;

export const MAX_IMPORT_ROWS = 20_000;
export { MAX_CELL_CHARS } from '../../platform/http/xlsx-upload';
/** Floors an imported house may be on. */
const IMPORT_FLOORS = { min: -10, max: 300 };

/** Key → value of a dictionary, accepting the value shown ("住宅") or the key ("1"). */
async function dictionary(ctx: CrudContext, code: string): Promise<Map<string, string>> {
  const rows = await sql<{ dict_key: string; dict_value: string }>`
    select dict_key, dict_value from blade_dict_biz where code = ${code} and parent_id <> 0 and is_deleted = 0 and tenant_id = ${ctx.auth.tenantId}
    union all
    select dict_key, dict_value from blade_dict where code = ${code} and parent_id <> 0 and is_deleted = 0`.execute(ctx.db);
  const map = new Map<string, string>();
  for (const r of rows.rows) {
    map.set(String(r.dict_key), String(r.dict_key));
    map.set(String(r.dict_value), String(r.dict_key));
  }
  return map;
}

/** Decimal text → hundredths as a bigint, to compare areas exactly. */
const hundredths = (text: string) => {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole!) * 100n + BigInt((fraction + '00').slice(0, 2));
};

/**
 * House import (issue 4): a template to download, then an upload checked row
 * by row. All or nothing: when any row is wrong nothing is saved and the
 * answer (400) lists every wrong row with its row number and message, so the
 * user fixes the file and uploads it again; when all rows are right they are
 * saved in one transaction, creating missing buildings and units by name.
 */
export function registerHouseImport(app: FastifyInstance, services: Services): void {
  const base = `/api${houseEntity.base}`;
  const tags = [houseEntity.label.en];

  const template = get({
    tags,
    summary: 'Excel template of the house import',
    answers: { 200: fileAnswer('The template: its columns and an example row', XLSX_MIME) },
  });
  app.get(`${base}/import-template`, template, async (req, reply) => {
    const ctx = await contextOf(services, req);
    ctx.require(houseEntity, 'add');
    const locale = localeOfRequest(req);
    const words = MESSAGES[locale].houseImport;
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet(words.sheet);
    sheet.columns = COLUMNS.map((c) => ({ header: words.columns[c.key], key: c.key, width: c.width, style: { numFmt: '@' } }));
    sheet.getRow(1).font = { bold: true };
    sheet.addRow(Object.fromEntries(COLUMNS.map((c) => [c.key, c.example])));
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    return reply
      .header('Content-Type', XLSX_MIME)
      .header(
        'Content-Disposition',
        `attachment; filename="house-template.xlsx"; filename*=UTF-8''${encodeURIComponent(words.file)}`,
      )
      .send(buffer);
  });

  // Multipart parsing only for this route's own context, unless the app already parses it for everyone.
  void app.register(async (scope) => {
    if (!scope.hasContentTypeParser('multipart/form-data')) await scope.register(multipart);
    scope.post(
      `${base}/import`,
      post({
        tags,
        summary: 'Import houses from an .xlsx file (all or nothing)',
        description:
          'Every row is checked as the house form checks it; when any row is wrong nothing is saved and the 400 lists every wrong row. Missing buildings and units are made by name. At most 10 MB and 20,000 rows.',
        query: params({ gardenId: idText('the garden of rows without a garden-name column') }),
        multipart: { file: fileField('the .xlsx file'), gardenId: idText('as the query parameter') },
        data: ImportReport,
        errors: { 400: ImportRefusal },
      }),
      async (req, reply) => {
        const ctx = await contextOf(services, req);
        ctx.require(houseEntity, 'add');
        const { buffer, fields } = await readUpload(req);
        const query = req.query as Record<string, unknown>;
        const defaultGarden = query.gardenId ?? fields.gardenId;
        const gardenId = isBlank(defaultGarden) ? undefined : parseId(defaultGarden, 'gardenId');
        const locale = localeOfRequest(req);
        const result = await importHouses(ctx, buffer, gardenId, locale);
        if (result.errors.length === 0) return data(result);
        return reply.status(400).send(failure(400, importFailureMessage(locale, result.errors), result));
      },
    );
  });
}

/** The checked rows of a workbook, then the save; answers counts and the wrong rows. */
export async function importHouses(
  ctx: CrudContext,
  buffer: Buffer,
  defaultGardenId?: string,
  locale: Locale = 'zh',
): Promise<{ total: number; success: number; errors: RowProblem[] }> {
  const sheet = await readFirstSheet(buffer, MAX_IMPORT_ROWS);
  if (sheet.rows.length === 0) throw badRequest('importEmpty');
  // Columns are found by header, so a reordered sheet still reads right; keys work as headers too.
  const columnOf = new Map<string, number>();
  sheet.header.forEach((text, col) => {
    const column = columnOfHeader(text);
    if (column) columnOf.set(column.key, col);
  });
  const missing = COLUMNS.filter(
    (c) => (REQUIRED_COLUMNS.includes(c.key) || (c.key === 'gardenName' && !defaultGardenId)) && !columnOf.has(c.key),
  ).map((c) => headerOf(locale, c.key));
  if (missing.length) throw badRequest('importMissingColumns', { columns: missing });

  // The caller's gardens only (tenant and data scope), as the form's garden picker offers them.
  const [gardenRows, types, statuses] = await Promise.all([
    gardens.all(ctx, {}, [], 10_000),
    dictionary(ctx, DICTS.houseType),
    dictionary(ctx, DICTS.houseStatus),
  ]);
  const gardenByName = new Map(gardenRows.map((g) => [String(g.gardenName), String(g.id)]));
  if (defaultGardenId) ctx.requireGarden?.(defaultGardenId);
  if (defaultGardenId && !gardenRows.some((g) => String(g.id) === defaultGardenId)) throw badRequest('gardenMissing');

  const errors: RowProblem[] = [];
  const planned: Array<PlannedHouse & { row: number; gardenId: string }> = [];
  const firstRowOf = new Map<string, number>();
  for (const { rowNumber, cells } of sheet.rows) {
    const raw: Record<string, string> = {};
    for (const [key, col] of columnOf) raw[key] = cells[col] ?? '';
    if (Object.values(raw).every((v) => v === '')) continue;
    try {
      const long = Object.values(raw).find((v) => v.length > MAX_CELL_CHARS);
      if (long !== undefined) throw badRequest('importCellTooLong', { max: MAX_CELL_CHARS });
      for (const [key, code] of Object.entries(DICTS) as Array<[keyof typeof DICTS, string]>) {
        if (!raw[key]) continue;
        const dictKey = (key === 'houseType' ? types : statuses).get(raw[key]);
        if (dictKey === undefined)
          throw badRequest(key === 'houseType' ? 'importBadHouseType' : 'importBadHouseStatus', { value: raw[key]!, code });
        raw[key] = dictKey;
      }
      const values = validateBody(importRow, raw, true);
      const gardenId = values.garden_name ? gardenByName.get(String(values.garden_name)) : defaultGardenId;
      if (!gardenId)
        throw values.garden_name
          ? badRequest('importGardenUnknown', { name: String(values.garden_name) })
          : badRequest('gardenNameRequired');
      const floor = Number(values.floor);
      if (floor < IMPORT_FLOORS.min || floor > IMPORT_FLOORS.max) throw badRequest('floorOutOfRange', IMPORT_FLOORS);
      const [built, inner] = [values.built_area as string | undefined, values.inner_area as string | undefined];
      if (built && inner && hundredths(inner) > hundredths(built)) throw badRequest('innerAreaTooLarge');
      const house = {
        row: rowNumber,
        gardenId,
        buildingName: String(values.building_name).trim(),
        unitName: String(values.unit_name).trim(),
        floor,
        name: String(values.name).trim(),
        builtArea: built ?? null,
        innerArea: inner ?? null,
        houseType: (values.house_type as number | undefined) ?? null,
        houseStatus: (values.house_status as number | undefined) ?? null,
        remark: (values.remark as string | undefined) ?? null,
      };
      const key = [gardenId, house.buildingName, house.unitName, house.name].join('\u0000');
      const first = firstRowOf.get(key);
      if (first !== undefined) throw badRequest('importRepeatedRow', { row: first });
      firstRowOf.set(key, rowNumber);
      planned.push(house);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      errors.push({ row: rowNumber, message: translate(locale, error.key, error.params) });
    }
  }
  if (planned.length === 0 && errors.length === 0) throw badRequest('importEmpty');

  // Houses that exist already, by their names, so each clash is reported on its own row.
  const gardenIds = [...new Set(planned.map((h) => h.gardenId))];
  if (gardenIds.length) {
    const existing = await sql<{ garden_id: string; building_name: string; unit_name: string; name: string }>`
      select h.garden_id, b.building_name, u.unit_name, h.name from property_house h
        join property_building b on b.id = h.building_id join property_unit u on u.id = h.unit_id
      where h.is_deleted = 0 and h.tenant_id = ${ctx.auth.tenantId} and h.garden_id in (${sql.join(gardenIds)})
        and b.building_name in (${sql.join([...new Set(planned.map((h) => h.buildingName))])})`.execute(ctx.db);
    const taken = new Set(existing.rows.map((r) => [String(r.garden_id), r.building_name, r.unit_name, r.name].join('\u0000')));
    for (const h of planned) {
      if (taken.has([h.gardenId, h.buildingName, h.unitName, h.name].join('\u0000')))
        errors.push({
          row: h.row,
          message: translate(locale, 'housesExist', { names: [houseNameOf(h.buildingName, h.unitName, h.name)] }),
        });
    }
  }
  const total = planned.length + new Set(errors.map((e) => e.row)).size - countOverlap(planned, errors);
  if (errors.length > 0) return { total, success: 0, errors: errors.sort((a, b) => a.row - b.row) };

  await ctx.db.transaction().execute(async (tx) => {
    for (const gardenId of gardenIds) {
      await saveHouses(
        { ...ctx, db: tx },
        gardenId,
        planned.filter((h) => h.gardenId === gardenId),
      );
    }
  });
  return { total, success: planned.length, errors: [] };
}

/** Rows both planned and reported (an existing house): counted once in the total. */
function countOverlap(planned: Array<{ row: number }>, errors: RowProblem[]): number {
  const wrong = new Set(errors.map((e) => e.row));
  return planned.filter((h) => wrong.has(h.row)).length;
}
