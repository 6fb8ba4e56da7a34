import type { FastifyInstance } from 'fastify';
import type { Services } from '../../platform/services';
import { registerEquipmentRoutes } from './equipment-routes';
import { registerParkingRoutes } from './parking-routes';
import { registerRemovalChecks } from './removal-checks';

/** A garden's facilities (spec §7.7): parking lots, spaces and their history, elevators and hydrants. */
export function registerFacilityModule(app: FastifyInstance, services: Services): void {
  registerParkingRoutes(app, services);
  registerEquipmentRoutes(app, services);
  registerRemovalChecks();
}
