import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './errors';

/** Nesting a body may have; the deepest the console sends is a tree of menus a few levels down. */
export const MAX_BODY_DEPTH = 32;

/**
 * Checks every call's parsed query and body before any route reads them, so a
 * hostile value is a clear 400 whatever route it reaches instead of an error
 * from deep inside (found by probing the product, issue 13):
 * - a NUL character, which PostgreSQL cannot store in text or JSON;
 * - a `__proto__` key (what Fastify's own parser refuses, as prototype poisoning);
 * - a body nested deeper than MAX_BODY_DEPTH;
 * - a body that is not a JSON object, unless the route declares a list.
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    checkValue(request.query, 0);
    if (request.body === undefined) return;
    checkValue(request.body, 0);
    if (isPlainObject(request.body) || (Array.isArray(request.body) && declaresList(request))) return;
    throw badRequest('bodyNotObject');
  });
}

const isPlainObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

function declaresList(request: FastifyRequest): boolean {
  const body = (request.routeOptions.schema?.body ?? undefined) as { type?: unknown } | undefined;
  return body?.type === 'array';
}

function checkValue(value: unknown, depth: number): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) throw badRequest('nulCharacter');
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  if (depth >= MAX_BODY_DEPTH) throw badRequest('bodyTooDeep', { max: MAX_BODY_DEPTH });
  if (Array.isArray(value)) {
    for (const item of value) checkValue(item, depth + 1);
    return;
  }
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (key === '__proto__') throw badRequest('forbiddenKey', { name: key });
    if (key.includes('\u0000')) throw badRequest('nulCharacter');
    checkValue(item, depth + 1);
  }
}
