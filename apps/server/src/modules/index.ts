import type { FastifyInstance } from 'fastify';
import type { Services } from '../platform/services';
import { registerAuthModule } from './auth/index';
import { registerBillingModule } from './billing/index';
import { registerCitizenModule } from './citizen/index';
import { registerClubModule } from './club/index';
import { registerCommunityModule } from './community/index';
import { registerDashboardModule } from './dashboard/index';
import { registerEpidemicModule } from './epidemic/index';
import { registerDevelopModule } from './develop/index';
import { registerFacilityModule } from './facility/index';
import { registerOwnerAppModule } from './owner-app/index';
import { registerPatrolModule } from './patrol/index';
import { registerReportModule } from './report/index';
import { registerResourceModule } from './resource/index';
import { registerServiceModule } from './service/index';
import { registerSystemModule } from './system/index';
import { registerWorkflowModule } from './workflow/index';

/** Every module's routes, in one place so a reader finds them all. */
export async function registerModules(app: FastifyInstance, services: Services): Promise<void> {
  registerAuthModule(app, services);
  registerSystemModule(app, services);
  registerCommunityModule(app, services);
  registerCitizenModule(app, services);
  registerFacilityModule(app, services);
  registerOwnerAppModule(app, services);
  registerBillingModule(app, services);
  registerServiceModule(app, services);
  registerPatrolModule(app, services);
  registerWorkflowModule(app, services);
  registerClubModule(app, services);
  registerDashboardModule(app, services);
  registerEpidemicModule(app, services);
  registerReportModule(app, services);
  registerResourceModule(app, services);
  registerDevelopModule(app, services);
}
