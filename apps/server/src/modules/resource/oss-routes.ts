import { OSS_CATEGORY, ossEntity } from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { CrudService, type CrudContext, type Row } from '../../platform/crud/engine';
import { registerCrudRoutes } from '../../platform/crud/routes';
import { badRequest } from '../../platform/http/errors';
import type { Services } from '../../platform/services';
import { checkBucket, openedOss, ossIdOf, ossStorage, type OssConfig } from '../../platform/storage/oss';
import { StorageError } from '../../platform/storage/s3';
import { checkCategory, registerEnableRoutes } from './configs';

/** S3's bucket naming rules (all four providers keep within them). */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * The endpoint as the driver uses it: scheme, host and port only. Anything else (a path, a query, a user
 * and password in the address) is refused rather than dropped, so what is saved is what was meant.
 */
export function endpointOf(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw badRequest('ossEndpointInvalid');
  }
  const plain = (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash && !url.username && !url.password;
  if (!['http:', 'https:'].includes(url.protocol) || !plain) throw badRequest('ossEndpointInvalid');
  return url.origin;
}

/** How many live files a configuration's bucket holds (what its removal and a change of bucket would strand). */
async function filesIn(ctx: CrudContext, configIds: string[]): Promise<Map<string, number>> {
  const rows = await sql<{ storage: string; n: number }>`select storage, count(*)::int as n from blade_attach
    where tenant_id = ${ctx.auth.tenantId} and is_deleted = 0
      and storage in (${sql.join(configIds.map(ossStorage))}) group by storage`.execute(ctx.db);
  return new Map(rows.rows.map((r) => [r.storage, Number(r.n)]));
}

/** Fields that say which bucket a configuration is: fixed once files are stored there. */
const BUCKET_COLUMNS = ['category', 'bucket_name', 'app_id'];

/**
 * 对象存储 (spec §7.9 oss): the generic calls, `enable` (tries the bucket first: a bucket that cannot be
 * reached, refuses the keys or does not exist is a 400 saying so, and nothing changes) and `disable`.
 * A configuration whose bucket holds files keeps its bucket and cannot be removed: those files are read
 * from it.
 */
export function registerOssRoutes(app: FastifyInstance, services: Services): void {
  const service = new CrudService(ossEntity, {
    async beforeSave(ctx, values, existing) {
      checkCategory(values, Object.values(OSS_CATEGORY), 'ossCategoryRequired');
      if (typeof values.endpoint === 'string') values.endpoint = endpointOf(values.endpoint);
      if (typeof values.bucket_name === 'string') {
        const bucket = values.bucket_name.trim();
        if (!BUCKET_NAME.test(bucket)) throw badRequest('ossBucketInvalid');
        values.bucket_name = bucket;
      }
      if (!existing) return;
      const moved = BUCKET_COLUMNS.some((c) => c in values && String(values[c] ?? '') !== String(existing[c] ?? ''));
      const count = moved ? ((await filesIn(ctx, [String(existing.id)])).get(ossStorage(String(existing.id))) ?? 0) : 0;
      if (count > 0) throw badRequest('ossHoldsFiles', { count });
    },
    async beforeRemove(ctx, ids) {
      const held = await filesIn(ctx, ids);
      if (held.size === 0) return;
      const [storage, count] = [...held.entries()][0]!;
      const code = await sql<Row>`select oss_code from blade_oss where id = ${ossIdOf(storage)!}
        and tenant_id = ${ctx.auth.tenantId}`.execute(ctx.db);
      throw badRequest('ossInUse', { code: String(code.rows[0]?.oss_code ?? ''), count });
    },
  });
  registerCrudRoutes(app, services, ossEntity, service);
  registerEnableRoutes(
    app,
    services,
    ossEntity,
    service,
    {
      enable: [
        'Make a configuration the tenant’s storage for new uploads',
        'Writes a small test object to the bucket and deletes it; a bucket that cannot be reached, refuses the keys or does not exist is a 400 saying so, and nothing changes. Otherwise this configuration is enabled and every other one of the tenant disabled, in one transaction: new uploads of the tenant go to its bucket. Files stored before stay where they are and are read from there.',
      ],
      disable: [
        'Stop storing new uploads in this configuration’s bucket',
        'New uploads of the tenant go to the server’s own storage again; files already in the bucket are still read from it.',
      ],
    },
    async (_ctx, row) => {
      try {
        await checkBucket(openedOss(row as unknown as OssConfig, services.secrets), services.config.ossPrivateEndpoints);
      } catch (error) {
        if (error instanceof StorageError) throw badRequest(error.key, error.params);
        throw error;
      }
    },
  );
}
