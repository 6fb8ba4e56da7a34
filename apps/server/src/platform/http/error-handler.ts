import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LogWriter } from '../log/log-writer';
import { failure, MSG } from './envelope';
import { ApiError } from './errors';

/** Fastify's own client errors, answered in the user's language. */
const FRAMEWORK_MESSAGES: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, MSG.unsupportedMedia],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, '请求内容过大'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, MSG.badParamType],
  FST_ERR_VALIDATION: [400, MSG.invalid],
};

/**
 * Constraint violations the checks before a write could not see: two requests saving the same
 * unique row at once, or a row removed while another referred to it. The user can retry or refresh.
 */
const DATABASE_MESSAGES: Record<string, [number, string]> = {
  '23505': [409, '数据已存在,请刷新后重试'],
  '23503': [409, '数据已被引用或已删除,请刷新后重试'],
};

export function describeCall(request: FastifyRequest) {
  return {
    method: request.method,
    uri: request.url.split('?')[0],
    params: request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '',
    userAgent: String(request.headers['user-agent'] ?? ''),
    ip: request.ip,
    auth: request.auth,
  };
}

/**
 * Every error leaves as the envelope with HTTP status = code. A 5xx says only
 * "服务器异常": its stack goes to the error log, never to the client.
 */
export function installErrorHandler(app: FastifyInstance, logs: LogWriter): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const thrown: unknown = error;
    if (thrown instanceof ApiError) return reply.status(thrown.code).send(failure(thrown.code, thrown.message));
    const known = error.code ? (FRAMEWORK_MESSAGES[error.code] ?? DATABASE_MESSAGES[error.code]) : undefined;
    if (known) return reply.status(known[0]).send(failure(known[0], known[1]));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const message = error instanceof SyntaxError || /JSON/i.test(error.message) ? MSG.badParamType : MSG.invalid;
      return reply.status(error.statusCode).send(failure(error.statusCode, message));
    }
    request.log.error({ err: error }, 'unhandled error');
    void logs.error(describeCall(request), error);
    return reply.status(500).send(failure(500, MSG.serverError));
  });
}
