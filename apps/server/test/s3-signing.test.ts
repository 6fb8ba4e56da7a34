import { describe, expect, it } from 'vitest';
import { bucketOf, ossIdOf, type OssConfig } from '../src/platform/storage/oss';
import { EMPTY_SHA256, objectUrl, signRequest } from '../src/platform/storage/s3';

/**
 * The S3 driver's request signing (AWS Signature Version 4) against AWS's own published example: "GET
 * Object" of examplebucket/test.txt with a Range header, signed on 2013-05-24 with the documentation's
 * example keys. The expected signature is AWS's; a mistake anywhere in the canonical request, the string
 * to sign or the key derivation changes it.
 */
describe('AWS Signature V4', () => {
  it('signs AWS’s example GET Object request as AWS does', () => {
    const headers = signRequest(
      { method: 'GET', url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'), headers: { Range: 'bytes=0-9' } },
      { accessKey: 'AKIAIOSFODNN7EXAMPLE', secretKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1' },
      EMPTY_SHA256,
      new Date('2013-05-24T00:00:00Z'),
    );
    expect(headers['x-amz-date']).toBe('20130524T000000Z');
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    // The address's own Host header goes out (fetch sets it): it is signed, never sent twice.
    expect(headers.host).toBeUndefined();
  });

  it('changes the signature with the secret, the path, the date and the body', () => {
    const sign = (over: { secret?: string; path?: string; date?: string; hash?: string }) =>
      signRequest(
        { method: 'PUT', url: new URL(`http://127.0.0.1:9000/bucket/${over.path ?? 'a.png'}`), headers: {} },
        { accessKey: 'AK', secretKey: over.secret ?? 'secret', region: 'us-east-1' },
        over.hash ?? EMPTY_SHA256,
        new Date(over.date ?? '2026-01-01T00:00:00Z'),
      ).authorization;
    const base = sign({});
    for (const other of [{ secret: 'other' }, { path: 'b.png' }, { date: '2026-01-01T00:00:01Z' }, { hash: '0'.repeat(64) }]) {
      expect(sign(other), JSON.stringify(other)).not.toBe(base);
    }
  });
});

describe('bucket addresses', () => {
  const config = (over: Partial<OssConfig>): OssConfig => ({
    id: '7',
    category: 1,
    oss_code: 'c',
    endpoint: 'http://127.0.0.1:9000',
    access_key: 'ak',
    secret_key: 'sk',
    bucket_name: 'files',
    region: null,
    app_id: null,
    ...over,
  });

  it('addresses MinIO by path and the clouds by host name', () => {
    expect(objectUrl(bucketOf(config({}), false), 'ab.png').href).toBe('http://127.0.0.1:9000/files/ab.png');
    const aliyun = bucketOf(
      config({ category: 3, endpoint: 'https://oss-cn-hangzhou.aliyuncs.com', region: 'oss-cn-hangzhou' }),
      false,
    );
    expect(objectUrl(aliyun, 'ab.png').href).toBe('https://files.oss-cn-hangzhou.aliyuncs.com/ab.png');
    expect(aliyun.region).toBe('oss-cn-hangzhou');
    expect(bucketOf(config({}), false).region).toBe('us-east-1');
  });

  it('ends a Tencent COS bucket with the APPID once', () => {
    expect(bucketOf(config({ category: 4, app_id: '1250000000' }), false).bucket).toBe('files-1250000000');
    expect(bucketOf(config({ category: 4, app_id: '1250000000', bucket_name: 'files-1250000000' }), false).bucket).toBe(
      'files-1250000000',
    );
    expect(bucketOf(config({ category: 1, app_id: '1250000000' }), false).bucket).toBe('files');
  });

  it('reads the configuration of a stored file from its storage column only when it is oss:<id>', () => {
    expect(ossIdOf('oss:12')).toBe('12');
    for (const other of ['disk', 'database', 'oss:', 'oss:1x', null]) expect(ossIdOf(other)).toBeUndefined();
  });
});
