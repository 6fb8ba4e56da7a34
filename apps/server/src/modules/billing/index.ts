import type { FastifyInstance } from 'fastify';
import type { Services } from '../../platform/services';
import { registerBillRoutes } from './bill-routes';
import { registerCatalogRoutes } from './catalog-routes';
import { registerBillingImports } from './import';
import { registerBillingJobs } from './jobs';
import { registerPrepaidRoutes } from './prepaid-routes';
import { registerRecordRoutes } from './record-routes';
import { registerStatisticsRoute } from './statistics';
import { recordingProvider } from './sms';

/** Billing (spec §1, §4, §7.7): formulas, charge items, bills, payments, refunds, receipts, reminders, pre-paid accounts. */
export function registerBillingModule(app: FastifyInstance, services: Services): void {
  const provider = recordingProvider((msg) => app.log.info(msg));
  registerCatalogRoutes(app, services);
  registerBillRoutes(app, services);
  registerStatisticsRoute(app, services);
  registerRecordRoutes(app, services, provider);
  registerBillingImports(app, services);
  registerPrepaidRoutes(app, services);
  registerBillingJobs(services.jobs, provider);
}
