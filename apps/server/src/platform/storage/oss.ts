import { randomBytes } from 'node:crypto';
import { CONFIG_ENABLED, OSS_CATEGORY } from '@property/domain';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { SecretSeal } from '../security/sealed-secrets';
import { BucketDriver } from './drivers';
import { deleteObject, putObject, type Bucket } from './s3';

/** An object storage configuration (blade_oss) as the storage reads it: its secret key opened (openedOss). */
export interface OssConfig {
  id: string;
  category: number;
  oss_code: string;
  endpoint: string;
  access_key: string;
  secret_key: string;
  bucket_name: string;
  region: string | null;
  app_id: string | null;
}

/** The region requests are signed for when the configuration names none (MinIO's default region). */
export const DEFAULT_REGION = 'us-east-1';

/** The `storage` a file row records for a file in this configuration's bucket. */
export const ossStorage = (configId: string) => `oss:${configId}`;

/** The configuration id in a file row's `storage` (oss:<id>), or undefined for the server's own storage. */
export function ossIdOf(storage: unknown): string | undefined {
  const match = /^oss:(\d{1,19})$/.exec(String(storage ?? ''));
  return match?.[1];
}

/**
 * Where a configuration's bucket is: MinIO (and any S3 server on an address of its own) by path, the
 * clouds by host name (Aliyun OSS takes only that). Tencent COS bucket names end with the account's
 * APPID: added when the configuration gives it apart.
 */
export function bucketOf(config: OssConfig, internalAllowed: boolean): Bucket {
  let bucket = config.bucket_name;
  if (Number(config.category) === OSS_CATEGORY.tencent && config.app_id && !bucket.endsWith(`-${config.app_id}`)) {
    bucket = `${bucket}-${config.app_id}`;
  }
  return {
    endpoint: config.endpoint,
    bucket,
    region: config.region || DEFAULT_REGION,
    accessKey: config.access_key,
    secretKey: config.secret_key,
    pathStyle: Number(config.category) === OSS_CATEGORY.minio,
    internalAllowed,
  };
}

export const driverOfConfig = (config: OssConfig, internalAllowed: boolean) =>
  new BucketDriver(ossStorage(config.id), bucketOf(config, internalAllowed));

/** A stored configuration with its secret key opened, as requests are signed with it (the row keeps it sealed). */
export const openedOss = (row: OssConfig, secrets: SecretSeal): OssConfig => ({
  ...row,
  secret_key: secrets.open(String(row.secret_key ?? '')),
});

/** The tenant's enabled configuration: where its new uploads go (none: the server's own storage). */
export async function enabledOss(db: Db, tenantId: string, secrets: SecretSeal): Promise<OssConfig | undefined> {
  const rows = await sql<OssConfig>`select * from blade_oss where tenant_id = ${tenantId}
    and status = ${CONFIG_ENABLED.yes} and is_deleted = 0 order by id limit 1`.execute(db);
  return rows.rows[0] && openedOss(rows.rows[0], secrets);
}

/**
 * The configuration a file was stored with, of the file's tenant. Removed configurations are read too: a
 * file stays readable from where it went, whatever became of the configuration since (one holding files
 * is not removed, but rows older than that rule may exist).
 */
export async function ossOfFile(db: Db, configId: string, tenantId: string, secrets: SecretSeal): Promise<OssConfig | undefined> {
  const rows = await sql<OssConfig>`select * from blade_oss where id = ${configId} and tenant_id = ${tenantId}`.execute(db);
  return rows.rows[0] && openedOss(rows.rows[0], secrets);
}

/**
 * Tries the bucket as uploads will use it: writes a small object and deletes it. Throws the StorageError
 * that says what is wrong (unreachable, refused credentials, no such bucket).
 */
export async function checkBucket(config: OssConfig, internalAllowed: boolean): Promise<void> {
  const bucket = bucketOf(config, internalAllowed);
  const key = `property-console-check-${randomBytes(8).toString('hex')}.txt`;
  await putObject(bucket, key, Buffer.from('written and deleted by the property console to check the bucket\n'), 'text/plain');
  await deleteObject(bucket, key);
}
