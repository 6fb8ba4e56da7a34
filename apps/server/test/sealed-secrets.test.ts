import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { datasourceEntity, ossEntity, smsEntity, userEntity } from '@property/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrudService } from '../src/platform/crud/engine';
import { SealedSecretError, SecretSeal, sealStoredSecrets } from '../src/platform/security/sealed-secrets';
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

describe('the seal', () => {
  const seal = new SecretSeal('the current key');

  it('opens what it sealed; seals the same text differently each time; reads a value stored before sealing as it is', () => {
    const first = seal.seal('s3cr3t 密钥');
    const second = seal.seal('s3cr3t 密钥');
    expect(first).not.toBe(second);
    expect(first).not.toContain('s3cr3t');
    expect(seal.open(first)).toBe('s3cr3t 密钥');
    expect(seal.open(second)).toBe('s3cr3t 密钥');
    expect(seal.open('stored plain')).toBe('stored plain');
    expect(seal.isCurrent(first)).toBe(true);
    expect(seal.isCurrent('stored plain')).toBe(false);
  });

  it('refuses an altered value, one cut short and one sealed under a key it was not given', () => {
    const sealed = seal.seal('s3cr3t');
    const body = sealed.slice(sealed.lastIndexOf(':') + 1);
    const bytes = Buffer.from(body, 'base64url');
    bytes[bytes.length - 1]! ^= 1;
    const altered = `${sealed.slice(0, sealed.lastIndexOf(':') + 1)}${bytes.toString('base64url')}`;
    expect(() => seal.open(altered)).toThrow(SealedSecretError);
    expect(seal.isCurrent(altered)).toBe(false);
    expect(() => seal.open(`${sealed.slice(0, sealed.lastIndexOf(':') + 1)}AAAA`)).toThrow(SealedSecretError);
    expect(() => seal.open(new SecretSeal('another key').seal('s3cr3t'))).toThrow(SealedSecretError);
  });

  it('opens with a previous key what it sealed, and seals only under the current one', () => {
    const old = new SecretSeal('the old key').seal('s3cr3t');
    const rotated = new SecretSeal('the new key', ['the old key']);
    expect(rotated.open(old)).toBe('s3cr3t');
    expect(rotated.isCurrent(old)).toBe(false);
    expect(new SecretSeal('the new key').open(rotated.seal('s3cr3t'))).toBe('s3cr3t');
    expect(() => new SecretSeal('the old key').open(rotated.seal('s3cr3t'))).toThrow(SealedSecretError);
  });

  it('seals the values of sealed fields a save writes, keeps one already sealed under it, and nothing else', () => {
    const kept = seal.seal('kept');
    const values = seal.sealValues(ossEntity, { secret_key: 'typed', access_key: 'AK', remark: '' });
    expect(values.access_key).toBe('AK');
    expect(seal.open(String(values.secret_key))).toBe('typed');
    expect(seal.sealValues(ossEntity, { secret_key: kept }).secret_key).toBe(kept);
    expect(seal.sealValues(ossEntity, { secret_key: '' }).secret_key).toBe('');
    expect(seal.open(String(seal.sealValues(datasourceEntity, { password: 'pw' }).password))).toBe('pw');
    // A secret that is not sealed (a password's hash) is left as it is.
    expect(seal.sealValues(userEntity, { password: 'hash' }).password).toBe('hash');
  });
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

  it('are sealed again at start under a new key: plain ones and a previous key’s; a value no key opens is counted and kept', async () => {
    const current = server.built.services.secrets;
    const [plain, previous, lost] = await Promise.all(['sealed-plain', 'sealed-previous', 'sealed-unknown'].map(ossConfig));
    const lostValue = new SecretSeal('nobody’s key').seal('x');
    await sql`update blade_oss set secret_key = 'typed before sealing' where id = ${plain}`.execute(db());
    await sql`update blade_oss set secret_key = ${lostValue} where id = ${lost}`.execute(db());
    const before = await secretKeyOf(previous);

    // The deployment moves to a new SECRETS_KEY with the token secret's key as the previous one.
    const testKey = 'test-secret-0123456789abcdef0123456789';
    const next = new SecretSeal('the next key', [testKey]);
    const first = await sealStoredSecrets(db(), next, [ossEntity]);
    expect(first.unreadable).toBeGreaterThanOrEqual(1);
    expect(first.sealed).toBeGreaterThanOrEqual(3);
    expect(next.isCurrent(await secretKeyOf(plain))).toBe(true);
    expect(next.open(await secretKeyOf(plain))).toBe('typed before sealing');
    expect(next.isCurrent(await secretKeyOf(previous))).toBe(true);
    expect(await secretKeyOf(previous)).not.toBe(before);
    expect(next.open(await secretKeyOf(previous))).toBe(S3_SECRET_KEY);
    expect(await secretKeyOf(lost)).toBe(lostValue);
    // A second start finds nothing left to seal.
    expect(await sealStoredSecrets(db(), next, [ossEntity])).toEqual({ sealed: 0, unreadable: first.unreadable });

    // Back under the server's key for the tests that follow, which also shows the way back.
    await sealStoredSecrets(db(), new SecretSeal(testKey, ['the next key']), [ossEntity]);
    expect(current.open(await secretKeyOf(previous))).toBe(S3_SECRET_KEY);
  });
});
