import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../src/seed/seed';
import { CLIENT_BASIC, startServer, type TestServer } from './harness';
import type { ApiClient } from './client';
import { ok, otherTenant, ownerWithCar, signedIn } from './facility-fixtures';

/**
 * Files (spec §7.7 attachmentUpload, §7.9 oss/endpoint/put-file): real
 * multipart uploads, both storage drivers, limits, types and names.
 */
let server: TestServer;
let admin: ApiClient;
let other: ApiClient;
let staff: ApiClient;
let dataDir: string;
let ownerId: string;

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const WRONG_TYPE = '文件类型不支持,仅支持 jpg、jpeg、png、gif、webp、pdf、doc、xls、docx、xlsx、mp4 格式';

async function upload(
  target: TestServer,
  client: ApiClient | undefined,
  path: string,
  file: { bytes: Buffer; name: string; type?: string },
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  const headers: Record<string, string> = { Authorization: CLIENT_BASIC };
  if (client?.token) headers['Blade-Auth'] = `bearer ${client.token}`;
  const response = await fetch(`${target.url}/api${path}`, { method: 'POST', headers, body: form });
  return { status: response.status, body: (await response.json()) as any };
}

const putFile = (file: { bytes: Buffer; name: string; type?: string }) =>
  upload(server, admin, '/blade-resource/oss/endpoint/put-file', file);

async function download(target: TestServer, path: string, client?: ApiClient) {
  const headers: Record<string, string> = { Authorization: CLIENT_BASIC };
  if (client?.token) headers['Blade-Auth'] = `bearer ${client.token}`;
  const response = await fetch(`${target.url}${path}`, { headers });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** Every file the disk driver holds. */
const filesOnDisk = (dir: string) =>
  existsSync(join(dir, 'files'))
    ? readdirSync(join(dir, 'files'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
    : [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'pc-files-'));
  server = await startServer({ dataDir, publicUrl: 'https://console.example.com' });
  admin = await signedIn(server, 'admin', 'admin', DEMO_TENANT);
  other = await otherTenant(server, '附件测试物业');
  staff = await signedIn(server, 'staff', 'staff123', '000000');
  ownerId = (await ownerWithCar(server.built.services.db, DEMO_TENANT, '13500135001')).ownerId;
});
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('put-file (console images and avatars)', () => {
  it('stores a picture and serves the same bytes by its link, without a token', async () => {
    const answer = await putFile({ bytes: PNG, name: '头像.png', type: 'image/png' });
    expect(answer.body).toMatchObject({ ...ok, data: { originalName: '头像.png' } });
    const { link, name, attachId, domain } = answer.body.data;
    expect(name).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(link).toBe(`/api/blade-resource/oss/endpoint/file/${name}`);
    // The configured address (PUBLIC_URL), never the request's Host: an answer repeats nothing a client made up.
    expect(domain).toBe('https://console.example.com');
    expect(attachId).toMatch(/^\d+$/);
    const served = await download(server, link);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.bytes.equals(PNG)).toBe(true);
    expect(filesOnDisk(dataDir).map((f) => f.name)).toContain(name);
  });

  it('refuses a file over 10 MB with 413, and nothing is kept', async () => {
    const before = filesOnDisk(dataDir).length;
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const answer = await putFile({ bytes: big, name: 'big.png', type: 'image/png' });
    expect(answer).toMatchObject({ status: 413, body: { success: false, msg: '文件大小不能超过10MB' } });
    expect(filesOnDisk(dataDir).length).toBe(before);
  });

  it('refuses types off the list, and content that does not match its name', async () => {
    for (const file of [
      { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), name: 'x.svg' },
      { bytes: Buffer.from('MZ\x90\x00'), name: 'setup.exe' },
      { bytes: Buffer.from('<html><script>alert(1)</script></html>'), name: 'photo.png' },
      { bytes: PNG, name: 'noextension' },
    ]) {
      expect(await putFile(file), file.name).toMatchObject({ status: 400, body: { success: false, msg: WRONG_TYPE } });
    }
  });

  it('keeps only the last segment of a name with a path in it, and serves nothing outside the storage', async () => {
    const answer = await putFile({ bytes: PNG, name: '../../../../tmp/evil.png', type: 'image/png' });
    expect(answer.body).toMatchObject({ ...ok, data: { originalName: 'evil.png' } });
    expect(filesOnDisk(dataDir).every((f) => f.parentPath.startsWith(join(dataDir, 'files')))).toBe(true);
    for (const path of ['..%2F..%2Fjwt-secret', '..%2F..%2F..%2Fetc%2Fpasswd', 'x.png']) {
      expect((await download(server, `/api/blade-resource/oss/endpoint/file/${path}`)).status, path).toBe(404);
    }
  });

  it('needs a signed-in caller', async () => {
    expect((await upload(server, undefined, '/blade-resource/oss/endpoint/put-file', { bytes: PNG, name: 'a.png' })).status).toBe(
      401,
    );
  });
});

