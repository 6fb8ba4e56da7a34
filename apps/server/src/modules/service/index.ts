import type { FastifyInstance } from 'fastify';
import type { Services } from '../../platform/services';
import { registerContentRoutes } from './content-routes';
import { registerFeedbackRoutes } from './feedback-routes';
import { registerRepairRoutes } from './repair-routes';

/** The daily services (spec §2.3, §7.7): repairs, feedback, reservations, the directory, notices, activities, templates, files. */
export function registerServiceModule(app: FastifyInstance, services: Services): void {
  registerRepairRoutes(app, services);
  registerFeedbackRoutes(app, services);
  registerContentRoutes(app, services);
}
