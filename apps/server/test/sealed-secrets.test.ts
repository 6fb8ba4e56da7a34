import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { smsEntity } from '@property/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrudService } from '../src/platform/crud/engine';
import { SecretSeal } from '../src/platform/security/sealed-secrets';
import { targetOf, type SourceRow } from '../src/modules/develop/connection';
import { DEMO_TENANT } from '../src/seed/seed';
import type { ApiClient } from './client';
import { ok, refused, signedIn } from './facility-fixtures';
import { administratorOf, startServer, type TestServer } from './harness';
import { S3_ACCESS_KEY, S3_SECRET_KEY, startS3, type TestS3 } from './s3-server';
import { expectSealed } from './sealed';
import { PNG, upload } from './service-fixtures';

/**
 * Credentials the server uses again (an object store's secret key, an SMS key, a data source's password) are
 * stored sealed (platform/security/sealed-secrets.ts): a copy of the database does not give them away, the
 * server opens them to sign and connect, and a change of the server's key is survivable.
 */
let s3: TestS3;
let server: TestServer;
let admin: ApiClient;
let platform: ApiClient;
let dataDir: string;

const db = () => server.built.services.db;
const OSS = '/blade-resource/oss';
const UNREADABLE_ZH = '已保存的密钥无法读取(服务器的密钥已更换),请重新填写并保存';
const UNREADABLE_EN = 'The stored secret can no longer be read (the server’s key was changed); type it again and save';

const putFile = (bytes: Buffer) =>
  upload(server, admin, '/blade-resource/oss/endpoint/put-file', { bytes, name: 'photo.png', type: 'image/png' });

const secretKeyOf = async (id: string) =>
  (await sql<{ secret_key: string }>`select secret_key from blade_oss where id = ${id}`.execute(db())).rows[0]!.secret_key;

async function ossConfig(code: string): Promise<string> {
  const body = {
    category: 1,
    ossCode: code,
    endpoint: s3.endpoint,
    accessKey: S3_ACCESS_KEY,
    secretKey: S3_SECRET_KEY,
    bucketName: 'property',
  };
  expect((await admin.post(`${OSS}/submit`, body)).body).toMatchObject(ok);
  return String((await admin.get(`${OSS}/list`, { ossCode_equal: code })).body.data.records[0].id);
}

