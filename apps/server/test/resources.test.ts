import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../src/seed/seed';
import type { ApiClient } from './client';
import { ok, otherTenant, ownerWithCar, refused, signedIn } from './facility-fixtures';
import { startServer, type TestServer } from './harness';
import { expectSealed } from './sealed';
import { PNG, staffWith, upload } from './service-fixtures';

/**
 * The resource calls (spec §7.9 /blade-resource) over HTTP: SMS configurations with enable and
 * send-message (recorded through the SMS provider, nothing sent), the attachments screen's calls (list,
 * detail, rename, remove with its refusals, download), each for a second tenant and for staff holding
 * only some of the buttons. Object storage's buckets: resources-storage.test.ts.
 */
let server: TestServer;
let admin: ApiClient;
let other: ApiClient;
let dataDir: string;
let otherTenantId: string;

const db = () => server.built.services.db;
const SMS = '/blade-resource/sms';
const ATTACH = '/blade-resource/attach';
const SECRET = 'sms-secret-7f3a9c';

const putFile = (client: ApiClient, name = 'photo.png', bytes: Buffer = PNG) =>
  upload(server, client, '/blade-resource/oss/endpoint/put-file', { bytes, name, type: 'image/png' });

async function smsConfig(client: ApiClient, smsCode: string, over: Record<string, unknown> = {}): Promise<string> {
  const body = {
    category: 3,
    smsCode,
    templateId: 'SMS_0001',
    accessKey: 'ak-1',
    secretKey: SECRET,
    signName: '幸福物业',
    ...over,
  };
  expect((await client.post(`${SMS}/submit`, body)).body, smsCode).toMatchObject(ok);
  const records = (await client.get(`${SMS}/list`, { smsCode_equal: smsCode })).body.data.records;
  expect(records).toHaveLength(1);
  return String(records[0].id);
}

const enabledSms = async (tenantId: string) =>
  (
    await sql<{ sms_code: string }>`select sms_code from blade_sms where tenant_id = ${tenantId} and status = 1
      and is_deleted = 0 order by sms_code`.execute(db())
  ).rows.map((r) => r.sms_code);

const smsUseOf = async (phone: string) =>
  (
    await sql<{
      sms_config_id: string | null;
      sms_code: string | null;
      template_id: string | null;
      send_status: number;
      content: string;
    }>`
      select sms_config_id, sms_code, template_id, send_status, content from property_sms_use where phone = ${phone}
      and is_deleted = 0 order by id`.execute(db())
  ).rows;

