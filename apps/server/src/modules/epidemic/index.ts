import { epidemicInfoEntity } from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../platform/http/errors';
import type { Services } from '../../platform/services';
import { addHouseRemovalCheck, anyLive } from '../community/index';
import { registerEpidemicRoutes } from './epidemic-routes';

/** Epidemic control (spec §1, §7.9): control points, staff, health registrations with their households, garden rules. */
export function registerEpidemicModule(app: FastifyInstance, services: Services): void {
  registerEpidemicRoutes(app, services);
  // A house a registration names stays (its list shows the house by name): the registration goes first.
  addHouseRemovalCheck(async (ctx, houseIds) => {
    if (await anyLive(ctx, epidemicInfoEntity.table, 'house_id', houseIds)) throw badRequest('houseHasRegistrations');
  });
}
