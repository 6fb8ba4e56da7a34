import {
  FILTERS_HELP,
  inputOf,
  listQueryOf,
  Nullable,
  Page,
  recordOf,
  routesOf,
  type EntityDef,
  type GenericRoute,
} from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { data, status } from '../http/envelope';
import { get, post } from '../http/operation';
import { contextOf } from '../http/request-context';
import type { Services } from '../services';
import { CrudService } from './engine';

export const idQuery = (name = 'id', description = 'id of the row') => ({
  type: 'object',
  properties: { [name]: { type: 'string', pattern: '^\\d{1,19}$', description } },
  required: [name],
});
export const idsQuery = (name = 'ids') => ({
  type: 'object',
  properties: {
    [name]: { type: 'string', pattern: '^\\s*\\d{1,19}(\\s*,\\s*\\d{1,19})*\\s*,?\\s*$', description: 'comma-separated ids' },
  },
  required: [name],
});

/** detail?id=, or detail?<field>=<value> for clients that look a row up by another field (the list's filters). */
export const detailQuery = (entity: EntityDef) => {
  const filters = listQueryOf(entity);
  const properties = { ...(filters.properties as Record<string, unknown>) };
  for (const paging of ['current', 'size', 'ascs', 'descs']) delete properties[paging];
  properties.id = {
    type: 'string',
    pattern: '^\\d{1,19}$',
    description: 'id of the row; without it, the first row matching the other filters',
  };
  return { type: 'object', properties, description: 'id, or at least one field filter' };
};

/** What the generic calls of an entity are, for the document. */
const describe = (entity: EntityDef) => ({
  tags: [entity.label.en],
  label: `${entity.label.zh} (${entity.label.en})`,
  permission: `the \`${entity.permission}\` menu`,
});

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
  const { tags, label, permission } = describe(entity);
  const routes = routesOf(entity).filter((r) => !options.except?.includes(r));
  const record = recordOf(entity);
  for (const name of ['list', 'page'] as const) {
    if (!routes.includes(name)) continue;
    const declared = get({
      tags,
      summary: `${label}: a page of rows`,
      description: `Rows the caller may see (tenant, data scope, gardens), filtered, sorted and paged. Needs ${permission}. ${FILTERS_HELP}`,
      query: listQueryOf(entity),
      data: Page(record),
    });
    app.get(`${base}/${name}`, declared, async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(entity, 'view');
      return data(await service.page(ctx, req.query as Record<string, unknown>));
    });
  }
  if (routes.includes('detail')) {
    const declared = get({
      tags,
      summary: `${label}: one row`,
      description: `The row, or null when it does not exist, was removed or is not the caller's. Needs ${permission}.`,
      query: detailQuery(entity),
      data: Nullable(record),
    });
    app.get(`${base}/detail`, declared, async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(entity, 'view');
      return data(await service.detail(ctx, req.query as Record<string, unknown>));
    });
  }
  if (routes.includes('submit')) {
    const declared = post({
      tags,
      summary: `${label}: add or change a row`,
      description: `Without \`id\` adds a row (needs the \`${entity.permission}_add\` button), with \`id\` changes the fields sent (\`${entity.permission}_edit\`). All or nothing.`,
      body: inputOf(entity),
      form: true,
    });
    app.post(`${base}/submit`, declared, async (req) => {
      const ctx = await contextOf(services, req);
      const body = (req.body ?? {}) as Record<string, unknown>;
      ctx.require(entity, body.id ? 'edit' : 'add');
      await service.submit(ctx, body);
      return status(true);
    });
  }
  if (routes.includes('remove')) {
    const declared = post({
      tags,
      summary: `${label}: remove rows`,
      description: `Soft-deletes the caller's rows among \`ids\`; others are left untouched. Needs the \`${entity.permission}_delete\` button.`,
      query: idsQuery(),
    });
    app.post(`${base}/remove`, declared, async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(entity, 'delete');
      await service.remove(ctx, (req.query as Record<string, unknown>).ids);
      return status(true);
    });
  }
  return service;
}
