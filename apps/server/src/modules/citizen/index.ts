import type { FastifyInstance } from 'fastify';
import type { Services } from '../../platform/services';
import { registerCitizenRoutes } from './citizen-routes';
import { linkHouses } from './house-links';
import { registerOwnerHouseRoutes } from './owner-house-routes';
import { registerOwnerRoutes } from './owner-routes';

export { addCarRemovalCheck } from './cars';
export { type RemovalCheck } from './links';
export { addOwnerRemovalCheck } from './owners';

/**
 * Residents (spec §7.5 /citizen-user, §7.6 /owner and /system-property/owner):
 * owners and their house bindings, family members, lessees, cars, and the
 * residents' app accounts.
 */
export function registerCitizenModule(app: FastifyInstance, services: Services): void {
  linkHouses();
  registerOwnerRoutes(app, services);
  registerOwnerHouseRoutes(app, services);
  registerCitizenRoutes(app, services);
}
