import type { FastifyInstance } from 'fastify';
import type { Services } from '../../platform/services';
import { registerBillFigureRoutes } from './bill-figure-routes';
import { registerDeskRoutes } from './desk-routes';

/**
 * The dashboard (统计看板, spec §1, §2.3, §7.7): resource totals, a garden's card and payment orders by year, month
 * and day (desk/*), and the bills' figures over a range of days (paymentbill statistics-tables, barChart,
 * radarMap; index statistics, expenseEchartsData, overduePayment). Nothing of its own is stored.
 */
export function registerDashboardModule(app: FastifyInstance, services: Services): void {
  registerDeskRoutes(app, services);
  registerBillFigureRoutes(app, services);
}
