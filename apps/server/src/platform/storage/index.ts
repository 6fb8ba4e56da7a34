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
import { SealedSecretError, type SecretSeal } from '../security/sealed-secrets';
import { driverOfConfig, enabledOss, ossIdOf, ossOfFile, type OssConfig } from './oss';
import { StorageError } from './s3';
import { ALLOWED_EXTENSIONS, cleanFileName, contentTypeOf, extensionOf } from './file-types';

export { STORAGE_NAME } from './drivers';
export { StorageError } from './s3';
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
 * Stored files: metadata in blade_attach, bytes with the driver that stored
 * them: the tenant's enabled object storage configuration's bucket (对象存储,
 * `oss:<id>`), else the server's own storage as configured (FILE_STORAGE=disk,
 * the default, under DATA_DIR/files; =database in blade_attach_blob). Each row
 * names its driver, so files stored before a change of setting or of bucket
 * are still read from where they are.
 */
export class FileStorage {
  private readonly local: Record<'disk' | 'database', FileDriver>;

  constructor(
    readonly kind: 'disk' | 'database',
    dataDir: string,
    /** Opens the configurations' secret keys, which requests are signed with. */
    private readonly secrets: SecretSeal,
    /** OSS_PRIVATE_ENDPOINTS: whether a bucket may be on an internal address (Bucket.internalAllowed). */
    private readonly internalAllowed = false,
  ) {
    this.local = { disk: new DiskDriver(join(dataDir, 'files')), database: new DatabaseDriver() };
  }

  /** Where the tenant's new uploads go: its enabled bucket, or the server's own storage. */
  private async targetOf(ctx: CrudContext): Promise<FileDriver> {
    const oss = await enabledOss(ctx.db, ctx.auth.tenantId, this.secrets);
    return oss ? driverOfConfig(oss, this.internalAllowed) : this.local[this.kind];
  }

  /**
   * Stores the upload and runs `then` in the same transaction (the row that
   * refers to the file). When anything fails nothing is kept: the database
   * rolls back and bytes already on disk or in a bucket are deleted. A bucket
   * that refuses the file (or cannot be reached) is a 400 saying what to check.
   */
  async store<T>(
    ctx: CrudContext,
    upload: Upload,
    options: { isPublic: boolean },
    then: (tx: CrudContext, attach: Row) => Promise<T>,
  ): Promise<T> {
    const driver = await this.targetOf(ctx);
    const name = `${randomBytes(16).toString('hex')}.${upload.extension}`;
    // Bytes on disk or in a bucket are written before the transaction opens: a bucket's PUT may take seconds, and a
    // transaction held open that long would hold a connection too (PGlite's only one). Database bytes go inside it.
    const bytesInTransaction = driver.kind === 'database';
    try {
      if (!bytesInTransaction) await driver.put(ctx.db, name, upload.bytes, upload.contentType);
      return await ctx.db.transaction().execute(async (db) => {
        const tx = { ...ctx, db };
        const attach = await sql<Row>`insert into blade_attach (tenant_id, name, original_name, extension, content_type,
            attach_size, link, domain, storage, is_public, create_user, create_dept, update_user)
          values (${ctx.auth.tenantId}, ${name}, ${upload.originalName}, ${upload.extension}, ${upload.contentType},
            ${upload.bytes.length}, ${`${FILE_ROUTE}/${name}`}, '', ${driver.storage}, ${options.isPublic ? 1 : 0},
            ${ctx.auth.userId || null}, ${ctx.auth.deptId || null}, ${ctx.auth.userId || null})
          returning *`.execute(db);
        if (bytesInTransaction) await driver.put(db, name, upload.bytes, upload.contentType);
        return then(tx, attach.rows[0]!);
      });
    } catch (error) {
      if (!bytesInTransaction) await driver.remove(ctx.db, name).catch(() => undefined);
      if (error instanceof StorageError) throw badRequest(error.key, error.params);
      throw error;
    }
  }

  /**
   * The bytes of a blade_attach row, from the driver that stored them (undefined when they are gone). A
   * bucket's refusal is thrown as a StorageError: the caller decides what its reader may be told.
   */
  async read(db: CrudContext['db'], attach: Row): Promise<Buffer | undefined> {
    const driver = await this.driverOf(db, attach);
    return driver?.get(db, String(attach.name));
  }

  /** As read, for a signed-in caller of a permission-checked call: a bucket's refusal is a 400 saying what to check. */
  async readFor(db: CrudContext['db'], attach: Row): Promise<Buffer | undefined> {
    try {
      return await this.read(db, attach);
    } catch (error) {
      if (error instanceof StorageError) throw badRequest(error.key, error.params);
      throw error;
    }
  }

  /**
   * Deletes the bytes of removed rows for good (owners' documents are personal data). Database bytes go
   * with the caller's transaction; call it for disk and bucket files once the removal has committed (a
   * rollback must not lose them).
   */
  async discard(db: CrudContext['db'], attaches: Row[], lost?: (attach: Row, error: StorageError) => void): Promise<void> {
    for (const attach of attaches) {
      try {
        await (await this.driverOf(db, attach))?.remove(db, String(attach.name));
      } catch (error) {
        // The rows are gone already: a bucket that cannot delete now leaves an object to clear by hand, said in the log.
        if (!(error instanceof StorageError) || !lost) throw error;
        lost(attach, error);
      }
    }
  }

  private async driverOf(db: CrudContext['db'], attach: Row): Promise<FileDriver | undefined> {
    const configId = ossIdOf(attach.storage);
    if (configId === undefined) return this.local[attach.storage === 'database' ? 'database' : 'disk'];
    let config: OssConfig | undefined;
    try {
      config = await ossOfFile(db, configId, String(attach.tenant_id), this.secrets);
    } catch (error) {
      // A bucket whose key no longer opens is one the file cannot be read from: told as a bucket's refusal is.
      if (error instanceof SealedSecretError) throw new StorageError('storedSecretUnreadable', {});
      throw error;
    }
    return config && driverOfConfig(config, this.internalAllowed);
  }
}

const storages = new WeakMap<Services, FileStorage>();

/** The app's file storage, made once per app from its configuration. */
export function storageOf(services: Services): FileStorage {
  let storage = storages.get(services);
  if (!storage) {
    const { fileStorage, dataDir, ossPrivateEndpoints } = services.config;
    storage = new FileStorage(fileStorage, dataDir, services.secrets, ossPrivateEndpoints);
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
