import type { FastifyInstance } from 'fastify';
import type { Services } from '../../platform/services';
import { registerCodes } from './code-routes';
import { registerDatasources } from './datasource-routes';
import { registerModels } from './model-routes';

/**
 * The development tools (研发工具, spec §7.9 /blade-develop): data sources, data models with their
 * columns read from a real table, and code generation. The platform administrator's alone: every
 * definition is `platformAdminOnly`, so every call refuses anyone else (403).
 */
export function registerDevelopModule(app: FastifyInstance, services: Services): void {
  const datasources = registerDatasources(app, services);
  registerModels(app, services, datasources);
  registerCodes(app, services);
}
