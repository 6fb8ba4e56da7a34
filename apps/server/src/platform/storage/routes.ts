import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UploadedFile } from '@property/domain';
import { sql } from 'kysely';
import type { Row } from '../crud/engine';
import { data } from '../http/envelope';
import { notFound } from '../http/errors';
import { fileAnswer, fileField, get, post } from '../http/operation';
import { contextOf } from '../http/request-context';
import type { Services } from '../services';
import { FILE_ROUTE, readUpload, sendFile, STORAGE_NAME, storageOf, withMultipart } from './index';
import { StorageError } from './s3';

/**
 * A public file's bytes for anyone holding its link: a bucket that refuses or cannot be reached is logged
 * for the staff and answered as a missing file, telling an anonymous reader nothing about the bucket.
 */
async function readQuietly(req: FastifyRequest, read: () => Promise<Buffer | undefined>): Promise<Buffer | undefined> {
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof StorageError)) throw error;
    req.log.warn({ storage: error.key, params: error.params }, 'a stored file could not be read from its bucket');
    return undefined;
  }
}

const tags = ['Files'];

/**
 * The console's generic upload (image fields, avatars, the editor):
 * `POST /api/blade-resource/oss/endpoint/put-file` (multipart field `file`)
 * answers { link, domain, name, originalName, attachId }; `link` is served
 * by `GET FILE_ROUTE/<name>` to anyone holding it (images load in <img>
 * without a token), so only files uploaded here are public.
 */
export function registerFileRoutes(app: FastifyInstance, services: Services): void {
  const storage = storageOf(services);

  withMultipart(app, (scope) => {
    scope.post(
      '/api/blade-resource/oss/endpoint/put-file',
      post({
        tags,
        summary: 'Upload a public file',
        description:
          'Any signed-in user. The link is served without a token. At most 10 MB; jpg, png, gif, webp, pdf, doc(x), xls(x) or mp4, the content checked against the name.',
        multipart: { file: fileField('the file') },
        data: UploadedFile,
      }),
      async (req) => {
        const ctx = await contextOf(services, req);
        const upload = await readUpload(req);
        const attach = await storage.store(ctx, upload, { isPublic: true }, async (_tx, row) => row);
        return data({
          link: String(attach.link),
          // Configured, never the request's Host header: an answer must not repeat what a client made up.
          domain: services.config.publicUrl,
          name: String(attach.name),
          originalName: String(attach.original_name),
          attachId: String(attach.id),
        });
      },
    );
  });

  app.get(
    `${FILE_ROUTE}/:name`,
    get({
      tags,
      summary: 'A public file by its storage name',
      description: 'Cached for a year: names are never reused.',
      public: true,
      path: { name: { type: 'string', description: 'the stored name, from the upload’s link' } },
      answers: { 200: fileAnswer('The file, with its type (Content-Disposition: inline)') },
    }),
    async (req, reply) => {
      const { name } = req.params as { name: string };
      // Only server-made names are looked up: "../" and the like never reach a driver.
      if (!STORAGE_NAME.test(name)) throw notFound();
      const rows = await sql<Row>`select * from blade_attach where name = ${name} and is_public = 1 and is_deleted = 0`.execute(
        services.db,
      );
      const attach = rows.rows[0];
      const bytes = attach && (await readQuietly(req, () => storage.read(services.db, attach)));
      if (!attach || !bytes) throw notFound();
      // Names are never reused, so the bytes behind a link never change.
      reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      return sendFile(reply, attach, bytes, 'inline');
    },
  );
}
