import { routesOf, type EntityDef, type GenericRoute } from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { data, status } from '../http/envelope';
import { contextOf } from '../http/request-context';
import type { Services } from '../services';
import { CrudService } from './engine';
import { jsonSchemaOf, listQuerySchema } from './json-schema';

const idQuery = { type: 'object', properties: { id: { type: 'string' } } };
const idsQuery = { type: 'object', properties: { ids: { type: 'string', description: 'comma-separated ids' } } };

/**
 * The generic calls of an entity (spec §7.1): list and page (paged), detail,
 * submit (insert or update), remove (soft delete). Each checks the caller's
 * permission; the service adds tenant and data scope to every query.
 */
export function registerCrudRoutes(
  app: FastifyInstance,
  services: Services,
  entity: EntityDef,
  service: CrudService = new CrudService(entity),
  options: { except?: ReadonlyArray<GenericRoute> } = {},
): CrudService {
  const base = `/api${entity.base}`;
  const tags = [entity.label.en];
  const routes = routesOf(entity).filter((r) => !options.except?.includes(r));
  for (const name of ['list', 'page'] as const) {
    if (!routes.includes(name)) continue;
    app.get(
      `${base}/${name}`,
      { schema: { tags, summary: `${entity.label.zh} ${name}`, querystring: listQuerySchema(entity) } },
      async (req) => {
        const ctx = await contextOf(services, req);
        ctx.require(entity, 'view');
        return data(await service.page(ctx, req.query as Record<string, unknown>));
      },
    );
  }
  if (routes.includes('detail')) {
    app.get(`${base}/detail`, { schema: { tags, summary: `${entity.label.zh} detail`, querystring: idQuery } }, async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(entity, 'view');
      return data(await service.detail(ctx, req.query as Record<string, unknown>));
    });
  }
  if (routes.includes('submit')) {
    app.post(
      `${base}/submit`,
      { schema: { tags, summary: `${entity.label.zh} submit`, body: jsonSchemaOf(entity) } },
      async (req) => {
        const ctx = await contextOf(services, req);
        const body = (req.body ?? {}) as Record<string, unknown>;
        ctx.require(entity, body.id ? 'edit' : 'add');
        await service.submit(ctx, body);
        return status(true);
      },
    );
  }
  if (routes.includes('remove')) {
    app.post(`${base}/remove`, { schema: { tags, summary: `${entity.label.zh} remove`, querystring: idsQuery } }, async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(entity, 'delete');
      await service.remove(ctx, (req.query as Record<string, unknown>).ids);
      return status(true);
    });
  }
  return service;
}
