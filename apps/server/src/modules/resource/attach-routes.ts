import {
  AttachPage,
  attachEntity,
  FILTERS_HELP,
  inputOf,
  listQueryOf,
  propertyFileEntity,
  translate,
  type ErrorKey,
  type Locale,
} from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { CrudService, parseId, parseIds, type CrudContext, type Row } from '../../platform/crud/engine';
import { idQuery, idsQuery, registerCrudRoutes } from '../../platform/crud/routes';
import { data, status } from '../../platform/http/envelope';
import { badRequest, notFound } from '../../platform/http/errors';
import { localeOfRequest } from '../../platform/http/locale';
import { fileAnswer, get, post } from '../../platform/http/operation';
import { contextOf } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';
import { sendFile, storageOf } from '../../platform/storage/index';
import { cleanFileName, extensionOf } from '../../platform/storage/file-types';
import { ossIdOf } from '../../platform/storage/oss';
import { filesInUse } from '../service/stored-links';

type Query = Record<string, unknown>;

/** A new name for a file, cleaned as uploads' names are, ending with the file's own extension (its type is its content's). */
export function renamed(raw: string, extension: string): string {
  const name = cleanFileName(raw);
  return extensionOf(name) === extension ? name : cleanFileName(`${name}.${extension}`);
}

/** Uploaders' names and bucket configurations' codes beside a page's rows. */
async function withNames(ctx: CrudContext, records: Row[]): Promise<Row[]> {
  const userIds = [
    ...new Set(
      records
        .map((r) => r.createUser)
        .filter(Boolean)
        .map(String),
    ),
  ];
  const configIds = [...new Set(records.map((r) => ossIdOf(r.storage)).filter((id): id is string => !!id))];
  const users = userIds.length
    ? (
        await sql<{ id: string; real_name: string | null }>`select id, real_name from blade_user
          where id in (${sql.join(userIds)}) and tenant_id = ${ctx.auth.tenantId}`.execute(ctx.db)
      ).rows
    : [];
  const configs = configIds.length
    ? (
        await sql<{ id: string; oss_code: string }>`select id, oss_code from blade_oss
          where id in (${sql.join(configIds)}) and tenant_id = ${ctx.auth.tenantId}`.execute(ctx.db)
      ).rows
    : [];
  const userName = new Map(users.map((u) => [String(u.id), u.real_name]));
  const configCode = new Map(configs.map((c) => [String(c.id), c.oss_code]));
  return records.map((r) => ({
    ...r,
    createUserName: userName.get(String(r.createUser)) ?? null,
    storageName: configCode.get(ossIdOf(r.storage) ?? '') ?? null,
  }));
}

/**
 * 附件管理 (spec §7.9 attach): the tenant's stored files. `list` (with the uploader's name and the bucket's
 * configuration), `detail`, `submit` (renames: files are added by uploading through put-file), `remove`
 * (the rows and their bytes, from whichever driver holds them; a file still in use is refused) and
 * `download` (any of the tenant's files, private ones included, behind the attach_download button).
 */
