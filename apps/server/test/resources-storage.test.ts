import { freePort } from './ports';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../src/seed/seed';
import { getObject } from '../src/platform/storage/s3';
import type { ApiClient } from './client';
import { ok, otherTenant, refused, signedIn } from './facility-fixtures';
import { startServer, type TestServer } from './harness';
import { expectSealed } from './sealed';
import { S3_ACCESS_KEY, S3_SECRET_KEY, startS3, type TestS3 } from './s3-server';
import { PNG, upload } from './service-fixtures';

/**
 * Object storage that really stores (对象存储): configurations of S3-compatible buckets, enabled one per
 * tenant, with uploads going to the enabled bucket through the S3 driver (AWS Signature V4) and read back
 * from wherever each file went. The buckets are s3rver's, over real HTTP, behind a check of every
 * request's signature (s3-server.ts).
 */
let s3: TestS3;
let server: TestServer;
let admin: ApiClient;
let other: ApiClient;
let dataDir: string;

const db = () => server.built.services.db;
const OSS = '/blade-resource/oss';
/** A picture unlike any other upload of the file, so each test reads back its own bytes. */
const pictureOf = (n: number) => Buffer.concat([PNG, Buffer.from(`#${n}`)]);

const putFile = (client: ApiClient, bytes: Buffer, name = 'photo.png') =>
  upload(server, client, '/blade-resource/oss/endpoint/put-file', { bytes, name, type: 'image/png' });

/** Saves a configuration of one of the test buckets and answers its id. */
async function config(client: ApiClient, ossCode: string, over: Record<string, unknown> = {}): Promise<string> {
  const body = {
    category: 1,
    ossCode,
    endpoint: s3.endpoint,
    accessKey: S3_ACCESS_KEY,
    secretKey: S3_SECRET_KEY,
    bucketName: 'property',
    ...over,
  };
  expect((await client.post(`${OSS}/submit`, body)).body, ossCode).toMatchObject(ok);
  const found = (await client.get(`${OSS}/list`, { ossCode_equal: ossCode })).body.data.records;
  expect(found).toHaveLength(1);
  return String(found[0].id);
}

const enable = (client: ApiClient, id: string) => client.post(`${OSS}/enable`, undefined, { id });

async function attachOf(name: string) {
  return (
    await sql<{ id: string; storage: string; tenant_id: string }>`select id, storage, tenant_id from blade_attach
    where name = ${name}`.execute(db())
  ).rows[0]!;
}

