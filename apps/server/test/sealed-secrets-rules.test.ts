import { datasourceEntity, ossEntity, smsEntity, userEntity } from '@property/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/platform/db/database';
import {
  SealedSecretError,
  SecretSeal,
  sealedColumnsOf,
  secretSealOf,
  sealStoredSecrets,
} from '../src/platform/security/sealed-secrets';
import { openSeededDatabase } from './harness';

/**
 * The seal's rules, called directly (the mutation scope `secrets` runs this file for every mutant):
 * sealing and opening, keys current and previous, which fields a save seals, and what each start seals
 * again, on the seeded database. sealed-secrets.test.ts proves the same through HTTP, with an S3 server.
 */
const seal = new SecretSeal('the current key');

/** A value with one byte of its sealed part changed at `at` (from the end when negative). */
function altered(sealed: string, at: number): string {
  const cut = sealed.lastIndexOf(':') + 1;
  const bytes = Buffer.from(sealed.slice(cut), 'base64url');
  bytes[at < 0 ? bytes.length + at : at]! ^= 1;
  return `${sealed.slice(0, cut)}${bytes.toString('base64url')}`;
}

describe('the seal', () => {
  it('opens what it sealed; seals the same text differently each time; reads a value stored before sealing as it is', () => {
    const first = seal.seal('s3cr3t 密钥');
    const second = seal.seal('s3cr3t 密钥');
    expect(first).not.toBe(second);
    expect(first).toMatch(/^sealed:v1:[0-9a-f]{8}:[\w-]+$/);
    expect(first).not.toContain('s3cr3t');
    expect(seal.open(first)).toBe('s3cr3t 密钥');
    expect(seal.open(second)).toBe('s3cr3t 密钥');
    expect(seal.open(seal.seal(''))).toBe('');
    expect(seal.open('stored plain')).toBe('stored plain');
    expect(seal.isCurrent(first)).toBe(true);
    expect(seal.isCurrent('stored plain')).toBe(false);
  });

  it('refuses a value altered anywhere (its iv, tag or text), one cut short, and one sealed under a key it was not given', () => {
    const sealed = seal.seal('s3cr3t');
    for (const at of [0, 12, -1]) {
      expect(() => seal.open(altered(sealed, at)), String(at)).toThrow(SealedSecretError);
      expect(seal.isCurrent(altered(sealed, at)), String(at)).toBe(false);
    }
    const prefix = sealed.slice(0, sealed.lastIndexOf(':') + 1);
    expect(() => seal.open(`${prefix}${Buffer.alloc(27).toString('base64url')}`)).toThrow(SealedSecretError);
    expect(() => seal.open(prefix)).toThrow(SealedSecretError);
    const foreign = new SecretSeal('another key').seal('s3cr3t');
    expect(() => seal.open(foreign)).toThrow(SealedSecretError);
    expect(seal.isCurrent(foreign)).toBe(false);
    // The key id names the key: another key's value under this key's id does not open either.
    expect(() => seal.open(`${prefix}${foreign.slice(foreign.lastIndexOf(':') + 1)}`)).toThrow(SealedSecretError);
  });

  it('opens what an earlier release sealed: the key derivation and the format are fixed once values are stored', () => {
    // Sealed once under this key and kept: a change of the derivation or the layout would leave every stored
    // credential unreadable after an upgrade.
    const stored = 'sealed:v1:f5d66332:fKSyQAWmVJb7fZkhJyZ6mF2IU2TLiYOnAUoP-WTKcC5OTalcgPal84UCasrwsdUy5mpdzDKR';
    const kept = new SecretSeal('a key kept for this test');
    expect(kept.open(stored)).toBe('stored before this release');
    expect(kept.isCurrent(stored)).toBe(true);
    expect(kept.seal('x')).toMatch(/^sealed:v1:f5d66332:/);
  });

  it('refuses a value whose tag is cut short, though GCM would check a shorter one', () => {
    const sealed = seal.seal('s3cr3t');
    const cut = sealed.lastIndexOf(':') + 1;
    const bytes = Buffer.from(sealed.slice(cut), 'base64url');
    // The iv and the first 4, 8 or 12 bytes of the tag, or the iv alone: never a tag of another length.
    for (const length of [16, 20, 24, 12, 5]) {
      const short = `${sealed.slice(0, cut)}${bytes.subarray(0, length).toString('base64url')}`;
      expect(() => seal.open(short), String(length)).toThrow(SealedSecretError);
    }
  });

  it('opens with a previous key what it sealed, and seals only under the current one', () => {
    const old = new SecretSeal('the old key').seal('s3cr3t');
    const rotated = new SecretSeal('the new key', ['the old key', 'an older key']);
    expect(rotated.open(old)).toBe('s3cr3t');
    expect(rotated.open(new SecretSeal('an older key').seal('older'))).toBe('older');
    expect(rotated.isCurrent(old)).toBe(false);
    expect(new SecretSeal('the new key').open(rotated.seal('s3cr3t'))).toBe('s3cr3t');
    expect(() => new SecretSeal('the old key').open(rotated.seal('s3cr3t'))).toThrow(SealedSecretError);
  });

  it('is keyed by SECRETS_KEY when set, else by the token secret', () => {
    const keyed = secretSealOf({ secretsKey: 'secrets key', secretsKeyPrevious: ['given up'], jwtSecret: 'token secret' });
    expect(new SecretSeal('secrets key').open(keyed.seal('x'))).toBe('x');
    expect(keyed.open(new SecretSeal('given up').seal('y'))).toBe('y');
    const unkeyed = secretSealOf({ secretsKeyPrevious: [], jwtSecret: 'token secret' });
    expect(new SecretSeal('token secret').open(unkeyed.seal('x'))).toBe('x');
  });

  it('seals the values of sealed fields a save writes, keeps one already sealed under it, and nothing else', () => {
    expect(sealedColumnsOf(ossEntity)).toEqual([{ column: 'secret_key' }]);
    expect(sealedColumnsOf(smsEntity)).toEqual([{ column: 'secret_key' }]);
    expect(sealedColumnsOf(datasourceEntity)).toEqual([{ column: 'password' }]);
    expect(sealedColumnsOf(userEntity)).toEqual([]);
    const kept = seal.seal('kept');
    const given = { secret_key: 'typed', access_key: 'AK', remark: '' };
    const values = seal.sealValues(ossEntity, given);
    expect(values.access_key).toBe('AK');
    expect(values.remark).toBe('');
    expect(seal.open(String(values.secret_key))).toBe('typed');
    expect(given.secret_key).toBe('typed'); // the caller's values are not changed
    expect(seal.sealValues(ossEntity, { secret_key: kept }).secret_key).toBe(kept);
    // Another key's value is text like any other: sealed as given, so it opens to itself.
    const foreign = new SecretSeal('another key').seal('x');
    expect(seal.open(String(seal.sealValues(ossEntity, { secret_key: foreign }).secret_key))).toBe(foreign);
    expect(seal.sealValues(ossEntity, { secret_key: '' }).secret_key).toBe('');
    expect(seal.sealValues(ossEntity, { secret_key: null }).secret_key).toBeNull();
    expect(seal.open(String(seal.sealValues(datasourceEntity, { password: 'pw' }).password))).toBe('pw');
    // A secret that is not sealed (a password's hash) is left as it is.
    expect(seal.sealValues(userEntity, { password: 'hash' }).password).toBe('hash');
  });
});

