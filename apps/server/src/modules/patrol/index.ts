import type { FastifyInstance } from 'fastify';
import type { Services } from '../../platform/services';
import { registerPatrolRoutes } from './patrol-routes';

/** Patrols (spec §7.7): points with checklists, plans, the tasks the scheduled job makes, checks and records. */
export function registerPatrolModule(app: FastifyInstance, services: Services): void {
  registerPatrolRoutes(app, services);
}