async function served(link: string): Promise<{ status: number; bytes: Buffer }> {
  const response = await fetch(`${server.url}${link}`);
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

const filesOnDisk = () =>
  existsSync(join(dataDir, 'files'))
    ? readdirSync(join(dataDir, 'files'), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
    : [];

const enabledCodes = async (tenantId: string) =>
  (
    await sql<{ oss_code: string }>`select oss_code from blade_oss where tenant_id = ${tenantId} and status = 1
      and is_deleted = 0 order by oss_code`.execute(db())
  ).rows.map((r) => r.oss_code);

beforeAll(async () => {
  s3 = await startS3(['property', 'second', 'tenant-b']);
  dataDir = mkdtempSync(join(tmpdir(), 'pc-oss-'));
  // s3rver listens on 127.0.0.1: this deployment allows internal endpoints, as one with a MinIO of its own does.
  server = await startServer({ dataDir, ossPrivateEndpoints: true });
  admin = await signedIn(server, 'admin', 'admin', DEMO_TENANT);
  other = await otherTenant(server, '存储测试物业');
}, 120_000);
afterAll(async () => {
  await server?.close();
  await s3?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('object storage configurations', () => {
  it('keeps the secret key to sign with and never answers it', async () => {
    const id = await config(admin, 'secret-check');
    const detail = await admin.get(`${OSS}/detail`, { id });
    expect(detail.body.data).toMatchObject({
      ossCode: 'secret-check',
      accessKey: S3_ACCESS_KEY,
      bucketName: 'property',
      status: 0,
    });
    expect(JSON.stringify(detail.body)).not.toContain(S3_SECRET_KEY);
    expect(JSON.stringify((await admin.get(`${OSS}/list`)).body)).not.toContain(S3_SECRET_KEY);
    const history = await admin.get('/blade-log/audit/history', { entity: 'oss', id });
    expect(JSON.stringify(history.body)).not.toContain(S3_SECRET_KEY);
    expect(JSON.stringify(history.body)).toContain('******');
    const stored = await sql<{ secret_key: string }>`select secret_key from blade_oss where id = ${id}`.execute(db());
    expectSealed(server, stored.rows[0]!.secret_key, S3_SECRET_KEY);
    // An edit without the secret keeps it; status is the enable action's, never a save's.
    expect((await admin.post(`${OSS}/submit`, { id, remark: '备注', status: 1 })).body).toMatchObject(ok);
    const after = await sql<{
      secret_key: string;
      status: number;
    }>`select secret_key, status from blade_oss where id = ${id}`.execute(db());
    expect(after.rows[0]).toEqual({ secret_key: stored.rows[0]!.secret_key, status: 0 });
    expect((await admin.post(`${OSS}/remove`, undefined, { ids: id })).body).toMatchObject(ok);
  });

  it('refuses an endpoint that is not a service address, a bucket S3 would not take, a provider off the list', async () => {
    const base = { category: 1, ossCode: 'bad', accessKey: 'a', secretKey: 's', bucketName: 'property', endpoint: s3.endpoint };
    const endpoint = '资源地址应为 http:// 或 https:// 开头的服务地址(如 http://127.0.0.1:9000),不含路径和参数';
    for (const bad of [
      'ftp://127.0.0.1',
      `${s3.endpoint}/property`,
      'http://user:pw@127.0.0.1:9000',
      'not a url',
      `${s3.endpoint}?x=1`,
    ]) {
      expect(await admin.post(`${OSS}/submit`, { ...base, endpoint: bad }), bad).toMatchObject(refused(400, endpoint));
    }
    for (const bad of ['UPPER', 'ab', '-start', 'has_underscore']) {
      expect(await admin.post(`${OSS}/submit`, { ...base, bucketName: bad }), bad).toMatchObject(
        refused(400, '空间名只能由3到63位小写字母、数字、点和短横线组成,并以字母或数字开头和结尾'),
      );
    }
    expect(await admin.post(`${OSS}/submit`, { ...base, category: 9 })).toMatchObject(refused(400, '请选择存储类型'));
    expect(await admin.post(`${OSS}/submit`, { ...base, secretKey: '' })).toMatchObject(refused(400, '请输入SecretKey'));
    const en = await admin.call('POST', `${OSS}/submit`, {
      body: { ...base, endpoint: 'ftp://x' },
      headers: { 'Accept-Language': 'en' },
    });
    expect(en.body.msg).toMatch(/^The endpoint is the service address/);
    expect((await sql`select 1 from blade_oss where oss_code = 'bad'`.execute(db())).rows).toHaveLength(0);
    // A trailing slash is the same address, saved without it.
    const id = await config(admin, 'slash', { endpoint: `${s3.endpoint}/` });
    expect((await admin.get(`${OSS}/detail`, { id })).body.data.endpoint).toBe(s3.endpoint);
    await admin.post(`${OSS}/remove`, undefined, { ids: id });
  });

  it('refuses to enable a bucket that cannot be reached, refuses the keys or does not exist, and changes nothing', async () => {
    const closed = await freePort();
    const cases: [string, Record<string, unknown>, string | RegExp][] = [
      ['down', { endpoint: `http://127.0.0.1:${closed}` }, `无法连接对象存储服务 http://127.0.0.1:${closed}:ECONNREFUSED`],
      [
        'wrong-secret',
        { secretKey: 'not-the-secret' },
        '对象存储拒绝了请求(SignatureDoesNotMatch):请检查 AccessKey、SecretKey 是否正确,以及该账号能否读写空间 property',
      ],
      ['wrong-key', { accessKey: 'NOSUCHKEY' }, /^对象存储拒绝了请求\(InvalidAccessKeyId\)/],
      ['no-bucket', { bucketName: 'missing-bucket' }, '对象存储中没有空间 missing-bucket,请先在服务商处创建'],
    ];
    for (const [code, over, message] of cases) {
      const id = await config(admin, code, over);
      const answer = await enable(admin, id);
      expect(answer.status, code).toBe(400);
      expect(answer.body.msg, code).toMatch(message);
      expect(await enabledCodes(DEMO_TENANT), code).toEqual([]);
      await admin.post(`${OSS}/remove`, undefined, { ids: id });
    }
    // The refusal is in the caller's language.
    const id = await config(admin, 'wrong-secret-en', { secretKey: 'nope' });
    const en = await admin.call('POST', `${OSS}/enable`, { query: { id }, headers: { 'Accept-Language': 'en' } });
    expect(en.body.msg).toBe(
      'The object storage refused the request (SignatureDoesNotMatch): check the access key and secret key, and that the account may read and write the bucket property',
    );
    await admin.post(`${OSS}/remove`, undefined, { ids: id });
    // The wrong secret was refused by the signature check itself, the others by s3rver.
    expect(s3.requests.some((r) => r.refused)).toBe(true);
  });
});

describe('uploads into the enabled bucket', () => {
  let first: string;
  let second: string;
  let diskFile: { name: string; link: string; bytes: Buffer };
  let bucketFile: { name: string; link: string; bytes: Buffer; attachId: string };

  it('keeps uploads on the server’s own storage while no configuration is enabled', async () => {
    const bytes = pictureOf(1);
    const answer = await putFile(admin, bytes);
    expect(answer.body).toMatchObject(ok);
    diskFile = { name: answer.body.data.name, link: answer.body.data.link, bytes };
    expect((await attachOf(diskFile.name)).storage).toBe('disk');
    expect(filesOnDisk()).toContain(diskFile.name);
  });

  it('stores an upload in the enabled bucket: the object is there, a signed GET reads it, the link serves it', async () => {
    first = await config(admin, 'minio-main');
    const seen = s3.requests.length;
    expect((await enable(admin, first)).body).toMatchObject(ok);
    expect(await enabledCodes(DEMO_TENANT)).toEqual(['minio-main']);
    // The enable's test object was written and deleted again.
    const checks = s3.requests.slice(seen).filter((r) => r.path.includes('property-console-check-'));
    expect(checks.map((r) => r.method)).toEqual(['PUT', 'DELETE']);
    expect(await s3.objectOf('property', checks[0]!.path.split('/').pop()!)).toBeUndefined();

    const bytes = pictureOf(2);
    const answer = await putFile(admin, bytes, '门禁照片.png');
    expect(answer.body).toMatchObject({ ...ok, data: { originalName: '门禁照片.png' } });
    const { name, link, attachId } = answer.body.data;
    bucketFile = { name, link, bytes, attachId };
    expect(await attachOf(name)).toMatchObject({ storage: `oss:${first}`, tenant_id: DEMO_TENANT });
    expect(filesOnDisk()).not.toContain(name);
    // In s3rver's own store, read without our client…
    expect((await s3.objectOf('property', name))?.equals(bytes)).toBe(true);
    // …read back with a signed GET…
    const bucket = {
      endpoint: s3.endpoint,
      bucket: 'property',
      region: 'us-east-1',
      accessKey: S3_ACCESS_KEY,
      pathStyle: true,
      internalAllowed: true,
    };
    expect((await getObject({ ...bucket, secretKey: S3_SECRET_KEY }, name))?.equals(bytes)).toBe(true);
    // …which the wrong secret does not pass.
    await expect(getObject({ ...bucket, secretKey: 'wrong' }, name)).rejects.toMatchObject({ key: 'ossAccessDenied' });
    // And served by its link, without a token, from the bucket.
    const got = await served(link);
    expect(got.status).toBe(200);
    expect(got.bytes.equals(bytes)).toBe(true);
    // The file uploaded before still comes from the disk.
    expect((await served(diskFile.link)).bytes.equals(diskFile.bytes)).toBe(true);
  });

  it('refuses an upload the bucket refuses, saying what to check, and keeps nothing', async () => {
    const wrong = await admin.post(`${OSS}/submit`, { id: first, secretKey: 'changed-but-wrong' });
    expect(wrong.body).toMatchObject(ok);
    const before = (await sql<{ n: number }>`select count(*)::int as n from blade_attach`.execute(db())).rows[0]!.n;
    const answer = await putFile(admin, pictureOf(3));
    expect(answer).toMatchObject(
      refused(
        400,
        '对象存储拒绝了请求(SignatureDoesNotMatch):请检查 AccessKey、SecretKey 是否正确,以及该账号能否读写空间 property',
      ),
    );
    expect((await sql<{ n: number }>`select count(*)::int as n from blade_attach`.execute(db())).rows[0]!.n).toBe(before);
    // A public reader of a file in that bucket learns nothing about it: the file is simply not there.
    expect((await served(bucketFile.link)).status).toBe(404);
    expect((await admin.post(`${OSS}/submit`, { id: first, secretKey: S3_SECRET_KEY })).body).toMatchObject(ok);
    expect((await served(bucketFile.link)).status).toBe(200);
  });

  it('enables one configuration per tenant: the next enabled takes new uploads, old files stay readable', async () => {
    second = await config(admin, 'minio-second', { bucketName: 'second' });
    expect((await enable(admin, second)).body).toMatchObject(ok);
    expect(await enabledCodes(DEMO_TENANT)).toEqual(['minio-second']);
    const list = (await admin.get(`${OSS}/list`)).body.data.records as { ossCode: string; status: number }[];
    expect(list.filter((r) => r.status === 1).map((r) => r.ossCode)).toEqual(['minio-second']);

    const bytes = pictureOf(4);
    const answer = await putFile(admin, bytes);
    const name = answer.body.data.name as string;
    expect(await attachOf(name)).toMatchObject({ storage: `oss:${second}` });
    expect((await s3.objectOf('second', name))?.equals(bytes)).toBe(true);
    expect(await s3.objectOf('property', name)).toBeUndefined();
    // The file in the first bucket: by its link and through the permission-checked download.
    expect((await served(bucketFile.link)).bytes.equals(bucketFile.bytes)).toBe(true);
    const response = await fetch(`${server.url}/api/blade-resource/attach/download?id=${bucketFile.attachId}`, {
      headers: { 'Blade-Auth': `bearer ${admin.token}` },
    });
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(bucketFile.bytes)).toBe(true);
  });

  it('keeps each tenant’s enabled configuration its own', async () => {
    const theirs = await config(other, 'tenant-b-minio', { bucketName: 'tenant-b' });
    expect((await enable(other, theirs)).body).toMatchObject(ok);
    const tenantB = (await sql<{ tenant_id: string }>`select tenant_id from blade_oss where id = ${theirs}`.execute(db()))
      .rows[0]!.tenant_id;
    expect(await enabledCodes(tenantB)).toEqual(['tenant-b-minio']);
    // Enabling one of A's again leaves B's enabled.
    expect((await enable(admin, second)).body).toMatchObject(ok);
    expect(await enabledCodes(tenantB)).toEqual(['tenant-b-minio']);
    expect(await enabledCodes(DEMO_TENANT)).toEqual(['minio-second']);
    // B uploads into B's bucket; A neither sees nor enables B's configuration.
    const answer = await putFile(other, pictureOf(5));
    expect((await s3.objectOf('tenant-b', answer.body.data.name))?.length).toBeGreaterThan(0);
    expect((await admin.get(`${OSS}/detail`, { id: theirs })).body.data).toBeNull();
    expect((await enable(admin, theirs)).status).toBe(404);
    expect(await enabledCodes(tenantB)).toEqual(['tenant-b-minio']);
  });

  it('removing a file removes its object from the bucket', async () => {
    expect((await s3.objectOf('property', bucketFile.name))?.length).toBeGreaterThan(0);
    expect((await admin.post('/blade-resource/attach/remove', undefined, { ids: bucketFile.attachId })).body).toMatchObject(ok);
    expect(await s3.objectOf('property', bucketFile.name)).toBeUndefined();
    expect((await served(bucketFile.link)).status).toBe(404);
  });

  it('keeps the bucket of a configuration holding files, and the configuration itself', async () => {
    const holding = await sql<{ n: number }>`select count(*)::int as n from blade_attach where storage = ${`oss:${second}`}
      and is_deleted = 0`.execute(db());
    const count = holding.rows[0]!.n;
    expect(count).toBeGreaterThan(0);
    expect(await admin.post(`${OSS}/submit`, { id: second, bucketName: 'property' })).toMatchObject(
      refused(400, `该配置的存储空间中保存着 ${count} 个文件,不能修改存储类型、空间名或appId,请新增一个配置`),
    );
    expect(await admin.post(`${OSS}/remove`, undefined, { ids: second })).toMatchObject(
      refused(400, `配置“minio-second”的存储空间中保存着 ${count} 个文件,不能删除`),
    );
    expect((await admin.get(`${OSS}/detail`, { id: second })).body.data).toMatchObject({ bucketName: 'second' });
    // Its endpoint may move (the same bucket on a new address): saved.
    expect(
      (await admin.post(`${OSS}/submit`, { id: second, endpoint: s3.endpoint.replace('127.0.0.1', 'localhost') })).body,
    ).toMatchObject(ok);
    expect((await admin.post(`${OSS}/submit`, { id: second, endpoint: s3.endpoint })).body).toMatchObject(ok);
  });

  it('goes back to the server’s own storage when the enabled configuration is disabled', async () => {
    expect((await admin.post(`${OSS}/disable`, undefined, { id: second })).body).toMatchObject(ok);
    expect(await enabledCodes(DEMO_TENANT)).toEqual([]);
    const answer = await putFile(admin, pictureOf(6));
    expect((await attachOf(answer.body.data.name)).storage).toBe('disk');
    expect(filesOnDisk()).toContain(answer.body.data.name);
  });
});

describe('endpoints on internal addresses, where the deployment does not allow them (the default)', () => {
  let guarded: TestServer;
  let guardedAdmin: ApiClient;
  let guardedDir: string;
  beforeAll(async () => {
    guardedDir = mkdtempSync(join(tmpdir(), 'pc-oss-guarded-'));
    guarded = await startServer({ dataDir: guardedDir });
    guardedAdmin = await signedIn(guarded, 'admin', 'admin', DEMO_TENANT);
  }, 120_000);
  afterAll(async () => {
    await guarded?.close();
    rmSync(guardedDir, { recursive: true, force: true });
  });
  const guardedDb = () => guarded.built.services.db;

  it('refuses to enable a bucket on this machine, names why, and changes nothing; the bucket is never asked', async () => {
    const asked = s3.requests.length;
    const id = await config(guardedAdmin, 'internal');
    const answer = await enable(guardedAdmin, id);
    expect(answer).toMatchObject(
      refused(400, `对象存储地址 ${s3.endpoint} 指向本机或内部网络,本系统不连接这样的地址,请填写对象存储服务的公网地址`),
    );
    const en = await guardedAdmin.call('POST', `${OSS}/enable`, { query: { id }, headers: { 'Accept-Language': 'en' } });
    expect(en.body.msg).toMatch(/^The object storage address .* leads to this server or an internal network/);
    expect(s3.requests.length).toBe(asked);
    const status = await sql<{ status: number }>`select status from blade_oss where id = ${id}`.execute(guardedDb());
    expect(status.rows[0]!.status).toBe(0);
  });

  it('refuses an upload to such a bucket as the connection is made (a configuration enabled some other way), keeping nothing', async () => {
    const asked = s3.requests.length;
    const id = await config(guardedAdmin, 'internal-enabled');
    // Enabled behind the check's back (a row from before the guard, a name that resolved elsewhere when saved).
    await sql`update blade_oss set status = 1 where id = ${id}`.execute(guardedDb());
    const before = await sql<{ n: number }>`select count(*)::int as n from blade_attach`.execute(guardedDb());
    const answer = await upload(guarded, guardedAdmin, '/blade-resource/oss/endpoint/put-file', {
      bytes: pictureOf(9),
      name: 'inner.png',
      type: 'image/png',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toContain('指向本机或内部网络');
    expect(s3.requests.length).toBe(asked);
    const after = await sql<{ n: number }>`select count(*)::int as n from blade_attach`.execute(guardedDb());
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });
});