beforeAll(async () => {
  s3 = await startS3(['property']);
  dataDir = mkdtempSync(join(tmpdir(), 'pc-sealed-'));
  // s3rver listens on 127.0.0.1: this deployment allows internal endpoints.
  server = await startServer({ dataDir, ossPrivateEndpoints: true });
  admin = await signedIn(server, 'admin', 'admin', DEMO_TENANT);
  platform = await signedIn(server, 'admin', 'admin', '000000');
}, 120_000);
afterAll(async () => {
  await server?.close();
  await s3?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('stored credentials', () => {
  it('are sealed in the database: the demo’s (seeded plain, sealed at start) and what a save writes', async () => {
    for (const table of ['blade_oss', 'blade_sms']) {
      const rows = await sql<{ secret_key: string }>`select secret_key from ${sql.table(table)}
        where tenant_id = ${DEMO_TENANT}`.execute(db());
      expect(rows.rows.length, table).toBeGreaterThan(0);
      for (const { secret_key } of rows.rows) expect(server.built.services.secrets.isCurrent(secret_key), table).toBe(true);
    }
    const id = await ossConfig('sealed-save');
    expectSealed(server, await secretKeyOf(id), S3_SECRET_KEY);
  });

  it('are opened to sign with: enabling checks the bucket with requests it accepts as signed', async () => {
    const id = await ossConfig('sealed-sign');
    const before = s3.requests.length;
    expect((await admin.post(`${OSS}/enable`, undefined, { id })).body).toMatchObject(ok);
    const signed = s3.requests.slice(before);
    expect(signed.length).toBeGreaterThan(0);
    expect(signed.filter((r) => r.refused)).toEqual([]);
    expect((await admin.post(`${OSS}/disable`, undefined, { id })).body).toMatchObject(ok);
  });

  it('are written sealed by every path of the engine, and not at all without the server’s seal', async () => {
    const ctx = { db: db(), auth: administratorOf(DEMO_TENANT), rowScope: () => [sql`tenant_id = ${DEMO_TENANT}`] };
    const row = { category: 1, sms_code: 'no-seal', template_id: 'T', access_key: 'AK', secret_key: 'plain' };
    await expect(new CrudService(smsEntity).insert(ctx, row)).rejects.toThrow(/without the server's seal/);
    const none = await sql`select 1 from blade_sms where sms_code = 'no-seal'`.execute(db());
    expect(none.rows).toEqual([]);
    const secrets = server.built.services.secrets;
    const inserted = await new CrudService(smsEntity).insert({ ...ctx, secrets }, row);
    expectSealed(server, inserted.secret_key, 'plain');
    const updated = await new CrudService(smsEntity).update({ ...ctx, secrets }, String(inserted.id), { secret_key: 'changed' });
    expectSealed(server, updated.secret_key, 'changed');
  });

  it('sealed under a key the server was not given: a call needing one says to type it again (zh, en), and a save mends it', async () => {
    const id = await ossConfig('sealed-lost');
    expect((await admin.post(`${OSS}/enable`, undefined, { id })).body).toMatchObject(ok);
    const stored = await putFile(PNG);
    expect(stored.body).toMatchObject(ok);
    const { link } = stored.body.data as { link: string };
    expect((await fetch(`${server.url}${link}`)).status).toBe(200);

    await sql`update blade_oss set secret_key = ${new SecretSeal('a key given up').seal(S3_SECRET_KEY)} where id = ${id}`.execute(
      db(),
    );
    expect(await admin.post(`${OSS}/enable`, undefined, { id })).toMatchObject(refused(409, UNREADABLE_ZH));
    const english = await admin.call('POST', `${OSS}/enable`, { query: { id }, headers: { 'Accept-Language': 'en' } });
    expect(english).toMatchObject(refused(409, UNREADABLE_EN));
    // An upload to that bucket is refused, nothing kept; a public link to a file in it is not found (the log says why).
    const attaches = async () => Number((await sql<{ n: string }>`select count(*) n from blade_attach`.execute(db())).rows[0]!.n);
    const before = await attaches();
    expect(await putFile(PNG)).toMatchObject(refused(409, UNREADABLE_ZH));
    expect(await attaches()).toBe(before);
    expect((await fetch(`${server.url}${link}`)).status).toBe(404);

    expect((await admin.post(`${OSS}/submit`, { id, secretKey: S3_SECRET_KEY })).body).toMatchObject(ok);
    expect((await fetch(`${server.url}${link}`)).status).toBe(200);
    expect((await putFile(PNG)).body).toMatchObject(ok);
    expect((await admin.post(`${OSS}/disable`, undefined, { id })).body).toMatchObject(ok);
  });

  it('a data source’s password: sealed, opened to connect, and a lost one said so by the connection test', async () => {
    const body = {
      name: '封存测试',
      url: 'jdbc:postgresql://127.0.0.1:5432/sealed',
      username: 'reader',
      password: 'pg-pass-9f3',
    };
    expect((await platform.post('/blade-develop/datasource/submit', body)).body).toMatchObject(ok);
    const row = (
      await sql<SourceRow & { id: string }>`select * from blade_datasource where name = '封存测试' and is_deleted = 0`.execute(
        db(),
      )
    ).rows[0]!;
    expectSealed(server, row.password, 'pg-pass-9f3');
    expect(targetOf(row, server.built.services.secrets).password).toBe('pg-pass-9f3');
    await sql`update blade_datasource set password = ${new SecretSeal('a key given up').seal('x')} where id = ${row.id}`.execute(
      db(),
    );
    const test = await platform.post('/blade-develop/datasource/test', undefined, { id: row.id });
    expect(test).toMatchObject(refused(409, UNREADABLE_ZH));
  });
});
