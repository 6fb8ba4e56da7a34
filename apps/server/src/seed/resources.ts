import { CONFIG_ENABLED, OSS_CATEGORY, SMS_CATEGORY } from '@property/domain';
import { sql } from 'kysely';
import type { Db } from '../platform/db/database';

/**
 * The demo company's resource settings: an object storage configuration for a MinIO on the same machine
 * (not enabled: 启用 tries the bucket first, and says so when no MinIO answers there), and an SMS
 * configuration, enabled, that reminders name (recorded, never sent). Checks for itself.
 */
export async function seedDemoResources(db: Db, tenantId: string): Promise<void> {
  const done = await sql`select 1 from blade_sms where tenant_id = ${tenantId} limit 1`.execute(db);
  if (done.rows.length > 0) return;
  await sql`insert into blade_oss (tenant_id, category, oss_code, endpoint, access_key, secret_key, bucket_name, region, remark, status)
    values (${tenantId}, ${OSS_CATEGORY.minio}, 'minio-local', 'http://127.0.0.1:9000', 'minioadmin', 'minioadmin', 'property',
      'us-east-1', '示例:本机 MinIO 的 property 空间。启用前请改成实际的地址、密钥和空间', ${CONFIG_ENABLED.no})`.execute(db);
  await sql`insert into blade_sms (tenant_id, category, sms_code, template_id, access_key, secret_key, region_id, sign_name, remark, status)
    values (${tenantId}, ${SMS_CATEGORY.aliyun}, 'aliyun-notice', 'SMS_000001', 'demo-access-key', 'demo-secret-key', 'cn-hangzhou',
      '阳光物业', '示例配置:本系统不连接短信网关,短信只记录在短信记录中,不会发出', ${CONFIG_ENABLED.yes})`.execute(db);
}
