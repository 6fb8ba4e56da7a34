import { translate, type ErrorKey, type MessageParams, type Problem } from '@property/domain';

/**
 * A failure fit to show the user: the key of its message and the values for
 * it, rendered in the call's language by the error handler. The HTTP status
 * equals `code`. (`message` is the Chinese text, for logs and tests.)
 */
export class ApiError extends Error {
  constructor(
    readonly code: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429,
    readonly key: ErrorKey,
    readonly params?: MessageParams,
  ) {
    super(translate('zh', key, params));
  }
}

export const badRequest = (key: ErrorKey, params?: MessageParams) => new ApiError(400, key, params);
/** A 400 with a check's answer (a validator's or a domain rule's). */
export const refused = (problem: Problem) => new ApiError(400, problem.key, problem.params);
export const unauthorized = (key: ErrorKey = 'unauthorized') => new ApiError(401, key);
export const forbidden = (key: ErrorKey = 'forbidden') => new ApiError(403, key);
/** The row changed since the caller read it (a save carrying the updateTime it read: docs/api-conventions.md). */
export const conflict = (key: ErrorKey) => new ApiError(409, key);
export const notFound = (key: ErrorKey = 'noRecord') => new ApiError(404, key);
