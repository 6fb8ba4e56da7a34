import { Envelope, ErrorAnswer, NoData, plain, type TSchema } from '@property/domain';
import type { RouteShorthandOptions } from 'fastify';

/**
 * How every route declares itself (docs/api-conventions.md, "Declaring a
 * route"): what it takes (query, JSON or form body, multipart fields) and
 * what it answers (the envelope's `data`, or a raw answer). The declaration
 * is the route's OpenAPI operation, its serialiser (fields not declared never
 * leave the server) and, in tests, the schema every answer is checked against.
 */
export interface Operation {
  tags: string[];
  summary: string;
  /** More than the summary: rules, permissions, what the fields mean. */
  description?: string;
  /** Query parameters: an object schema (properties and required). */
  query?: TSchema | Record<string, unknown>;
  /** A JSON body; also taken as a form (application/x-www-form-urlencoded) when `form` is set. */
  body?: TSchema | Record<string, unknown>;
  form?: boolean;
  /** The body may be left out (the parameters travel in the query string, or none is needed). */
  bodyOptional?: boolean;
  /** multipart/form-data fields (the file among them, `format: binary`). */
  multipart?: Record<string, unknown>;
  /** Path parameters (`:name` in the url). */
  path?: Record<string, unknown>;
  /** Request headers the call reads. */
  headers?: Record<string, unknown>;
  /** `data` of the envelope answered with 200. */
  data?: TSchema;
  /** Instead of the envelope: the answers by status as they are (the token call, file downloads). */
  answers?: Record<number, Record<string, unknown>>;
  /** Error answers other than the shared envelope (an import's row report). */
  errors?: Record<number, TSchema>;
  /** Answers without a token. */
  public?: boolean;
  /** Answers without a token, to an OAuth client named by its Basic header (the token call). */
  client?: boolean;
}

/** Statuses the server answers with the error envelope (shared responses of the document). */
export const ERROR_STATUSES = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  429: 'TooManyRequests',
  500: 'ServerError',
  503: 'ServiceUnavailable',
} as const;
export type ErrorStatus = keyof typeof ERROR_STATUSES;

const errorAnswer = plain(ErrorAnswer);

/** Marks an operation whose body may be left out; openapi.ts turns it into `requestBody.required: false`. */
export const OPTIONAL_BODY = 'x-body-optional';

/** Which errors a call can meet: any bad input; a token problem and refusals unless public; a body's size, type and conflicts. */
function errorStatuses(op: Operation, method: 'GET' | 'POST'): ErrorStatus[] {
  const statuses: ErrorStatus[] = [400];
  if (!op.public && !op.client) statuses.push(401, 403);
  statuses.push(404);
  if (method === 'POST') statuses.push(409, 413, 415);
  // Anonymous calls are limited per address (register-guest).
  if (op.public && method === 'POST') statuses.push(429);
  statuses.push(500, 503);
  return statuses;
}

function schemaOf(shape: TSchema | Record<string, unknown>): Record<string, unknown> {
  return plain(shape as TSchema);
}

/** Route options from a declaration: the Fastify schema (OpenAPI operation) and the public flag. */
export function operation(method: 'GET' | 'POST', op: Operation): RouteShorthandOptions {
  const response: Record<string, unknown> = {};
  if (op.answers) for (const [status, answer] of Object.entries(op.answers)) response[status] = answer;
  else response[200] = { ...plain(Envelope(op.data ?? NoData)), description: 'Success: the envelope with `data`' };
  for (const status of errorStatuses(op, method)) response[status] ??= errorAnswer;
  for (const [status, answer] of Object.entries(op.errors ?? {})) response[status] = plain(answer);
  const schema: Record<string, unknown> = {
    tags: op.tags,
    summary: op.summary,
    description: op.description ?? op.summary,
    response,
  };
  if (op.query) schema.querystring = schemaOf(op.query);
  if (op.path) schema.params = { type: 'object', properties: op.path, required: Object.keys(op.path) };
  if (op.headers) schema.headers = { type: 'object', properties: op.headers };
  if (op.body) {
    schema.body = schemaOf(op.body);
    if (op.form) schema.consumes = ['application/json', 'application/x-www-form-urlencoded'];
    if (op.bodyOptional) schema[OPTIONAL_BODY] = true;
  }
  if (op.multipart) {
    schema.body = { type: 'object', properties: op.multipart, required: ['file'] };
    schema.consumes = ['multipart/form-data'];
  }
  if (op.public || op.client) schema.security = op.client ? [{ clientBasic: [] }] : [];
  return { schema, ...(op.public || op.client ? { config: { public: true } } : {}) };
}

/** GET route options. */
export const get = (op: Operation) => operation('GET', op);
/** POST route options. */
export const post = (op: Operation) => operation('POST', op);

/** A text parameter. */
export const text = (description: string) => ({ type: 'string', description });
/** An id parameter: digits. */
export const idText = (description: string) => ({ type: 'string', pattern: '^\\d{1,19}$', description });
/** Query parameters (an object schema); `required` lists those the call refuses to go without. */
export const params = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  properties,
  ...(required.length ? { required } : {}),
});

/** An answer of raw bytes (a file), of one or any media type. */
export const fileAnswer = (description: string, mediaType = 'application/octet-stream') => ({
  description,
  content: { [mediaType]: { schema: { type: 'string', format: 'binary' } } },
});
/** A multipart file field. */
export const fileField = (description: string) => ({ type: 'string', format: 'binary', description });
