import {
  apiScopeEntity,
  clientEntity,
  dataScopeEntity,
  logApiEntity,
  logErrorEntity,
  logUsualEntity,
  paramEntity,
} from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { hashSecret } from '../../platform/auth/password';
import { CrudService } from '../../platform/crud/engine';
import { registerCrudRoutes } from '../../platform/crud/routes';
import { registerJobRunRoutes } from '../../platform/jobs/routes';
import type { Services } from '../../platform/services';
import { registerAuditRoutes } from './audit-routes';
import { registerDeptRoutes } from './dept-routes';
import { registerDictRoutes } from './dict-routes';
import { registerMenuRoutes } from './menu-routes';
import { registerPostAndTopMenuRoutes } from './post-routes';
import { registerRegionRoutes } from './region-routes';
import { registerRoleRoutes } from './role-routes';
import { registerTenantRoutes } from './tenant-routes';
import { registerUserRoutes } from './user-routes';

/** Platform administration (spec §7.8) and the logs of §7.9. */
export function registerSystemModule(app: FastifyInstance, services: Services): void {
  registerUserRoutes(app, services);
  registerDeptRoutes(app, services);
  registerRoleRoutes(app, services);
  registerMenuRoutes(app, services);
  registerTenantRoutes(app, services);
  registerDictRoutes(app, services);
  registerRegionRoutes(app, services);
  registerPostAndTopMenuRoutes(app, services);
  const invalidating = { afterSave: () => services.access.invalidate() };
  const clients = new CrudService(clientEntity, {
    async beforeSave(_ctx, values) {
      if (typeof values.client_secret === 'string') values.client_secret = await hashSecret(values.client_secret);
    },
  });
  registerCrudRoutes(app, services, clientEntity, clients);
  registerCrudRoutes(app, services, paramEntity);
  registerCrudRoutes(app, services, dataScopeEntity, new CrudService(dataScopeEntity, invalidating));
  registerCrudRoutes(app, services, apiScopeEntity, new CrudService(apiScopeEntity, invalidating));
  for (const log of [logUsualEntity, logApiEntity, logErrorEntity]) registerCrudRoutes(app, services, log);
  registerJobRunRoutes(app, services);
  registerAuditRoutes(app, services);
}
