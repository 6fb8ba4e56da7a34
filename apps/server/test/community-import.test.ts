import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../src/seed/seed';
import { ApiClient } from './client';
import { startServer, type TestServer } from './harness';
import { templateHeader, uploadImport, workbook } from './import-files';

/** Excel import of houses (issue 4): template, a valid file, a file with bad rows, a wrong file. */
let server: TestServer;
let admin: ApiClient;
let gardenId: string;

const HEADERS = ['小区名称', '楼栋名称', '单元名称', '楼层', '房号', '建筑面积', '套内面积', '房屋类型', '房屋状态', '备注'];

/** An import file of houses: the template's columns (or `headers`), then the rows given. */
const houseFile = (rows: Array<Array<string | number | null>>, headers: string[] = HEADERS) => workbook(headers, rows, '房屋');

const upload = (client: ApiClient, file: Buffer | string, filename = 'houses.xlsx', query: Record<string, string> = {}) =>
  uploadImport(server, client, '/community-resource/unithouse/import', file, { filename, query });

const housesOf = async (query: Record<string, unknown>) =>
  (await admin.get('/community-resource/unithouse/list', { ...query, size: 100 })).body.data;

beforeAll(async () => {
  server = await startServer();
  admin = new ApiClient(server.url);
  expect((await admin.signIn('admin', 'admin', DEMO_TENANT)).status).toBe(200);
  expect((await admin.post('/system-property/garden/submit', { gardenName: '导入花园' })).body.code).toBe(200);
  gardenId = (await admin.get('/system-property/garden/list', { gardenName_equal: '导入花园' })).body.data.records[0].id;
});
afterAll(async () => server?.close());