describe('sealing what is stored, at each start', () => {
  let database: Database;
  const db = () => database.db;
  const TENANT = '100001';
  const valueOf = async (id: string) =>
    (await sql<{ secret_key: string | null }>`select secret_key from blade_oss where id = ${id}`.execute(db())).rows[0]!
      .secret_key;
  const row = async (code: string, secretKey: string | null) =>
    String(
      (
        await sql<{
          id: string;
        }>`insert into blade_oss (tenant_id, category, oss_code, endpoint, access_key, secret_key, bucket_name)
          values (${TENANT}, 1, ${code}, 'http://example.com', 'AK', ${secretKey}, 'files') returning id`.execute(db())
      ).rows[0]!.id,
    );

  beforeAll(async () => {
    database = await openSeededDatabase();
    await sql`delete from blade_oss`.execute(db());
    await sql`delete from blade_sms`.execute(db());
  }, 120_000);
  afterAll(async () => database?.close());

  it('seals plain values and a previous key’s under the current one, keeps a current one, and counts what no key opens', async () => {
    const old = new SecretSeal('the old key');
    const next = new SecretSeal('the next key', ['the old key']);
    const keptValue = next.seal('kept');
    const lostValue = new SecretSeal('nobody’s key').seal('lost');
    const plain = await row('plain', 'typed before sealing');
    const previous = await row('previous', old.seal('old secret'));
    const kept = await row('kept', keptValue);
    const lost = await row('lost', lostValue);
    const empty = await row('empty', '');
    const none = await row('none', null);

    expect(await sealStoredSecrets(db(), next, [ossEntity, smsEntity])).toEqual({ sealed: 2, unreadable: 1 });
    expect(next.isCurrent((await valueOf(plain))!)).toBe(true);
    expect(next.open((await valueOf(plain))!)).toBe('typed before sealing');
    expect(next.isCurrent((await valueOf(previous))!)).toBe(true);
    expect(next.open((await valueOf(previous))!)).toBe('old secret');
    expect(await valueOf(kept)).toBe(keptValue);
    expect(await valueOf(lost)).toBe(lostValue);
    expect(await valueOf(empty)).toBe('');
    expect(await valueOf(none)).toBeNull();
    // A second start finds nothing left to seal; what no key opens is still counted.
    expect(await sealStoredSecrets(db(), next, [ossEntity, smsEntity])).toEqual({ sealed: 0, unreadable: 1 });
    // Entities without sealed fields are not touched.
    expect(await sealStoredSecrets(db(), new SecretSeal('a third key'), [userEntity])).toEqual({ sealed: 0, unreadable: 0 });
  });
});
