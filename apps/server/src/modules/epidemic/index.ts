import type { FastifyInstance } from 'fastify';
import type { Services } from '../../platform/services';
import { registerEpidemicRoutes } from './epidemic-routes';

/** Epidemic control (spec §1, §7.9): control points, staff, health registrations with their households, garden rules. */
export function registerEpidemicModule(app: FastifyInstance, services: Services): void {
  registerEpidemicRoutes(app, services);
}
