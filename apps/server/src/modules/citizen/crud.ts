import { listQueryOf, Page, withNamesOf, type EntityDef, type GenericRoute } from '@property/domain';
import type { FastifyInstance } from 'fastify';
import type { CrudService } from '../../platform/crud/engine';
import { registerCrudRoutes } from '../../platform/crud/routes';
import { data } from '../../platform/http/envelope';
import { get, text } from '../../platform/http/operation';
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
      get({
        tags: [entity.label.en],
        summary: `${entity.label.zh} (${entity.label.en}): a page of rows, with the names of their house and owner`,
        query: listQueryOf(entity, 'gardenId' in entity.fields ? {} : { gardenId: text('ignored: these rows have no garden') }),
        data: Page(withNamesOf(entity)),
      }),
      async (req) => {
        const ctx = await contextOf(services, req);
        ctx.require(entity, 'view');
        const page = await service.page(ctx, req.query as Record<string, unknown>, { skip });
        return data({ ...page, records: await withNames(ctx, page.records) });
      },
    );
  }
}
