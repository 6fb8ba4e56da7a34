import type { EntityDef, GenericRoute } from '@property/domain';
import type { FastifyInstance } from 'fastify';
import type { CrudService } from '../../platform/crud/engine';
import { registerCrudRoutes } from '../../platform/crud/routes';
import { listQuerySchema } from '../../platform/crud/json-schema';
import { data } from '../../platform/http/envelope';
import { contextOf } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';
import { withNames } from './links';

/**
 * The generic calls of a residents entity, whose list and page also carry
 * the names of the house and owner each row points at. `base` serves the
 * same rows under a second path the app uses. Lists of rows without a
 * garden (app accounts) ignore the header's gardenId.
 */
export function registerResidentCrud(
  app: FastifyInstance,
  services: Services,
  entity: EntityDef,
  service: CrudService,
  options: { except?: ReadonlyArray<GenericRoute>; base?: string } = {},
): void {
  const served = options.base ? { ...entity, base: options.base } : entity;
  registerCrudRoutes(app, services, served, service, { except: [...(options.except ?? []), 'list', 'page'] });
  // The header's garden selector sends gardenId with every list; rows without a garden ignore it.
  const skip = 'gardenId' in entity.fields ? [] : ['gardenId'];
  for (const name of ['list', 'page'] as const) {
    app.get(
      `/api${served.base}/${name}`,
      { schema: { tags: [entity.label.en], summary: `${entity.label.zh} ${name}`, querystring: listQuerySchema(entity) } },
      async (req) => {
        const ctx = await contextOf(services, req);
        ctx.require(entity, 'view');
        const page = await service.page(ctx, req.query as Record<string, unknown>, { skip });
        return data({ ...page, records: await withNames(ctx, page.records) });
      },
    );
  }
}
