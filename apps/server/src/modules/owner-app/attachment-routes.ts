import { houseEntity, inputOf, List, ownerAttachmentEntity, ownerEntity, recordOf } from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { CrudService, parseId, parseIds, toJson, type CrudContext, type Row, NEXT_UPDATE_TIME } from '../../platform/crud/engine';
import { data, status } from '../../platform/http/envelope';
import { idQuery, idsQuery } from '../../platform/crud/routes';
import { notFound } from '../../platform/http/errors';
import { fileAnswer, fileField, get, idText, params, post } from '../../platform/http/operation';
import { contextOf } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';
import { readUpload, sendFile, storageOf, withMultipart } from '../../platform/storage/index';
import { isSet, liveRow } from '../facility/lookups';

type Query = Record<string, unknown>;

/** The owner (the spec's userId) and optional house of an attachment, both live rows of the caller's tenant. */
async function checkOwnerAndHouse(ctx: CrudContext, ownerId: unknown, houseId: unknown): Promise<void> {
  await liveRow(ctx, ownerEntity, ownerId, 'ownerMissing');
  if (isSet(houseId)) await liveRow(ctx, houseEntity, houseId, 'houseMissing');
}

/**
 * Owners' documents (spec §7.7 attachmentUpload): upload (multipart `file`
 * with userId, houseId, remark), getList by userId and houseId, update of
 * name and remark, del, download. The files are private: served only through
 * download, to callers who may see owners.
 */
export function registerAttachmentRoutes(app: FastifyInstance, services: Services): void {
  const storage = storageOf(services);
  const service = new CrudService(ownerAttachmentEntity, {
    async beforeSave(ctx, values, existing) {
      await checkOwnerAndHouse(
        ctx,
        values.owner_id ?? existing?.owner_id,
        'house_id' in values ? values.house_id : existing?.house_id,
      );
    },
  });
  const base = `/api${ownerAttachmentEntity.base}`;
  const tags = [ownerAttachmentEntity.label.en];
  const record = recordOf(ownerAttachmentEntity);

  withMultipart(app, (scope) => {
    scope.post(
      `${base}/upload`,
      post({
        tags,
        summary: "Upload an owner's document",
        description:
          'Needs the attachmentUpload add button. At most 10 MB; jpg, png, gif, webp, pdf, doc(x), xls(x) or mp4, the content checked against the name. The fields may travel in the query string instead.',
        multipart: {
          file: fileField('the document'),
          userId: idText('the owner (ownerId is taken too)'),
          houseId: idText('one of the owner’s houses'),
          remark: { type: 'string', maxLength: 500 },
        },
        data: record,
      }),
      async (req) => {
        const ctx = await contextOf(services, req);
        ctx.require(ownerAttachmentEntity, 'add');
        const upload = await readUpload(req);
        const form = { ...(req.query as Query), ...upload.fields };
        const ownerId = parseId(form.userId ?? form.ownerId, 'userId');
        const houseId = isSet(form.houseId) ? parseId(form.houseId, 'houseId') : null;
        await checkOwnerAndHouse(ctx, ownerId, houseId);
        const saved = await storage.store(ctx, upload, { isPublic: false }, async (tx, attach) =>
          service.insert(tx, {
            owner_id: ownerId,
            house_id: houseId,
            attach_id: attach.id,
            file_name: upload.originalName,
            content_type: upload.contentType,
            file_size: upload.bytes.length,
            remark: isSet(form.remark) ? String(form.remark).slice(0, 500) : null,
          }),
        );
        return data(toJson(ownerAttachmentEntity, saved));
      },
    );
  });

  app.get(
    `${base}/getList`,
    get({
      tags,
      summary: "An owner's documents, optionally of one house",
      query: params({
        userId: idText('the owner (ownerId is taken too)'),
        ownerId: idText('as userId'),
        houseId: idText('one house'),
      }),
      data: List(record),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(ownerAttachmentEntity, 'view');
      const query = req.query as Query;
      const ownerId = parseId(query.userId ?? query.ownerId, 'userId');
      const extra = [sql`owner_id = ${ownerId}`];
      if (isSet(query.houseId)) extra.push(sql`house_id = ${parseId(query.houseId, 'houseId')}`);
      return data(await service.all(ctx, {}, extra, 1000));
    },
  );

  const update = post({
    tags,
    summary: "Change a document's name, house or remark (id required)",
    description: 'The file and its owner stay.',
    body: inputOf(ownerAttachmentEntity),
    form: true,
  });
  app.post(`${base}/update`, update, async (req) => {
    const ctx = await contextOf(services, req);
    ctx.require(ownerAttachmentEntity, 'edit');
    const body = (req.body ?? {}) as Query;
    parseId(body.id);
    // The file and its owner stay; only what describes it changes.
    const { ownerId: _owner, ...changes } = body;
    void _owner;
    await service.submit(ctx, changes);
    return status(true);
  });

  const remove = post({
    tags,
    summary: 'Remove documents and their files',
    description: 'The bytes are deleted too. ids may travel in a form or JSON body instead.',
    query: idsQuery(),
  });
  app.post(`${base}/del`, remove, async (req) => {
    const ctx = await contextOf(services, req);
    ctx.require(ownerAttachmentEntity, 'delete');
    const ids = parseIds((req.query as Query).ids ?? ((req.body ?? {}) as Query).ids);
    const attaches = await ctx.db.transaction().execute(async (db) => {
      const tx = { ...ctx, db };
      const rows = await sql<Row>`update property_owner_attachment set is_deleted = 1, update_user = ${ctx.auth.userId || null},
          update_time = ${NEXT_UPDATE_TIME} where id in (${sql.join(ids)}) and ${service.scope(tx)} returning attach_id`.execute(
        db,
      );
      const attachIds = rows.rows.map((r) => r.attach_id).filter(isSet);
      if (attachIds.length === 0) return [];
      const removed = await sql<Row>`update blade_attach set is_deleted = 1, update_time = ${NEXT_UPDATE_TIME}
        where id in (${sql.join(attachIds)}) and tenant_id = ${ctx.auth.tenantId} returning *`.execute(db);
      await storage.discard(
        db,
        removed.rows.filter((a) => a.storage === 'database'),
      );
      return removed.rows;
    });
    // Files on disk go once the removal is committed (a rollback must not lose them).
    await storage.discard(
      ctx.db,
      attaches.filter((a) => a.storage !== 'database'),
      (attach, error) =>
        req.log.warn({ file: attach.name, storage: attach.storage, error: error.key }, 'bytes left in the bucket'),
    );
    return status(true);
  });

  const download = get({
    tags,
    summary: 'The file of a document',
    query: idQuery('id', 'the document'),
    answers: { 200: fileAnswer('The file, with its type and its name (Content-Disposition: attachment)') },
  });
  app.get(`${base}/download`, download, async (req, reply) => {
    const ctx = await contextOf(services, req);
    ctx.require(ownerAttachmentEntity, 'view');
    const row = await service.findRow(ctx, parseId((req.query as Query).id));
    if (!row) throw notFound();
    const attach = await sql<Row>`select * from blade_attach where id = ${row.attach_id} and tenant_id = ${ctx.auth.tenantId}
      and is_deleted = 0`.execute(ctx.db);
    const bytes = attach.rows[0] && (await storage.readFor(ctx.db, attach.rows[0]));
    if (!attach.rows[0] || !bytes) throw notFound();
    return sendFile(reply, { ...attach.rows[0], original_name: row.file_name }, bytes, 'attachment');
  });
}
