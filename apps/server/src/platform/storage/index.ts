import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import type { ErrorKey } from '@property/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { CrudContext, Row } from '../crud/engine';
import { ApiError, badRequest } from '../http/errors';
import type { Services } from '../services';
import { DatabaseDriver, DiskDriver, type FileDriver } from './drivers';
import { ALLOWED_EXTENSIONS, cleanFileName, contentTypeOf, extensionOf } from './file-types';

export { STORAGE_NAME } from './drivers';
export { ALLOWED_EXTENSIONS, extensionOf } from './file-types';

/** Largest file one upload may carry. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** Where a stored file is served by name (public files only). */
export const FILE_ROUTE = '/api/blade-resource/oss/endpoint/file';

/** An uploaded file, checked: allowed type by name and content, within the size limit, name cleaned. */
export interface Upload {
  bytes: Buffer;
  originalName: string;
  extension: string;
  contentType: string;
  /** The form's other (text) fields. */
  fields: Record<string, string>;
}

/** Registers upload routes in a scope that parses multipart bodies (unless the app already parses them everywhere). */
export function withMultipart(app: FastifyInstance, register: (scope: FastifyInstance) => void): void {
  void app.register(async (scope) => {
    if (!scope.hasContentTypeParser('multipart/form-data')) await scope.register(multipart);
    register(scope);
  });
}

/** Room in a multipart body for its boundaries, part headers and the form's text fields. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * Refuses an upload whose declared length is already beyond the limit, before a byte of it is read
 * (413): a client sending a huge file learns at once instead of after the whole upload.
 */
export function refuseOversized(req: FastifyRequest, maxBytes: number, tooLarge: ErrorKey = 'fileTooLarge'): void {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD) throw new ApiError(413, tooLarge);
}

/**
 * Reads the multipart field `file` of a request. Too large → 413 (`tooLarge`); missing,
 * unreadable or not an allowed type → 400, each with its message.
 */
/** Which files a call takes, when not the stored-file types (a BPMN upload takes .bpmn and .xml). */
export interface UploadKinds {
  typeOf(name: string, bytes: Buffer): string | undefined;
  refused: ErrorKey;
}

export async function readUpload(
  req: FastifyRequest,
  maxBytes = MAX_FILE_BYTES,
  kinds?: UploadKinds,
  tooLarge: ErrorKey = 'fileTooLarge',
): Promise<Upload> {
  if (!req.isMultipart()) throw badRequest('uploadNotMultipart');
  refuseOversized(req, maxBytes, tooLarge);
  let file;
  try {
    file = await req.file({ limits: { fileSize: maxBytes, files: 1 } });
  } catch {
    throw badRequest('uploadUnreadable');
  }
  if (!file) throw badRequest('uploadMissing');
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, tooLarge);
    throw badRequest('uploadUnreadable');
  }
  if (bytes.length === 0) throw badRequest('uploadEmpty');
  const originalName = cleanFileName(file.filename ?? '');
  const contentType = kinds ? kinds.typeOf(originalName, bytes) : contentTypeOf(originalName, bytes);
  if (!contentType) throw kinds ? badRequest(kinds.refused) : badRequest('fileTypeNotAllowed', { types: ALLOWED_EXTENSIONS });
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(file.fields)) {
    const part = Array.isArray(field) ? field[0] : field;
    if (part && part.type === 'field') fields[name] = String(part.value);
  }
  return { bytes, originalName, extension: extensionOf(originalName), contentType, fields };
}

/**
 * Stored files: metadata in blade_attach, bytes with the configured driver
 * (FILE_STORAGE=disk, the default, under DATA_DIR/files; =database in
 * blade_attach_blob). Each row names its driver, so files stored before a
 * change of setting are still read from where they are.
 */
export class FileStorage {
  private readonly drivers: Record<FileDriver['kind'], FileDriver>;

  constructor(
    readonly kind: FileDriver['kind'],
    dataDir: string,
  ) {
    this.drivers = { disk: new DiskDriver(join(dataDir, 'files')), database: new DatabaseDriver() };
  }

  /**
   * Stores the upload and runs `then` in the same transaction (the row that
   * refers to the file). When anything fails nothing is kept: the database
   * rolls back and a file already on disk is deleted.
   */
  async store<T>(
    ctx: CrudContext,
    upload: Upload,
    options: { isPublic: boolean },
    then: (tx: CrudContext, attach: Row) => Promise<T>,
  ): Promise<T> {
    const driver = this.drivers[this.kind];
    const name = `${randomBytes(16).toString('hex')}.${upload.extension}`;
    try {
      return await ctx.db.transaction().execute(async (db) => {
        const tx = { ...ctx, db };
        const attach = await sql<Row>`insert into blade_attach (tenant_id, name, original_name, extension, content_type,
            attach_size, link, domain, storage, is_public, create_user, create_dept, update_user)
          values (${ctx.auth.tenantId}, ${name}, ${upload.originalName}, ${upload.extension}, ${upload.contentType},
            ${upload.bytes.length}, ${`${FILE_ROUTE}/${name}`}, '', ${driver.kind}, ${options.isPublic ? 1 : 0},
            ${ctx.auth.userId || null}, ${ctx.auth.deptId || null}, ${ctx.auth.userId || null})
          returning *`.execute(db);
        await driver.put(db, name, upload.bytes);
        return then(tx, attach.rows[0]!);
      });
    } catch (error) {
      if (driver.kind === 'disk') await driver.remove(ctx.db, name);
      throw error;
    }
  }

  /** The bytes of a blade_attach row, from the driver that stored them. */
  read(db: CrudContext['db'], attach: Row): Promise<Buffer | undefined> {
    return this.driverOf(attach).get(db, String(attach.name));
  }

  /** Deletes the bytes of removed rows for good (owners' documents are personal data). */
  async discard(db: CrudContext['db'], attaches: Row[]): Promise<void> {
    for (const attach of attaches) await this.driverOf(attach).remove(db, String(attach.name));
  }

  private driverOf(attach: Row): FileDriver {
    return this.drivers[attach.storage === 'database' ? 'database' : 'disk'];
  }
}

const storages = new WeakMap<Services, FileStorage>();

/** The app's file storage, made once per app from its configuration. */
export function storageOf(services: Services): FileStorage {
  let storage = storages.get(services);
  if (!storage) {
    storage = new FileStorage(services.config.fileStorage, services.config.dataDir);
    storages.set(services, storage);
  }
  return storage;
}

/** Answers a file's bytes with its type and its name (UTF-8 names travel in filename*). */
export function sendFile(reply: FastifyReply, attach: Row, bytes: Buffer, disposition: 'inline' | 'attachment'): FastifyReply {
  const original = String(attach.original_name ?? attach.name);
  const fallback = original.replace(/[^\x20-\x7e]|["\\]/g, '_');
  // Anything a browser would run (a page, an SVG) is only ever downloaded, never shown in our origin.
  const runnable = /^(text\/html|image\/svg\+xml|application\/xhtml\+xml)/i.test(String(attach.content_type));
  return reply
    .header('Content-Type', String(attach.content_type))
    .header('Content-Length', bytes.length)
    .header('X-Content-Type-Options', 'nosniff')
    .header(
      'Content-Disposition',
      `${runnable ? 'attachment' : disposition}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(original)}`,
    )
    .send(bytes);
}
