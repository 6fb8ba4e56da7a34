import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../src/platform/auth/password';
import { DEMO_TENANT } from '../src/seed/seed';
import { ApiClient } from './client';
import { startServer, type TestServer } from './harness';

/**
 * The server answers in the call's language: Chinese with no Accept-Language
 * (clients written for the spec see its words), English when the header
 * prefers it. Same call, same status and shape, only the words change.
 */
let server: TestServer;
let admin: ApiClient;
let staff: ApiClient;

const ENGLISH = { 'Accept-Language': 'en-US,en;q=0.9' };
const CHINESE_FIRST = { 'Accept-Language': 'zh-CN,zh;q=0.9,en;q=0.8' };

beforeAll(async () => {
  server = await startServer();
  admin = new ApiClient(server.url);
  staff = new ApiClient(server.url);
  expect((await admin.signIn('admin', 'admin', DEMO_TENANT)).status).toBe(200);
  expect((await staff.signIn('staff', 'staff123')).status).toBe(200);
});
afterAll(async () => server?.close());

/** One call made three times: without the header, preferring English, preferring Chinese. */
async function inEachLanguage(
  client: ApiClient,
  method: 'GET' | 'POST',
  path: string,
  options: { query?: Record<string, unknown>; body?: unknown; raw?: string; headers?: Record<string, string> } = {},
) {
  const call = (headers: Record<string, string>) =>
    client.call(method, path, { ...options, headers: { ...options.headers, ...headers } });
  const [plain, english, chinese] = await Promise.all([call({}), call(ENGLISH), call(CHINESE_FIRST)]);
  // Only the words differ: the same status and the same answer otherwise.
  expect(english.status).toBe(plain.status);
  const rest = (body: Record<string, unknown>) => ({ ...body, msg: undefined, error_description: undefined });
  expect(rest(english.body)).toEqual(rest(plain.body));
  expect(chinese.body).toEqual(plain.body);
  return { plain, english };
}

describe('answers in the language of the call', () => {
  it('a validation message of a definition (400)', async () => {
    const { plain, english } = await inEachLanguage(admin, 'POST', '/system-property/garden/submit', { body: { address: 'x' } });
    expect(plain.status).toBe(400);
    expect(plain.body).toEqual({ code: 400, success: false, data: null, msg: '请输入小区名称' });
    expect(english.body.msg).toBe('Please enter the garden name');
  });

  it('a message with parameters and a validator message', async () => {
    const missing = await inEachLanguage(admin, 'GET', '/blade-system/param/detail');
    expect(missing.plain.body.msg).toBe('缺少必要的请求参数: id');
    expect(missing.english.body.msg).toBe('Missing required parameter: id');
    const phone = await inEachLanguage(admin, 'POST', '/owner/submit', { body: { name: '赵六', phone: '123' } });
    expect(phone.plain.body.msg).toBe('手机号码长度不为11位');
    expect(phone.english.body.msg).toBe('The mobile number must be 11 digits long');
  });

  it('a refusal (403) of a low-privilege user', async () => {
    const { plain, english } = await inEachLanguage(staff, 'GET', '/blade-system/user/page');
    expect(plain.status).toBe(403);
    expect(plain.body.msg).toBe('请求被拒绝');
    expect(english.body.msg).toBe('Request refused');
  });

  it('a missing path and a missing row (404)', async () => {
    const path = await inEachLanguage(admin, 'GET', '/no-such/call');
    expect(path.plain.status).toBe(404);
    expect(path.plain.body.msg).toBe('404 没找到请求');
    expect(path.english.body.msg).toBe('404 Not found');
    const row = await inEachLanguage(admin, 'POST', '/system-property/garden/submit', {
      body: { id: '999999999', gardenName: 'x' },
    });
    expect(row.plain.status).toBe(404);
    expect(row.plain.body.msg).toBe('数据不存在或已被删除');
    expect(row.english.body.msg).toBe('The record does not exist or has been deleted');
  });

  it('no token (401), and Fastify’s own client errors', async () => {
    const anonymous = await inEachLanguage(new ApiClient(server.url), 'GET', '/blade-system/param/list');
    expect(anonymous.plain.status).toBe(401);
    expect(anonymous.plain.body.msg).toBe('缺失令牌,鉴权失败');
    expect(anonymous.english.body.msg).toBe('Missing token, authentication failed');
    const broken = await inEachLanguage(admin, 'POST', '/blade-system/param/submit', { raw: '{"paramName":' });
    expect(broken.plain.body.msg).toBe('请求参数类型错误: 请求体不是有效的JSON');
    expect(broken.english.body.msg).toBe('Wrong parameter type: the body is not valid JSON');
    const media = await inEachLanguage(admin, 'POST', '/blade-system/param/submit', {
      raw: 'x',
      headers: { 'Content-Type': 'text/csv' },
    });
    expect(media.plain.status).toBe(415);
    expect(media.plain.body.msg).toBe('不支持当前媒体类型');
    expect(media.english.body.msg).toBe('Unsupported media type');
  });

  it('success envelopes: 操作成功 and 暂无承载数据', async () => {
    const list = await inEachLanguage(admin, 'GET', '/blade-system/param/list');
    expect(list.plain.body).toMatchObject({ code: 200, success: true, msg: '操作成功' });
    expect(list.english.body.msg).toBe('Success');
    const none = await inEachLanguage(admin, 'GET', '/blade-system/param/detail', { query: { id: '999999999' } });
    expect(none.plain.body).toEqual({ code: 200, success: true, data: null, msg: '暂无承载数据' });
    expect(none.english.body.msg).toBe('No data');
  });

  it('the token endpoint’s error_description', async () => {
    const query = { tenantId: '000000', username: 'admin', password: md5Hex('wrong'), grant_type: 'password', scope: 'all' };
    const { plain, english } = await inEachLanguage(new ApiClient(server.url), 'POST', '/blade-auth/oauth/token', {
      query,
      headers: { 'Tenant-Id': '000000' },
    });
    expect(plain.status).toBe(400);
    expect(plain.body).toEqual({ error: 'invalid_grant', error_description: '用户名或密码错误' });
    expect(english.body).toEqual({ error: 'invalid_grant', error_description: 'Wrong user name or password' });
  });
});