describe('owner attachments', () => {
  let id: string;

  it('uploads a document for an owner and downloads the same bytes under its UTF-8 name', async () => {
    const answer = await upload(
      server,
      admin,
      '/system-property/attachmentUpload/upload',
      { bytes: PDF, name: '房产证.pdf' },
      {
        userId: ownerId,
        remark: '首页',
      },
    );
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({
      ...ok,
      data: { ownerId, fileName: '房产证.pdf', fileSize: String(PDF.length) },
    });
    id = answer.body.data.id;
    const list = (await admin.get('/system-property/attachmentUpload/getList', { userId: ownerId })).body.data;
    expect(list.map((a: { id: string }) => a.id)).toEqual([id]);
    const file = await download(server, `/api/system-property/attachmentUpload/download?id=${id}`, admin);
    expect(file.status).toBe(200);
    expect(file.bytes.equals(PDF)).toBe(true);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="___.pdf"; filename*=UTF-8''${encodeURIComponent('房产证.pdf')}`,
    );
  });

  it('keeps no file when the save after it fails (issue 13: files stayed on disk without a row)', async () => {
    // The row insert fails inside the upload's transaction, after the bytes were written to disk.
    await sql`create or replace function refuse_attachment() returns trigger language plpgsql as
      $$ begin if new.remark = 'fail-on-save' then raise exception 'refused by the test'; end if; return new; end $$`.execute(
      server.built.services.db,
    );
    await sql`create trigger refuse_attachment before insert on property_owner_attachment
      for each row execute function refuse_attachment()`.execute(server.built.services.db);
    const files = filesOnDisk(dataDir).length;
    const rows = await sql<{ n: number }>`select count(*)::int as n from blade_attach`.execute(server.built.services.db);
    const answer = await upload(
      server,
      admin,
      '/system-property/attachmentUpload/upload',
      { bytes: PDF, name: 'x.pdf' },
      { userId: ownerId, remark: 'fail-on-save' },
    );
    expect(answer.status).toBe(500);
    expect(filesOnDisk(dataDir).length).toBe(files);
    const after = await sql<{ n: number }>`select count(*)::int as n from blade_attach`.execute(server.built.services.db);
    expect(after.rows[0]!.n).toBe(rows.rows[0]!.n);
    await sql`drop trigger refuse_attachment on property_owner_attachment`.execute(server.built.services.db);
  });

  it('keeps the document private: not served by name, not seen by another tenant', async () => {
    const attach = await sql<{
      name: string;
    }>`select a.name from blade_attach a join property_owner_attachment o on o.attach_id = a.id
      where o.id = ${id}`.execute(server.built.services.db);
    expect((await download(server, `/api/blade-resource/oss/endpoint/file/${attach.rows[0]!.name}`)).status).toBe(404);
    expect((await other.get('/system-property/attachmentUpload/getList', { userId: ownerId })).body.data).toEqual([]);
    expect((await download(server, `/api/system-property/attachmentUpload/download?id=${id}`, other)).status).toBe(404);
    const foreign = await upload(
      server,
      other,
      '/system-property/attachmentUpload/upload',
      { bytes: PDF, name: 'a.pdf' },
      { userId: ownerId },
    );
    expect(foreign).toMatchObject({ status: 400, body: { msg: '所选业主不存在或已被删除' } });
  });

  it('renames, then removes the document and its file', async () => {
    expect(
      (await admin.post('/system-property/attachmentUpload/update', { id, fileName: '房产证-正本.pdf' })).body,
    ).toMatchObject(ok);
    expect((await admin.get('/system-property/attachmentUpload/getList', { userId: ownerId })).body.data[0].fileName).toBe(
      '房产证-正本.pdf',
    );
    expect((await admin.post('/system-property/attachmentUpload/update', { id, fileName: '' })).body.msg).toBe('请输入文件名称');
    const before = filesOnDisk(dataDir).length;
    expect((await admin.post('/system-property/attachmentUpload/del', undefined, { ids: id })).body).toMatchObject(ok);
    expect(filesOnDisk(dataDir).length).toBe(before - 1);
    expect((await admin.get('/system-property/attachmentUpload/getList', { userId: ownerId })).body.data).toEqual([]);
    expect((await download(server, `/api/system-property/attachmentUpload/download?id=${id}`, admin)).status).toBe(404);
  });

  it('a user without the owner menu is refused', async () => {
    expect((await staff.get('/system-property/attachmentUpload/getList', { userId: ownerId })).status).toBe(403);
    expect((await download(server, `/api/system-property/attachmentUpload/download?id=1`, staff)).status).toBe(403);
    expect((await staff.post('/system-property/attachmentUpload/del', undefined, { ids: '1' })).status).toBe(403);
    const answer = await upload(
      server,
      staff,
      '/system-property/attachmentUpload/upload',
      { bytes: PDF, name: 'a.pdf' },
      { userId: ownerId },
    );
    expect(answer.status).toBe(403);
  });
});

describe('database storage (FILE_STORAGE=database)', () => {
  it('keeps the bytes in the database, not on disk, and serves them back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pc-files-db-'));
    const dbServer = await startServer({ dataDir: dir, fileStorage: 'database' });
    try {
      const client = await signedIn(dbServer, 'admin', 'admin', DEMO_TENANT);
      const answer = await upload(dbServer, client, '/blade-resource/oss/endpoint/put-file', { bytes: PNG, name: 'logo.png' });
      expect(answer.body).toMatchObject(ok);
      const blob = await sql<{
        n: number;
      }>`select count(*)::int as n from blade_attach_blob where name = ${answer.body.data.name}`.execute(
        dbServer.built.services.db,
      );
      expect(blob.rows[0]!.n).toBe(1);
      expect(filesOnDisk(dir)).toHaveLength(0);
      const served = await download(dbServer, answer.body.data.link);
      expect(served.bytes.equals(PNG)).toBe(true);
    } finally {
      await dbServer.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