export function registerAttachRoutes(app: FastifyInstance, services: Services): void {
  const storage = storageOf(services);
  const service = new CrudService(attachEntity, {
    beforeSave(_ctx, values, existing) {
      if (typeof values.original_name === 'string')
        values.original_name = renamed(values.original_name, String(existing?.extension ?? ''));
    },
  });
  const catalogue = new CrudService(propertyFileEntity);
  const base = `/api${attachEntity.base}`;
  const tags = [attachEntity.label.en];

  app.get(
    `${base}/list`,
    get({
      tags,
      summary: `${attachEntity.label.zh} (${attachEntity.label.en}): a page of rows`,
      description: `The tenant's stored files, public and private, with the uploader's name and the object storage configuration holding each (storageName). Needs the \`attach\` menu. ${FILTERS_HELP}`,
      query: listQueryOf(attachEntity),
      data: AttachPage,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(attachEntity, 'view');
      const page = await service.page(ctx, req.query as Query);
      return data({ ...page, records: await withNames(ctx, page.records) });
    },
  );
  registerCrudRoutes(app, services, attachEntity, service, { except: ['list', 'page', 'submit', 'remove'] });

  app.post(
    `${base}/submit`,
    post({
      tags,
      summary: 'Rename a file (id required)',
      description:
        'Changes the name a file is shown and downloaded under (originalName), cleaned as an upload’s and keeping the file’s own extension; nothing else of it changes. Files are added by uploading (oss/endpoint/put-file): a submit without id is refused. Needs the `attach_upload` button.',
      body: inputOf(attachEntity),
      form: true,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.requireCode('attach_upload');
      const body = (req.body ?? {}) as Query;
      if (body.id === undefined || body.id === null || body.id === '') throw badRequest('attachAddByUpload');
      await service.submit(ctx, { id: body.id, originalName: body.originalName, updateTime: body.updateTime });
      return status(true);
    },
  );

  app.post(
    `${base}/remove`,
    post({
      tags,
      summary: 'Remove files and their bytes',
      description:
        'Removes the caller’s files among `ids` and deletes their bytes from whichever storage holds them (disk, database or bucket). All or none: a file still in use (an avatar, a cover, a photo, a picture in rich text) or an owner’s document is refused, naming it. Their catalogue entries (system-property/file) go with them. Needs the `attach_delete` button.',
      query: idsQuery(),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(attachEntity, 'delete');
      const ids = parseIds((req.query as Query).ids);
      const locale = localeOfRequest(req);
      const removed = await ctx.db.transaction().execute(async (db) => {
        const tx = { ...ctx, db };
        const rows = await sql<Row>`select * from blade_attach where id in (${sql.join(ids)}) and ${service.scope(tx)}
          order by id for update`.execute(db);
        if (rows.rows.length === 0) return [];
        await refuseUsed(tx, rows.rows, locale);
        const own = rows.rows.map((r) => String(r.id));
        const entries = await sql<{ id: string }>`select id from property_file where attach_id in (${sql.join(own)})
          and tenant_id = ${ctx.auth.tenantId} and is_deleted = 0`.execute(db);
        if (entries.rows.length > 0) await catalogue.remove(tx, entries.rows.map((r) => String(r.id)).join(','));
        await service.remove(tx, own.join(','));
        await storage.discard(
          db,
          rows.rows.filter((a) => a.storage === 'database'),
        );
        return rows.rows;
      });
      // Bytes on disk or in a bucket go once the removal has committed (a rollback must not lose them).
      await storage.discard(
        ctx.db,
        removed.filter((a) => a.storage !== 'database'),
        (attach, error) =>
          req.log.warn({ file: attach.name, storage: attach.storage, error: error.key }, 'bytes left in the bucket'),
      );
      return status(true);
    },
  );

  app.get(
    `${base}/download`,
    get({
      tags,
      summary: 'The bytes of a file',
      description:
        'Any of the tenant’s files, private ones (owners’ documents) included, with its type and name (Content-Disposition: attachment). Needs the `attach_download` button.',
      query: idQuery('id', 'the file'),
      answers: { 200: fileAnswer('The file, with its type and its name') },
    }),
    async (req, reply) => {
      const ctx = await contextOf(services, req);
      ctx.requireCode('attach_download');
      const row = await service.findRow(ctx, parseId((req.query as Query).id));
      if (!row) throw notFound();
      const bytes = await storage.readFor(ctx.db, row);
      if (!bytes) throw notFound();
      return sendFile(reply, row, bytes, 'attachment');
    },
  );
}

/** Refuses removing files still in use (naming the first such file and its uses) or owners' documents. */
async function refuseUsed(ctx: CrudContext, rows: Row[], locale: Locale): Promise<void> {
  const ids = rows.map((r) => String(r.id));
  const documents = await sql<{ attach_id: string }>`select attach_id from property_owner_attachment
    where attach_id in (${sql.join(ids)}) and tenant_id = ${ctx.auth.tenantId} and is_deleted = 0 limit 1`.execute(ctx.db);
  const document = rows.find((r) => String(r.id) === String(documents.rows[0]?.attach_id));
  if (document) throw badRequest('attachOwnerDocument', { name: String(document.original_name) });
  const used = await filesInUse(
    ctx,
    rows.map((r) => String(r.name)),
  );
  const first = rows.find((r) => used.has(String(r.name)));
  if (!first) return;
  const uses: ErrorKey[] = used.get(String(first.name))!;
  throw badRequest('attachInUse', { name: String(first.original_name), uses: uses.map((key) => translate(locale, key)) });
}
