import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ROWS } from '../src/modules/billing/import';
import { DEMO_TENANT } from '../src/seed/seed';
import type { ApiClient } from './client';
import { ok, otherTenant, signedIn } from './facility-fixtures';
import { startServer, type TestServer } from './harness';
import { templateHeader, uploadImport, workbook } from './import-files';

/**
 * The billing imports over HTTP: meter readings and ad-hoc fees from .xlsx,
 * all or nothing with every wrong row reported by number and message, the
 * last reading taken from the one before, bills with lines and log, the row
 * limit, and the buttons and gardens they need.
 */
let server: TestServer;
let admin: ApiClient;
let other: ApiClient;
let staff: ApiClient;
let gardenId: string;
let waterItem: string;
let feeItem: string;
const db = () => server.built.services.db;

const upload = (client: ApiClient, path: string, file: Buffer, garden = gardenId) =>
  uploadImport(server, client, `/system-property/${path}/import`, file, { query: { gardenId: garden } });

/** Houses of the garden by the name bills show, the first `n`. */
async function houseNames(n: number): Promise<string[]> {
  const rows = await sql<{ house_name: string }>`select house_name from property_house where garden_id = ${gardenId}
    and is_deleted = 0 order by id limit ${n}`.execute(db());
  return rows.rows.map((r) => r.house_name);
}

beforeAll(async () => {
  server = await startServer();
  admin = await signedIn(server, 'admin', 'admin', DEMO_TENANT);
  other = await otherTenant(server, '导入账单物业');
  staff = await signedIn(server, 'staff', 'staff123', '000000');
  gardenId = (await admin.get('/system-property/garden/list', { gardenName_equal: '阳光花园' })).body.data.records[0].id;
  const formulas = (await admin.get('/system-property/payformula/list', { size: 50 })).body.data.records as Array<{
    id: string;
    formulaType: number;
  }>;
  const meter = formulas.find((f) => f.formulaType === 4)!;
  expect(
    (await admin.post('/system-property/payformula/submit', { formulaName: '导入临时金额', formulaType: 7 })).body,
  ).toMatchObject(ok);
  const adhoc = (await admin.get('/system-property/payformula/list', { formulaName_equal: '导入临时金额' })).body.data.records[0];
  for (const [itemName, formulaId, feeType] of [
    ['导入热水费', meter.id, 2],
    ['导入清运费', adhoc.id, 7],
  ] as const) {
    expect(
      (
        await admin.post('/system-property/paymentitems/save', {
          gardenId,
          itemName,
          feeType,
          formulaId,
          unitPrice: '6.50',
          billingCycle: 1,
          dueDay: 20,
        })
      ).body,
    ).toMatchObject(ok);
  }
  const items = (await admin.get('/system-property/paymentitems/list', { itemName: '导入', size: 10 })).body.data.records;
  waterItem = items.find((i: { itemName: string }) => i.itemName === '导入热水费').id;
  feeItem = items.find((i: { itemName: string }) => i.itemName === '导入清运费').id;
});
afterAll(async () => server?.close());

describe('meter readings', () => {
  const header = ['房屋', '收费项目', '账期', '上期读数', '本期读数', '抄表日期'];

  it('reports every wrong row and saves nothing', async () => {
    const [a, b] = await houseNames(2);
    const file = await workbook(header, [
      [a!, '导入热水费', '2026-01', '10', '25.5', '2026-01-28'],
      ['9栋9单元9999', '导入热水费', '2026-01', '0', '1'],
      [b!, '导入清运费', '2026-01', '0', '1'],
      [b!, '导入热水费', '2026-13', '0', '1'],
      [b!, '导入热水费', '2026-01', '20', '12'],
      [a!, '导入热水费', '2026-01', '25.5', '30'],
      [b!, '导入热水费', '2026-02', '', '40'],
    ]);
    const answer = await upload(admin, 'meterreading', file);
    expect(answer.status).toBe(400);
    expect(answer.body.data.errors).toEqual([
      { row: 3, message: '小区中没有该房屋: 9栋9单元9999' },
      { row: 4, message: '导入清运费不是按抄表计费的项目' },
      { row: 5, message: '账期格式为年-月,例如 2026-01' },
      { row: 6, message: '本期读数不能小于上期读数' },
      { row: 7, message: '与第2行的房屋、收费项目和账期相同' },
      { row: 8, message: '该房屋没有更早的读数,请填写上期读数' },
    ]);
    expect(answer.body.msg).toMatch(/^导入失败/);
    const saved = await sql<{
      n: number;
    }>`select count(*)::int as n from property_meter_reading where item_id = ${waterItem}`.execute(db());
    expect(saved.rows[0]!.n).toBe(0);
  });

  it('saves a good sheet, taking a missing last reading from the period before', async () => {
    const [a, b] = await houseNames(2);
    const file = await workbook(header, [
      [a!, '导入热水费', '2026-01', '100', '112.5'],
      [b!, '导入热水费', '2026-01', '200', '230'],
      [a!, '导入热水费', '2026-02', '', '120.5'],
    ]);
    const answer = await upload(admin, 'meterreading', file);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toEqual({ total: 3, success: 3, errors: [] });
    const feb = await sql<{ last_reading: string; current_reading: string }>`select last_reading::text, current_reading::text
      from property_meter_reading where item_id = ${waterItem} and period = '2026-02'`.execute(db());
    expect(feb.rows.map((r) => [Number(r.last_reading), Number(r.current_reading)])).toEqual([[112.5, 120.5]]);
    // Taken again: each row is a reading that exists.
    const again = await upload(admin, 'meterreading', await workbook(header, [[a!, '导入热水费', '2026-01', '100', '112.5']]));
    expect(again.body.data.errors).toEqual([{ row: 2, message: '该房屋本账期已有此收费项目的抄表记录' }]);
  });
});

