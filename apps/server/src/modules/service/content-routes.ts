import {
  communityActivityEntity,
  noticeEntity,
  properTemplateMsgEntity,
  propertyFileEntity,
  PropertyFileRow,
  templateMsgEntity,
  type EntityDef,
} from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { CrudService, toJson, type CrudHooks } from '../../platform/crud/engine';
import { registerCrudRoutes } from '../../platform/crud/routes';
import { data } from '../../platform/http/envelope';
import { ApiError, badRequest } from '../../platform/http/errors';
import { fileField, post, text } from '../../platform/http/operation';
import { contextOf } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';
import { MAX_FILE_BYTES, readUpload, storageOf, withMultipart } from '../../platform/storage/index';
import { gardenRow } from '../community/hierarchy';
import { isSet, liveRow, pickOf } from '../facility/lookups';
import { sanitizeRichText } from './rich-text';
import { checkStoredLinks } from './stored-links';

/** Largest video the editor may upload (spec §9: 52,428,800 bytes); other files keep the storage's 10 MB. */
export const VIDEO_MAX_BYTES = 52_428_800;
const VIDEO_TYPES = new Set(['video/mp4']);
const COVER_EXTENSIONS = ['jpg', 'jpeg', 'png'];

/**
 * Notices and activities: the cover is one of our stored jpg/jpeg/png files
 * (请上传封面图), the show flag is 0 or 1, and the content is sanitised before
 * it is saved, so the stored HTML is what any reader may be served.
 */
const publicationHooks: CrudHooks = {
  async beforeSave(ctx, values, existing) {
    const pick = pickOf(values, existing);
    if (isSet(pick('garden_id'))) await gardenRow(ctx, pick('garden_id'));
    if ('img_url' in values) values.img_url = await checkStoredLinks(ctx, values.img_url, 'coverTypeInvalid', COVER_EXTENSIONS);
    if ('status' in values && ![0, 1].includes(Number(values.status))) throw badRequest('showFlagInvalid');
    if (typeof values.content === 'string') values.content = sanitizeRichText(values.content);
    if ('end_time' in values || 'start_time' in values) {
      const [start, end] = [pick('start_time'), pick('end_time')];
      if (isSet(start) && isSet(end) && String(end) < String(start)) throw badRequest('endBeforeStart');
    }
  },
};

/** Templates in use by a garden stay; a garden's message names a live template. */
function registerTemplates(app: FastifyInstance, services: Services): void {
  const templates = new CrudService(templateMsgEntity, {
    async beforeRemove(ctx, ids) {
      const used = await sql`select 1 from property_proper_template_msg where template_id in (${sql.join(ids)})
        and is_deleted = 0 and tenant_id = ${ctx.auth.tenantId} limit 1`.execute(ctx.db);
      if (used.rows.length > 0) throw badRequest('templateInUse');
    },
  });
  registerCrudRoutes(app, services, templateMsgEntity, templates, { except: ['page'] });
  const gardenMessages = new CrudService(properTemplateMsgEntity, {
    async beforeSave(ctx, values, existing) {
      const pick = pickOf(values, existing);
      await gardenRow(ctx, pick('garden_id'));
      const template = await liveRow(ctx, templateMsgEntity, pick('template_id'), 'templateMissing');
      // Words not given are the template's own.
      if (!isSet(pick('content'))) values.content = template.content;
      if (!isSet(pick('title'))) values.title = template.name;
    },
  });
  registerCrudRoutes(app, services, properTemplateMsgEntity, gardenMessages, { except: ['page'] });
}

/**
 * `file/upload` (multipart `file`, `bucketName`): the editor's images and
 * videos and the covers. The content is checked against the name's type
 * (magic bytes), videos may reach VIDEO_MAX_BYTES and anything else the
 * storage's 10 MB; the bytes go to the platform storage under a generated
 * name and are served with the checked type, `nosniff`, never as a page.
 */
function registerFiles(app: FastifyInstance, services: Services): void {
  const files = new CrudService(propertyFileEntity);
  registerCrudRoutes(app, services, propertyFileEntity, files, { except: ['page'] });
  const storage = storageOf(services);
  withMultipart(app, (scope) => {
    scope.post(
      `/api${propertyFileEntity.base}/upload`,
      post({
        tags: [propertyFileEntity.label.en],
        summary: 'Upload a file (editor images and videos, covers)',
        description:
          'Any signed-in user. jpg, png, gif, webp, pdf, doc(x), xls(x) at most 10 MB; mp4 videos at most 52,428,800 bytes; ' +
          'the content is checked against the name (magic bytes). The link is served without a token.',
        multipart: { file: fileField('the file'), bucketName: text('a group name kept with the file') },
        data: PropertyFileRow,
      }),
      async (req) => {
        const ctx = await contextOf(services, req);
        const upload = await readUpload(req, VIDEO_MAX_BYTES, undefined, 'uploadTooLarge');
        if (!VIDEO_TYPES.has(upload.contentType) && upload.bytes.length > MAX_FILE_BYTES) throw new ApiError(413, 'fileTooLarge');
        const bucketName = (upload.fields.bucketName ?? '').trim().slice(0, 50) || null;
        const row = await storage.store(ctx, upload, { isPublic: true }, async (tx, attach) => {
          const inserted = await files.insert(tx, {
            name: upload.originalName,
            bucket_name: bucketName,
            link: attach.link,
            content_type: upload.contentType,
            file_size: upload.bytes.length,
            attach_id: attach.id,
          });
          return inserted;
        });
        return data(toJson(propertyFileEntity, row) as never);
      },
    );
  });
}

/** Notices, community activities, message templates and files (spec §2.3, §7.7). */
export function registerContentRoutes(app: FastifyInstance, services: Services): void {
  for (const entity of [noticeEntity, communityActivityEntity] as EntityDef[]) {
    registerCrudRoutes(app, services, entity, new CrudService(entity, publicationHooks), { except: ['page'] });
  }
  registerTemplates(app, services);
  registerFiles(app, services);
}