const filesOnDisk = () =>
  existsSync(join(dataDir, 'files'))
    ? readdirSync(join(dataDir, 'files'), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
    : [];

async function download(client: ApiClient, id: string) {
  const response = await fetch(`${server.url}/api${ATTACH}/download?id=${id}`, {
    headers: { 'Blade-Auth': `bearer ${client.token}` },
  });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'pc-resources-'));
  server = await startServer({ dataDir });
  admin = await signedIn(server, 'admin', 'admin', DEMO_TENANT);
  other = await otherTenant(server, '资源测试物业');
  otherTenantId = String((await other.get('/blade-system/user/info')).body.data.tenantId);
}, 120_000);
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('SMS configurations (短信配置)', () => {
  it('needs its fields, each with its own message, in the caller’s language', async () => {
    const full = { category: 3, smsCode: 'x', templateId: 't', accessKey: 'a', secretKey: 's', signName: '签名' };
    const cases: [string, string, string][] = [
      ['category', '请选择短信服务商', 'Please choose the SMS provider'],
      ['smsCode', '请输入资源编号', 'Please enter the code'],
      ['templateId', '请输入模板ID', 'Please enter the template ID'],
      ['accessKey', '请输入AccessKey', 'Please enter the access key'],
      ['secretKey', '请输入SecretKey', 'Please enter the secret key'],
      ['signName', '请输入短信签名', 'Please enter the signature'],
    ];
    for (const [field, zh, en] of cases) {
      const body = { ...full, [field]: '' };
      expect(await admin.post(`${SMS}/submit`, body), field).toMatchObject(refused(400, zh));
      const english = await admin.call('POST', `${SMS}/submit`, { body, headers: { 'Accept-Language': 'en' } });
      expect(english.body.msg, field).toBe(en);
    }
    expect(await admin.post(`${SMS}/submit`, { ...full, category: 7 })).toMatchObject(refused(400, '请选择短信服务商'));
    expect((await sql`select 1 from blade_sms where sms_code = 'x'`.execute(db())).rows).toHaveLength(0);
  });

  it('never answers the secret key, keeps it when an edit leaves it out, and refuses a code taken', async () => {
    const id = await smsConfig(admin, 'secret-kept');
    const detail = await admin.get(`${SMS}/detail`, { id });
    expect(detail.body.data).toMatchObject({ smsCode: 'secret-kept', templateId: 'SMS_0001', accessKey: 'ak-1', status: 0 });
    expect(detail.body.data).not.toHaveProperty('secretKey');
    for (const answer of [
      detail,
      await admin.get(`${SMS}/list`),
      await admin.get('/blade-log/audit/history', { entity: 'sms', id }),
    ]) {
      expect(JSON.stringify(answer.body)).not.toContain(SECRET);
    }
    expect((await admin.post(`${SMS}/submit`, { id, remark: '测试', status: 1 })).body).toMatchObject(ok);
    const row = await sql<{
      secret_key: string;
      status: number;
    }>`select secret_key, status from blade_sms where id = ${id}`.execute(db());
    expect(row.rows[0]!.status).toBe(0);
    expectSealed(server, row.rows[0]!.secret_key, SECRET);
    expect(
      await admin.post(`${SMS}/submit`, {
        category: 1,
        smsCode: 'secret-kept',
        templateId: 't',
        accessKey: 'a',
        secretKey: 's',
        signName: 'x',
      }),
    ).toMatchObject(refused(400, '该资源编号已存在'));
    expect((await admin.post(`${SMS}/remove`, undefined, { ids: id })).body).toMatchObject(ok);
  });

  it('enables one configuration per tenant, leaving the other tenant’s enabled one alone', async () => {
    const a1 = await smsConfig(admin, 'aliyun-main');
    const a2 = await smsConfig(admin, 'tencent-backup', { category: 4 });
    const b1 = await smsConfig(other, 'tenant-b-sms');
    expect((await other.post(`${SMS}/enable`, undefined, { id: b1 })).body).toMatchObject(ok);
    expect((await admin.post(`${SMS}/enable`, undefined, { id: a1 })).body).toMatchObject(ok);
    expect(await enabledSms(DEMO_TENANT)).toEqual(['aliyun-main']);
    // The id may travel in a form body too.
    const form = await admin.call('POST', `${SMS}/enable`, {
      raw: `id=${a2}`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(form.body).toMatchObject(ok);
    expect(await enabledSms(DEMO_TENANT)).toEqual(['tencent-backup']);
    expect(await enabledSms(otherTenantId)).toEqual(['tenant-b-sms']);
    // Another tenant's configuration is not the caller's to enable.
    expect((await admin.post(`${SMS}/enable`, undefined, { id: b1 })).status).toBe(404);
    expect(await enabledSms(otherTenantId)).toEqual(['tenant-b-sms']);
    // Each change is in the audit trail: a2 enabled, a1 disabled.
    const history = (await admin.get('/blade-log/audit/history', { entity: 'sms', id: a1 })).body.data as { changes: object }[];
    expect(history[0]!.changes).toEqual({ status: { before: 1, after: 0 } });
    // Enabling concurrently still leaves exactly one.
    await Promise.all([a1, a2, a1, a2].map((id) => admin.post(`${SMS}/enable`, undefined, { id })));
    expect(await enabledSms(DEMO_TENANT)).toHaveLength(1);
    expect((await admin.post(`${SMS}/enable`, undefined, { id: a1 })).body).toMatchObject(ok);
    expect(await enabledSms(DEMO_TENANT)).toEqual(['aliyun-main']);
  });

  it('disables the enabled configuration: none is enabled then', async () => {
    const id = await smsConfig(admin, 'to-disable');
    expect((await admin.post(`${SMS}/enable`, undefined, { id })).body).toMatchObject(ok);
    expect((await admin.post(`${SMS}/disable`, undefined, { id })).body).toMatchObject(ok);
    expect(await enabledSms(DEMO_TENANT)).toEqual([]);
    // aliyun-main is the one the next tests send with.
    const main = (await admin.get(`${SMS}/list`, { smsCode_equal: 'aliyun-main' })).body.data.records[0].id;
    expect((await admin.post(`${SMS}/enable`, undefined, { id: main })).body).toMatchObject(ok);
  });
});

describe('send-message', () => {
  const send = (client: ApiClient, query: Record<string, unknown>) =>
    client.post(`${SMS}/endpoint/send-message`, undefined, query);

  it('records the template with its parameters for each phone, under the configuration named, and sends nothing', async () => {
    const answer = await send(admin, {
      code: 'tencent-backup',
      phones: '13800138001, 13800138002，13800138001',
      params: JSON.stringify({ code: '4821', minutes: 5 }),
    });
    expect(answer.body).toMatchObject({ ...ok, data: { provider: 'record' } });
    const records = answer.body.data.records as Record<string, unknown>[];
    expect(records.map((r) => r.phone)).toEqual(['13800138001', '13800138002']);
    const configId = (await admin.get(`${SMS}/list`, { smsCode_equal: 'tencent-backup' })).body.data.records[0].id;
    for (const record of records) {
      expect(record).toMatchObject({
        sendStatus: 1,
        provider: 'record',
        smsCode: 'tencent-backup',
        templateId: 'SMS_0001',
        smsConfigId: configId,
      });
      expect(record.content).toBe('【幸福物业】模板 SMS_0001,参数 {"code":"4821","minutes":5}');
    }
    expect(await smsUseOf('13800138001')).toEqual([
      expect.objectContaining({ sms_code: 'tencent-backup', template_id: 'SMS_0001', send_status: 1, sms_config_id: configId }),
    ]);
    // 短信记录 lists them.
    expect((await admin.get('/system-property/smsuse/list', { phone: '1380013800' })).body.data.total).toBe(2);
  });

  it('uses the enabled configuration when no code is given, and takes a JSON body too', async () => {
    const answer = await admin.post(`${SMS}/endpoint/send-message`, { phones: '13800138003', params: { code: '1' } });
    expect(answer.body.data.records[0]).toMatchObject({
      smsCode: 'aliyun-main',
      content: '【幸福物业】模板 SMS_0001,参数 {"code":"1"}',
    });
    // English content for an English caller (the words the product gives to the record).
    const en = await admin.call('POST', `${SMS}/endpoint/send-message`, {
      query: { phones: '13800138004' },
      headers: { 'Accept-Language': 'en' },
    });
    expect(en.body.data.records[0].content).toBe('[幸福物业] template SMS_0001, parameters {}');
  });

  it('refuses bad phones, parameters and codes, recording nothing', async () => {
    const before = (await sql<{ n: number }>`select count(*)::int as n from property_sms_use`.execute(db())).rows[0]!.n;
    const cases: [Record<string, unknown>, string][] = [
      [{ code: 'aliyun-main' }, '请输入手机号码'],
      [{ phones: ' , ' }, '请输入手机号码'],
      [{ phones: '13800138005,1380013800' }, '手机号码格式不正确: 1380013800'],
      [{ phones: '13800138005,23800138005' }, '手机号码格式不正确: 23800138005'],
      [
        { phones: Array.from({ length: 101 }, (_, i) => `138${String(i).padStart(8, '0')}`).join(',') },
        '一次最多发送给 100 个手机号码',
      ],
      [{ phones: '13800138005', params: '{"code":' }, '模板参数应为JSON对象,值为文字或数字,如 {"code":"1234"}'],
      [{ phones: '13800138005', params: '["1234"]' }, '模板参数应为JSON对象,值为文字或数字,如 {"code":"1234"}'],
      [{ phones: '13800138005', params: '{"code":{"nested":1}}' }, '模板参数应为JSON对象,值为文字或数字,如 {"code":"1234"}'],
      [{ phones: '13800138005', code: 'no-such-code' }, '没有编号为 no-such-code 的短信配置'],
      // Another tenant's configuration is unknown here.
      [{ phones: '13800138005', code: 'tenant-b-sms' }, '没有编号为 tenant-b-sms 的短信配置'],
    ];
    for (const [query, message] of cases)
      expect(await send(admin, query), JSON.stringify(query)).toMatchObject(refused(400, message));
    expect((await sql<{ n: number }>`select count(*)::int as n from property_sms_use`.execute(db())).rows[0]!.n).toBe(before);
    // No configuration enabled and none named.
    const theirs = (await other.get(`${SMS}/list`, { smsCode_equal: 'tenant-b-sms' })).body.data.records[0].id;
    expect((await other.post(`${SMS}/disable`, undefined, { id: theirs })).body).toMatchObject(ok);
    expect(await send(other, { phones: '13800138005' })).toMatchObject(
      refused(400, '没有启用的短信配置,请指定配置编号或先启用一个配置'),
    );
  });

  it('needs the sms_edit button; reading the configurations needs the menu', async () => {
    const reader = await staffWith(server, admin, 'sms_reader', ['sms', 'sms_view']);
    expect((await reader.client.get(`${SMS}/list`)).status).toBe(200);
    expect((await send(reader.client, { phones: '13800138006' })).status).toBe(403);
    const main = (await admin.get(`${SMS}/list`, { smsCode_equal: 'aliyun-main' })).body.data.records[0].id;
    expect((await reader.client.post(`${SMS}/enable`, undefined, { id: main })).status).toBe(403);
    const sender = await staffWith(server, admin, 'sms_sender', ['sms', 'sms_edit']);
    expect((await send(sender.client, { phones: '13800138006' })).body).toMatchObject(ok);
    const nobody = await staffWith(server, admin, 'sms_nobody', ['smsuse']);
    expect((await nobody.client.get(`${SMS}/list`)).status).toBe(403);
    expect((await send(nobody.client, { phones: '13800138007' })).status).toBe(403);
    expect(await smsUseOf('13800138007')).toEqual([]);
  });

  it('names the enabled configuration in bill reminders; none enabled, none named', async () => {
    const bill = (await admin.get('/system-property/paymentbill/pageOut', { size: 1 })).body.data.records[0];
    const reminded = await admin.post('/system-property/sms/sendPhoneMessage', { billIds: bill.id, phone: '13800138008' });
    expect(reminded.body.data.records[0]).toMatchObject({ smsCode: 'aliyun-main', templateId: 'SMS_0001', sendStatus: 1 });
    const main = (await admin.get(`${SMS}/list`, { smsCode_equal: 'aliyun-main' })).body.data.records[0].id;
    expect((await admin.post(`${SMS}/disable`, undefined, { id: main })).body).toMatchObject(ok);
    const again = await admin.post('/system-property/sms/sendPhoneMessage', { billIds: bill.id, phone: '13800138009' });
    expect(again.body.data.records[0]).toMatchObject({ smsCode: null, templateId: null, smsConfigId: null });
    expect((await admin.post(`${SMS}/enable`, undefined, { id: main })).body).toMatchObject(ok);
  });
});

describe('attachments (附件管理)', () => {
  let mine: { attachId: string; name: string; link: string };
  let theirs: { attachId: string; name: string };

  it('lists the tenant’s own files with the uploader’s name, never another tenant’s', async () => {
    const a = await putFile(admin, '门牌.png');
    mine = { attachId: a.body.data.attachId, name: a.body.data.name, link: a.body.data.link };
    const b = await putFile(other, 'theirs.png');
    theirs = { attachId: b.body.data.attachId, name: b.body.data.name };
    const page = (await admin.get(`${ATTACH}/list`, { size: 100 })).body.data;
    const row = page.records.find((r: { id: string }) => r.id === mine.attachId);
    expect(row).toMatchObject({
      originalName: '门牌.png',
      extension: 'png',
      contentType: 'image/png',
      attachSize: String(PNG.length),
      storage: 'disk',
      storageName: null,
      isPublic: 1,
      createUserName: '管理员',
    });
    expect(page.records.some((r: { id: string }) => r.id === theirs.attachId)).toBe(false);
    expect(
      (await other.get(`${ATTACH}/list`, { size: 100 })).body.data.records.some((r: { id: string }) => r.id === mine.attachId),
    ).toBe(false);
    expect((await admin.get(`${ATTACH}/detail`, { id: theirs.attachId })).body.data).toBeNull();
    expect((await admin.get(`${ATTACH}/detail`, { id: mine.attachId })).body.data).toMatchObject({ originalName: '门牌.png' });
    // Searchable by name.
    expect(
      (await admin.get(`${ATTACH}/list`, { originalName: '门牌' })).body.data.records.map((r: { id: string }) => r.id),
    ).toContain(mine.attachId);
  });

  it('renames a file, keeping its extension; adds none (files come by uploading)', async () => {
    expect((await admin.post(`${ATTACH}/submit`, { id: mine.attachId, originalName: '1栋门牌' })).body).toMatchObject(ok);
    expect((await admin.get(`${ATTACH}/detail`, { id: mine.attachId })).body.data.originalName).toBe('1栋门牌.png');
    expect((await admin.post(`${ATTACH}/submit`, { id: mine.attachId, originalName: '../门牌照片.pdf' })).body).toMatchObject(ok);
    expect((await admin.get(`${ATTACH}/detail`, { id: mine.attachId })).body.data.originalName).toBe('门牌照片.pdf.png');
    expect(await admin.post(`${ATTACH}/submit`, { id: mine.attachId, originalName: ' ' })).toMatchObject(
      refused(400, '请输入文件名称'),
    );
    expect(await admin.post(`${ATTACH}/submit`, { originalName: 'new.png' })).toMatchObject(refused(400, '附件请通过上传添加'));
    // The storage name, link and type never change through it.
    await admin.post(`${ATTACH}/submit`, {
      id: mine.attachId,
      originalName: '门牌.png',
      name: 'x.png',
      link: '/x',
      storage: 'database',
    });
    expect((await admin.get(`${ATTACH}/detail`, { id: mine.attachId })).body.data).toMatchObject({
      name: mine.name,
      link: mine.link,
      storage: 'disk',
      originalName: '门牌.png',
    });
    // Another tenant's file is not the caller's to rename.
    expect((await admin.post(`${ATTACH}/submit`, { id: theirs.attachId, originalName: 'mine.png' })).status).toBe(404);
    const row = await sql<{
      original_name: string;
    }>`select original_name from blade_attach where id = ${theirs.attachId}`.execute(db());
    expect(row.rows[0]!.original_name).toBe('theirs.png');
  });

  it('downloads any of the tenant’s files, private owners’ documents too, behind attach_download', async () => {
    const got = await download(admin, mine.attachId);
    expect(got.status).toBe(200);
    expect(got.bytes.equals(PNG)).toBe(true);
    expect(got.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('门牌.png')}`);
    const { ownerId } = await ownerWithCar(db(), DEMO_TENANT, '13700137001');
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const document = await upload(
      server,
      admin,
      '/system-property/attachmentUpload/upload',
      { bytes: pdf, name: '房产证.pdf' },
      { userId: ownerId },
    );
    expect(document.body).toMatchObject(ok);
    const attachId = String(document.body.data.attachId);
    const row = (await admin.get(`${ATTACH}/list`, { isPublic: 0, size: 100 })).body.data.records.find(
      (r: { id: string }) => r.id === attachId,
    );
    expect(row).toMatchObject({ originalName: '房产证.pdf', isPublic: 0 });
    expect((await download(admin, attachId)).bytes.equals(pdf)).toBe(true);
    // Never through the public link.
    expect((await fetch(`${server.url}${row.link}`)).status).toBe(404);
    expect((await download(other, attachId)).status).toBe(404);
    // And an owner's document is removed where owners' documents are.
    expect(await admin.post(`${ATTACH}/remove`, undefined, { ids: attachId })).toMatchObject(
      refused(400, '文件“房产证.pdf”是业主附件,请在业主资料的附件中删除'),
    );
  });

  it('refuses removing a file in use, naming the use, and removes nothing of the batch', async () => {
    const cover = await putFile(admin, 'cover.png');
    const inText = await putFile(admin, 'inline.png');
    const spare = await putFile(admin, 'spare.png');
    expect(
      (
        await admin.post('/system-property/notice/submit', {
          title: '停水通知',
          imgUrl: cover.body.data.link,
          content: `<p>见图</p><p><img src="${inText.body.data.link}"></p>`,
        })
      ).body,
    ).toMatchObject(ok);
    expect(
      await admin.post(`${ATTACH}/remove`, undefined, { ids: `${spare.body.data.attachId},${cover.body.data.attachId}` }),
    ).toMatchObject(refused(400, '文件“cover.png”正在使用中(小区公告),不能删除'));
    expect(await admin.post(`${ATTACH}/remove`, undefined, { ids: inText.body.data.attachId })).toMatchObject(
      refused(400, '文件“inline.png”正在使用中(小区公告),不能删除'),
    );
    const en = await admin.call('POST', `${ATTACH}/remove`, {
      query: { ids: cover.body.data.attachId },
      headers: { 'Accept-Language': 'en' },
    });
    expect(en.body.msg).toBe('The file "cover.png" is in use (a notice): it cannot be removed');
    const live = await sql<{ n: number }>`select count(*)::int as n from blade_attach where is_deleted = 0
      and id in (${cover.body.data.attachId}, ${spare.body.data.attachId})`.execute(db());
    expect(live.rows[0]!.n).toBe(2);
    expect(filesOnDisk()).toContain(spare.body.data.name);
    // Once the notice is gone, so is the use.
    const notice = (await admin.get('/system-property/notice/list', { title: '停水通知' })).body.data.records[0];
    expect((await admin.post('/system-property/notice/remove', undefined, { ids: notice.id })).body).toMatchObject(ok);
    expect((await admin.post(`${ATTACH}/remove`, undefined, { ids: cover.body.data.attachId })).body).toMatchObject(ok);
  });

  it('removes files with their bytes and their catalogue entries; another tenant’s stay', async () => {
    const file = await upload(server, admin, '/system-property/file/upload', {
      bytes: PNG,
      name: 'editor.png',
      type: 'image/png',
    });
    const attachId = String(file.body.data.attachId);
    const name = String(file.body.data.link).split('/').pop()!;
    expect(filesOnDisk()).toContain(name);
    expect((await admin.post(`${ATTACH}/remove`, undefined, { ids: `${attachId},${theirs.attachId}` })).body).toMatchObject(ok);
    expect(filesOnDisk()).not.toContain(name);
    expect((await fetch(`${server.url}${file.body.data.link}`)).status).toBe(404);
    expect((await admin.get('/system-property/file/detail', { id: file.body.data.id })).body.data).toBeNull();
    expect((await admin.get(`${ATTACH}/detail`, { id: attachId })).body.data).toBeNull();
    // The other tenant's file, asked for with it, is untouched.
    expect(filesOnDisk()).toContain(theirs.name);
    expect((await other.get(`${ATTACH}/detail`, { id: theirs.attachId })).body.data).toMatchObject({
      originalName: 'theirs.png',
    });
    // The removal is in the audit trail.
    const audit = await sql<{ entity_name: string; action: string }>`select entity_name, action from blade_audit_log
      where row_id = ${attachId} or row_id = ${String(file.body.data.id)} order by id`.execute(db());
    expect(audit.rows.map((r) => `${r.entity_name} ${r.action}`)).toEqual([
      'propertyFile insert',
      'propertyFile remove',
      'attach remove',
    ]);
  });

  it('gives staff exactly their buttons: list and view with the menu, download, upload (rename) and delete each with its own', async () => {
    const viewer = await staffWith(server, admin, 'attach_viewer', ['attach', 'attach_view']);
    expect((await viewer.client.get(`${ATTACH}/list`)).status).toBe(200);
    expect((await download(viewer.client, mine.attachId)).status).toBe(403);
    expect((await viewer.client.post(`${ATTACH}/submit`, { id: mine.attachId, originalName: 'x' })).status).toBe(403);
    expect((await viewer.client.post(`${ATTACH}/remove`, undefined, { ids: mine.attachId })).status).toBe(403);
    const clerk = await staffWith(server, admin, 'attach_clerk', ['attach', 'attach_download', 'attach_upload', 'attach_delete']);
    expect((await download(clerk.client, mine.attachId)).status).toBe(200);
    expect((await clerk.client.post(`${ATTACH}/submit`, { id: mine.attachId, originalName: '改名' })).body).toMatchObject(ok);
    const spare = await putFile(clerk.client, 'clerk.png');
    expect((await clerk.client.post(`${ATTACH}/remove`, undefined, { ids: spare.body.data.attachId })).body).toMatchObject(ok);
    const outsider = await staffWith(server, admin, 'attach_outsider', ['notice']);
    expect((await outsider.client.get(`${ATTACH}/list`)).status).toBe(403);
    expect((await outsider.client.get(`${ATTACH}/detail`, { id: mine.attachId })).status).toBe(403);
  });
});
