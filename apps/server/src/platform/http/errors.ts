import { MSG } from './envelope';

/** A failure whose message is fit to show the user; the HTTP status equals `code`. */
export class ApiError extends Error {
  constructor(
    readonly code: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const unauthorized = (message: string = MSG.unauthorized) => new ApiError(401, message);
export const forbidden = (message: string = MSG.forbidden) => new ApiError(403, message);
export const notFound = (message: string = MSG.noRecord) => new ApiError(404, message);
