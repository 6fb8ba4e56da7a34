import type { EntityDef, ErrorKey } from '@property/domain';
import type { FastifyRequest } from 'fastify';
import type { CrudContext } from '../crud/engine';
import type { Action, Grants } from '../security/access';
import type { Services } from '../services';
import type { AuthContext } from './context';
import { forbidden, unauthorized } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook when a valid token came with the call. */
    auth?: AuthContext;
    /** Why the token was refused, for the 401 message. */
    authProblem?: ErrorKey;
    grants?: Grants;
  }
  interface FastifyContextConfig {
    /** Answers without a token (sign-in, captcha, tenant info...). */
    public?: boolean;
  }
}

export interface RequestContext extends CrudContext {
  grants: Grants;
  services: Services;
  /** Throws 403 unless the caller may do `action` on `entity`. */
  require(entity: EntityDef, action: Action): void;
  /** Throws 403 unless the caller may read the entity's list as a reference (AccessService.requireReference). */
  requireReference(entity: EntityDef): void;
  requireCode(code: string): void;
  /** Whether the caller may read the entity (its menu or view button). */
  canView(entity: EntityDef): boolean;
  /** Throws 403 unless the caller may read one of the entities: a picker serves the screens of each. */
  requireViewOfAny(entities: ReadonlyArray<EntityDef>): void;
}

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized(request.authProblem ?? 'noToken');
  return request.auth;
}

/** Everything an operation needs of the call in hand: its caller, grants and row scope. */
export async function contextOf(services: Services, request: FastifyRequest): Promise<RequestContext> {
  const auth = requireAuth(request);
  const grants = request.grants ?? (await services.access.grantsOf(auth));
  request.grants = grants;
  return {
    db: services.db,
    auth,
    grants,
    services,
    rowScope: (entity) => services.access.rowScope(auth, grants, entity),
    requireGarden: (gardenId) => services.access.requireGarden(grants, gardenId),
    store: services.store,
    secrets: services.secrets,
    ip: request.ip,
    requestId: String(request.id),
    require: (entity, action) => services.access.require(auth, grants, entity, action),
    requireReference: (entity) => services.access.requireReference(auth, grants, entity),
    requireCode: (code) => services.access.requireCode(grants, code),
    canView: (entity) => services.access.can(grants, entity.permission, 'view'),
    requireViewOfAny: (entities) => {
      if (!entities.some((e) => services.access.can(grants, e.permission, 'view'))) throw forbidden();
    },
  };
}
