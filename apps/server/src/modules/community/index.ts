import type { FastifyInstance } from 'fastify';
import type { Services } from '../../platform/services';
import { registerBuildingRoutes } from './building-routes';
import { registerGardenRoutes } from './garden-routes';
import { registerHouseImport } from './house-import';
import { registerHouseRoutes } from './house-routes';
import { registerResourceSearch } from './resource-search';

export { addHouseRemovalCheck, anyLive, setOwnerHouseLookup, type HouseRemovalCheck, type OwnerHouseLookup } from './hierarchy';
export { saveHouses, type PlannedHouse } from './house-bulk';
export { houseWithNames } from './house-routes';

/**
 * Community resources (spec §7.4 /community-resource, and the garden, pgarden
 * and building calls of §7.7): gardens, buildings, units and houses.
 */
export function registerCommunityModule(app: FastifyInstance, services: Services): void {
  registerGardenRoutes(app, services);
  registerBuildingRoutes(app, services);
  registerHouseRoutes(app, services);
  registerHouseImport(app, services);
  registerResourceSearch(app, services);
}
