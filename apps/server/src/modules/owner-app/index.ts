import type { FastifyInstance } from 'fastify';
import { registerFileRoutes } from '../../platform/storage/routes';
import type { Services } from '../../platform/services';
import { registerAttachmentRoutes } from './attachment-routes';
import { registerExamineRoutes } from './examine-routes';

/**
 * What residents send (spec §7.7 mobile/owner, attachmentUpload), and the
 * console's generic file upload those documents share storage with.
 */
export function registerOwnerAppModule(app: FastifyInstance, services: Services): void {
  registerExamineRoutes(app, services);
  registerAttachmentRoutes(app, services);
  registerFileRoutes(app, services);
}
