import type { ErrorKey } from '@property/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable';
import type { LogWriter } from '../log/log-writer';
import { failure } from './envelope';
import { ApiError } from './errors';
import { SealedSecretError } from '../security/sealed-secrets';
import { messageFor } from './locale';

/** Fastify's own client errors, answered in the user's language. */
const FRAMEWORK_MESSAGES: Record<string, [number, ErrorKey]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupportedMedia'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'bodyTooLarge'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'paramType'],
  FST_ERR_VALIDATION: [400, 'invalid'],
};

/**
 * Constraint violations the checks before a write could not see: two requests saving the same
 * unique row at once, or a row removed while another referred to it. The user can retry or refresh.
 */
const DATABASE_MESSAGES: Record<string, [number, ErrorKey]> = {
  '23505': [409, 'duplicateRow'],
  '23503': [409, 'rowInUse'],
};

export function describeCall(request: FastifyRequest) {
  return {
    method: request.method,
    uri: request.url.split('?')[0],
    params: request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '',
    userAgent: String(request.headers['user-agent'] ?? ''),
    ip: request.ip,
    requestId: String(request.id),
    auth: request.auth,
  };
}

/**
 * Every error leaves as the envelope with HTTP status = code, its message in
 * the call's language. A 5xx says only "服务器异常": its stack goes to the
 * error log, never to the client.
 */
export function installErrorHandler(app: FastifyInstance, logs: LogWriter): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const answer = (code: number, key: ErrorKey, params?: ApiError['params']) =>
      reply.status(code).send(failure(code, messageFor(request, key, params)));
    const thrown: unknown = error;
    if (thrown instanceof ApiError) return answer(thrown.code, thrown.key, thrown.params);
    // A credential sealed under a key this server was not given: retyping it is the way out, so the caller is told.
    if (thrown instanceof SealedSecretError) return answer(409, 'storedSecretUnreadable');
    const known = error.code ? (FRAMEWORK_MESSAGES[error.code] ?? DATABASE_MESSAGES[error.code]) : undefined;
    if (known) return answer(known[0], known[1]);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return answer(error.statusCode, error instanceof SyntaxError || /JSON/i.test(error.message) ? 'paramType' : 'invalid');
    }
    if (isDatabaseUnavailable(thrown)) {
      // Not the call's fault and not a bug: the database restarts or is out of reach. The error log lives
      // in that database, so the process log says it; the caller is told to retry.
      request.log.warn({ err: error }, 'database unavailable');
      void reply.header('Retry-After', '5');
      return answer(503, 'databaseUnavailable');
    }
    request.log.error({ err: error }, 'unhandled error');
    void logs.error(describeCall(request), error);
    return answer(500, 'serverError');
  });
}