describe('the house import in English', () => {
  const upload = async (file: Buffer, headers: Record<string, string>) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), 'houses.xlsx');
    const response = await fetch(new URL('/api/community-resource/unithouse/import', server.url), {
      method: 'POST',
      body: form,
      headers: { 'Blade-Auth': `bearer ${admin.token}`, ...headers },
    });
    return { status: response.status, body: (await response.json()) as any };
  };
  const sheet = async (header: string[], rows: Array<Array<string | number>>) => {
    const book = new ExcelJS.Workbook();
    const page = book.addWorksheet('Houses');
    page.addRow(header);
    for (const row of rows) page.addRow(row);
    return Buffer.from(await book.xlsx.writeBuffer());
  };

  it('writes the template’s headers in the call’s language and reads either', async () => {
    const template = await fetch(new URL('/api/community-resource/unithouse/import-template', server.url), {
      headers: { 'Blade-Auth': `bearer ${admin.token}`, ...ENGLISH },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await template.arrayBuffer()) as ArrayBuffer);
    const header = (book.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 5)).toEqual(['Garden name', 'Building name', 'Unit name', 'Floor', 'House number']);
    expect(book.worksheets[0]!.name).toBe('Houses');

    // English headers are read like the Chinese ones; a wrong row is reported in the call's language.
    const file = await sheet(header as string[], [['No such garden', '1栋', '1单元', 1, '0101']]);
    const english = await upload(file, ENGLISH);
    expect(english.status).toBe(400);
    expect(english.body.data.errors).toEqual([{ row: 2, message: 'No such garden: No such garden' }]);
    expect(english.body.msg).toBe('Import failed, nothing saved. Row 2: No such garden: No such garden');
    const chinese = await upload(file, {});
    expect(chinese.body.data.errors).toEqual([{ row: 2, message: '小区不存在: No such garden' }]);
    expect(chinese.body.msg).toBe('导入失败,未保存任何数据。第2行: 小区不存在: No such garden');
  });

  it('names missing columns in the call’s language', async () => {
    const file = await sheet(['Garden name', 'Floor'], [['x', 1]]);
    expect((await upload(file, ENGLISH)).body.msg).toBe(
      'The template is wrong; missing columns: Building name, Unit name, House number',
    );
    expect((await upload(file, {})).body.msg).toBe('模板不正确,缺少列: 楼栋名称、单元名称、房号');
  });
});
