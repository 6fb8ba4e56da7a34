import type { FastifyInstance } from 'fastify';
import type { Services } from '../../platform/services';
import { registerClubCatalog } from './catalog-routes';
import { registerClubWallets } from './wallet-routes';

/** The clubhouse (spec §2.3, §7.3): clubs and reservations, categories, products, wallets, recharges, the cashier. */
export function registerClubModule(app: FastifyInstance, services: Services): void {
  registerClubCatalog(app, services);
  registerClubWallets(app, services);
}
