import type { FastifyInstance } from 'fastify';
import { MSG } from '../http/envelope';
import { requireAuth } from '../http/request-context';
import type { Services } from '../services';

/** Reads `Blade-Auth: bearer <token>` (or the Blade-Auth query parameter, for downloads). */
export function tokenOf(headers: Record<string, unknown>, query: unknown): string | undefined {
  const header = headers['blade-auth'];
  const raw = typeof header === 'string' ? header : ((query ?? {}) as Record<string, unknown>)['Blade-Auth'];
  if (typeof raw !== 'string' || raw.trim() === '') return undefined;
  return raw.replace(/^bearer\s+/i, '').trim();
}

/**
 * Every call: identify the caller from the token. Calls not marked public
 * need one, and pass the API-scope check of the caller's roles.
 */
export function installAuthentication(app: FastifyInstance, services: Services): void {
  app.addHook('preHandler', async (request) => {
    const token = tokenOf(request.headers, request.query);
    if (token) {
      const verified = await services.tokens.verify(token);
      if (verified === 'revoked') request.authProblem = MSG.tokenRevoked;
      else if (verified) request.auth = verified;
      else request.authProblem = MSG.unauthorized;
    }
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/docs')) return;
    if (request.routeOptions.config?.public) return;
    const auth = requireAuth(request);
    request.grants = await services.access.grantsOf(auth);
    await services.access.checkApiScope(request.grants, request.url);
  });
}
