import type { FastifyInstance } from 'fastify';
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
    let grantsVersion: string | undefined;
    if (token) {
      const decoded = await services.tokens.decode(token);
      if (!decoded) request.authProblem = 'unauthorized';
      else {
        // From memory while the instance is in step with the others; from the shared store otherwise.
        const state = await services.signals.stateOf(decoded.jti);
        if (state.revoked) request.authProblem = 'tokenRevoked';
        else request.auth = decoded.auth;
        grantsVersion = state.grantsVersion;
      }
    }
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/docs')) return;
    if (request.routeOptions.config?.public) return;
    const auth = requireAuth(request);
    request.grants = await services.access.grantsOf(auth, grantsVersion);
    await services.access.checkApiScope(request.grants, request.url, grantsVersion);
  });
}
