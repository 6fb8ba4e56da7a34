import type { FastifyInstance } from 'fastify';
import type { Services } from '../../platform/services';
import { registerLeaveRoutes } from './leave-routes';
import { registerManageRoutes } from './manage-routes';
import { registerWorkRoutes } from './work-routes';

/** Workflow (spec §4 flow tasks, §7.9 /blade-flow and /blade-desk/process/leave) on bpmn-engine, state in the database. */
export function registerWorkflowModule(app: FastifyInstance, services: Services): void {
  registerWorkRoutes(app, services);
  registerManageRoutes(app, services);
  registerLeaveRoutes(app, services);
}