describe('ad-hoc fees', () => {
  const header = ['房屋', '收费项目', '账期', '金额', '缴费截止日', '备注'];

  it('makes a bill per row with its line and log, and refuses a second import of the same bills', async () => {
    const [a, b] = await houseNames(2);
    const file = await workbook(header, [
      [a!, '导入清运费', '2026-03', '300', '2026-03-31', '装修垃圾'],
      [b!, '导入清运费', '2026-03', '45.5', '', ''],
    ]);
    const answer = await upload(admin, 'paymentbill', file);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toEqual({ total: 2, success: 2, errors: [] });
    const bills = (await admin.get('/system-property/paymentbill/pageOut', { itemId: feeItem, size: 10, ascs: 'id' })).body.data
      .records;
    expect(bills.map((r: { houseName: string; amount: string }) => [r.houseName, r.amount])).toEqual([
      [a, '300.00'],
      [b, '45.50'],
    ]);
    expect(bills[0]).toMatchObject({ dueDate: '2026-03-31', remark: '装修垃圾' });
    const lines = await sql<{ n: number; logs: number }>`select count(*)::int as n,
        (select count(*)::int from property_bill_log where bill_id in (select id from property_payment_bill
          where item_id = ${feeItem}) and action = 1) as logs
      from property_payment_bill_child where bill_id in (select id from property_payment_bill where item_id = ${feeItem})`.execute(
      db(),
    );
    expect(lines.rows[0]).toEqual({ n: 2, logs: 2 });
    const again = await upload(admin, 'paymentbill', file);
    expect(again.status).toBe(400);
    expect(again.body.data.errors.map((e: { row: number }) => e.row)).toEqual([2, 3]);
    expect(again.body.data.errors[0].message).toBe('该房屋本账期已有此收费项目的账单');
  });

  it('refuses bad amounts, a non-ad-hoc item, and too many rows', async () => {
    const [a] = await houseNames(1);
    const bad = await upload(
      admin,
      'paymentbill',
      await workbook(header, [
        [a!, '导入清运费', '2026-04', '12.345'],
        [a!, '导入热水费', '2026-04', '10'],
        [a!, '导入清运费', '2026-05', ''],
        [a!, '导入清运费', '2026-06', '1', '2026-02-30x'],
      ]),
    );
    expect(bad.body.data.errors).toEqual([
      { row: 2, message: '请输入正确的金额,最多两位小数' },
      { row: 3, message: '导入热水费不是临时金额计费的项目' },
      { row: 4, message: '请输入账单金额' },
      { row: 5, message: '请输入有效的日期,如 2026-01-15' },
    ]);
    const many = Array.from({ length: MAX_ROWS + 1 }, (_, i) => [a!, '导入清运费', '2027-01', String(i + 1)]);
    const tooMany = await upload(admin, 'paymentbill', await workbook(header, many));
    expect(tooMany).toMatchObject({ status: 400, body: { msg: `单次最多导入${MAX_ROWS}行` } });
  }, 120_000);

  it('needs the import button and a garden of the caller', async () => {
    const file = await workbook(header, [['x', '导入清运费', '2026-03', '1']]);
    expect((await upload(staff, 'paymentbill', file)).status).toBe(403);
    expect((await upload(staff, 'meterreading', file)).status).toBe(403);
    const foreign = await upload(other, 'paymentbill', file);
    expect(foreign).toMatchObject({ status: 400, body: { msg: '所选小区不存在或已被删除' } });
    expect((await templateHeader(server, admin, '/system-property/paymentbill/import-template')).header).toEqual(header);
  });
});