describe('house import', () => {
  it('offers an .xlsx template with the columns it reads', async () => {
    const { response, header } = await templateHeader(server, admin, '/community-resource/unithouse/import-template');
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    expect(response.headers.get('content-disposition')).toContain('attachment');
    expect(header).toEqual(HEADERS);
  });

  it('saves a valid file, creating buildings and units by name, with exact areas and dictionary labels or keys', async () => {
    const rows: Array<Array<string | number | null>> = [];
    for (const building of ['1栋', '2栋']) {
      for (let floor = 1; floor <= 3; floor++) {
        for (let p = 1; p <= 2; p++)
          rows.push([
            '导入花园',
            building,
            '1单元',
            floor,
            `0${floor}0${p}`,
            89.55,
            '70.1',
            '住宅',
            p === 1 ? '自住' : '2',
            null,
          ]);
      }
    }
    const answer = await upload(admin, await houseFile(rows));
    expect(answer.body).toMatchObject({ code: 200, success: true, data: { total: 12, success: 12, errors: [] } });
    const houses = await housesOf({ gardenId });
    expect(houses.total).toBe(12);
    expect(houses.records[0]).toMatchObject({
      houseName: '1栋1单元0101',
      floor: 1,
      name: '0101',
      builtArea: '89.55',
      innerArea: '70.10',
      houseType: 1,
      houseStatus: 1,
    });
    expect(houses.records[1]).toMatchObject({ name: '0102', houseStatus: 2 });
    const buildings = (await admin.get('/community-resource/building/search', { gardenId })).body.data;
    expect(buildings.map((b: any) => b.buildingName)).toEqual(['1栋', '2栋']);
  });

  it('takes the garden from the header selector when the file has no garden column', async () => {
    const file = await houseFile([['3栋', '1单元', 1, '0101']], ['楼栋名称', '单元名称', '楼层', '房号']);
    expect((await upload(admin, file, 'h.xlsx', { gardenId })).body).toMatchObject({ code: 200, data: { success: 1 } });
    expect((await upload(admin, file)).body).toMatchObject({ code: 400, msg: '模板不正确,缺少列: 小区名称' });
  });

  it('reports every bad row with its number and message, and saves nothing', async () => {
    const before = (await housesOf({ gardenId })).total;
    const rows: Array<Array<string | number | null>> = [
      ['导入花园', '5栋', '1单元', 1, '0101', '90', '80', '住宅', '自住', '好的一行'], // row 2: fine
      ['导入花园', '5栋', '1单元', 1, null, '90', '80', null, null, null], // row 3: no number
      ['导入花园', '5栋', '1单元', 'x', '0103', null, null, null, null, null], // row 4: floor not a number
      ['导入花园', '5栋', '1单元', 1, '0104', '1.234', null, null, null, null], // row 5: three decimals
      ['不存在的花园', '5栋', '1单元', 1, '0105', null, null, null, null, null], // row 6
      ['导入花园', '5栋', '1单元', 1, '0101', null, null, null, null, null], // row 7: repeats row 2
      ['导入花园', '1栋', '1单元', 1, '0101', null, null, null, null, null], // row 8: exists already
      ['导入花园', '5栋', '1单元', 1, '0108', null, null, '城堡', null, null], // row 9
      ['导入花园', '5栋', '1单元', 1, '0109', '80', '90', null, null, null], // row 10
      ['导入花园', null, '1单元', 1, '0110', null, null, null, null, null], // row 11
    ];
    const answer = await upload(admin, await houseFile(rows));
    expect(answer.status).toBe(400);
    expect(answer.body.success).toBe(false);
    expect(answer.body.msg).toBe(
      '导入失败,未保存任何数据。第3行: 请输入房号; 第4行: 楼层请输入整数; 第5行: 请输入正确的金额,最多两位小数 等9处',
    );
    expect(answer.body.data).toEqual({
      total: 10,
      success: 0,
      errors: [
        { row: 3, message: '请输入房号' },
        { row: 4, message: '楼层请输入整数' },
        { row: 5, message: '请输入正确的金额,最多两位小数' },
        { row: 6, message: '小区不存在: 不存在的花园' },
        { row: 7, message: '与第2行房号重复' },
        { row: 8, message: '房屋已存在: 1栋1单元0101' },
        { row: 9, message: '房屋类型不正确: 城堡 (house_type)' },
        { row: 10, message: '套内面积不能大于建筑面积' },
        { row: 11, message: '请输入楼栋名称' },
      ],
    });
    expect((await housesOf({ gardenId })).total).toBe(before);
    const buildings = (await admin.get('/community-resource/building/search', { gardenId })).body.data;
    expect(buildings.map((b: any) => b.buildingName)).not.toContain('5栋');
  });

  it('refuses what is not an .xlsx file with a clear 400', async () => {
    const wrongType = {
      status: 400,
      body: expect.objectContaining({ code: 400, msg: '文件类型错误,请上传 .xlsx 格式的 Excel 文件' }),
    };
    expect(await upload(admin, 'a,b,c\n1,2,3', 'houses.csv')).toEqual(wrongType);
    expect(await upload(admin, 'not really a workbook', 'houses.xlsx')).toEqual(wrongType);
    // A zip that is not a workbook.
    const zipHeader = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60)]);
    expect(await upload(admin, zipHeader, 'houses.xlsx')).toEqual(wrongType);
    expect((await upload(admin, await houseFile([]), 'empty.xlsx')).body).toMatchObject({
      code: 400,
      msg: 'Excel 文件中没有数据',
    });
    const json = await admin.post('/community-resource/unithouse/import', { file: 'x' });
    expect(json.body).toMatchObject({ code: 400, msg: '请上传 Excel 文件(multipart/form-data,字段 file)' });
    const noFile = await fetch(new URL('/api/community-resource/unithouse/import', server.url), {
      method: 'POST',
      body: (() => {
        const form = new FormData();
        form.append('gardenId', gardenId);
        return form;
      })(),
      headers: { 'Blade-Auth': `bearer ${admin.token}` },
    });
    expect(noFile.status).toBe(400);
  });

  it('is refused to users without the house add button and cannot reach another tenant garden', async () => {
    const staff = new ApiClient(server.url);
    await staff.signIn('staff', 'staff123');
    expect((await upload(staff, await houseFile([['导入花园', '9栋', '1单元', 1, '0101']]))).status).toBe(403);
    const platform = new ApiClient(server.url);
    await platform.signIn('admin', 'admin');
    // The platform tenant has no garden of that name, nor may it name the demo tenant's garden by id.
    // The whole answer compared, so a failure shows what came instead.
    expect((await upload(platform, await houseFile([['导入花园', '9栋', '1单元', 1, '0101']]))).body).toMatchObject({
      data: { errors: [{ row: 2, message: '小区不存在: 导入花园' }] },
    });
    const file = await houseFile([['9栋', '1单元', 1, '0101']], ['楼栋名称', '单元名称', '楼层', '房号']);
    expect((await upload(platform, file, 'h.xlsx', { gardenId })).body).toMatchObject({
      code: 400,
      msg: '所选小区不存在或已被删除',
    });
  });
});

describe('house import of hostile files (issue 13)', () => {
  /** A file of `count` rows written by ExcelJS's streaming writer, as a spreadsheet program would save it. */
  async function manyRows(count: number): Promise<Buffer> {
    const chunks: Buffer[] = [];
    const { PassThrough } = await import('node:stream');
    const out = new PassThrough();
    out.on('data', (c: Buffer) => chunks.push(c));
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
    const sheet = book.addWorksheet('房屋');
    sheet.addRow(HEADERS).commit();
    for (let i = 0; i < count; i++) sheet.addRow(['导入花园', '9栋', '1单元', 1, `R${i}`, null, null, null, null, null]).commit();
    sheet.commit();
    await book.commit();
    return Buffer.concat(chunks);
  }

  it('stops reading at the row limit: a 60,000-row file is refused at once and nothing is saved', async () => {
    const file = await manyRows(60_000);
    const started = performance.now();
    const answer = await upload(admin, file);
    const elapsed = performance.now() - started;
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe('单次最多导入20000行');
    // Reading the first 20,001 rows, not the whole file (the whole file took several times this before).
    expect(elapsed).toBeLessThan(15_000);
    expect((await housesOf({ gardenId, name_likeright: 'R' })).total).toBe(0);
  });

  it('refuses a cell longer than 1,000 characters on its row', async () => {
    const answer = await upload(
      admin,
      await houseFile([['导入花园', '9栋', '1单元', 1, '0101', null, null, null, null, 'x'.repeat(5000)]]),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.data.errors).toEqual([{ row: 2, message: '单元格内容不能超过1000个字符' }]);
  });
});
