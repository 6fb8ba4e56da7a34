import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/**
 * JSON bodies may be empty (remove calls post with no body); forms arrive from
 * some clients for the password calls. Broken JSON is a 400, not a 500.
 */
export function installBodyParsers(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body).trim();
    if (text === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(badRequest('invalidJson'), undefined);
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
}
