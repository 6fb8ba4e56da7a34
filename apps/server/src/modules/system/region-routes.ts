import { List, Nullable, recordOf, RegionOption, regionEntity } from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { CrudService, toJson } from '../../platform/crud/engine';
import { detailQuery, registerCrudRoutes } from '../../platform/crud/routes';
import { data, status } from '../../platform/http/envelope';
import { badRequest } from '../../platform/http/errors';
import { get, idText, params, post, text } from '../../platform/http/operation';
import { contextOf } from '../../platform/http/request-context';
import type { Db } from '../../platform/db/database';
import type { Services } from '../../platform/services';

const BASE = '/api/blade-system/region';
const tags = ['Region'];
type Query = Record<string, unknown>;

/**
 * The children of a region as cascaders take them (provinces for "00"), each
 * with `hasChildren` when it has any: region/lazy-tree and the epidemic
 * module's region picker (epidemic-region/select) answer the same rows.
 */
export async function regionChildren(db: Db, parentCode: string) {
  const rows = await sql<{ id: string; code: string; name: string; parent_code: string; has_children: boolean }>`
    select r.id, r.code, r.name, r.parent_code,
      exists (select 1 from blade_region c where c.parent_code = r.code and c.is_deleted = 0) as has_children
    from blade_region r where r.parent_code = ${parentCode} and r.is_deleted = 0 order by r.sort, r.code`.execute(db);
  return rows.rows.map((r) => ({
    id: r.code,
    parentId: r.parent_code,
    title: r.name,
    key: r.code,
    value: r.code,
    ...(r.has_children ? { hasChildren: true } : {}),
  }));
}

/** Regions are keyed by their administrative code; children point at the parent's code. */
export function registerRegionRoutes(app: FastifyInstance, services: Services): void {
  const regions = new CrudService(regionEntity, {
    async beforeRemove(ctx, ids) {
      const children = await sql`select 1 from blade_region c join blade_region p on c.parent_code = p.code
        where p.id in (${sql.join(ids)}) and c.is_deleted = 0 limit 1`.execute(ctx.db);
      if (children.rows.length > 0) throw badRequest('removeChildrenFirst');
    },
  });
  registerCrudRoutes(app, services, regionEntity, regions, { except: ['detail', 'remove'] });

  // The spec's client removes one region by `id` (§7.8); other clients send `ids` as for every entity: both work.
  app.post(
    `${BASE}/remove`,
    post({
      tags,
      summary: 'Remove regions by id or ids',
      query: params({ id: idText('one region (the spec’s client)'), ids: text('comma-separated ids') }),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(regionEntity, 'delete');
      const q = req.query as Query;
      await regions.remove(ctx, q.ids ?? q.id);
      return status(true);
    },
  );

  const byCode = detailQuery(regionEntity);
  (byCode.properties as Record<string, unknown>).code = text('the region code (e.g. 1302); or id');
  const detail = get({ tags, summary: 'A region by code (or id)', query: byCode, data: Nullable(recordOf(regionEntity)) });
  app.get(`${BASE}/detail`, detail, async (req) => {
    const ctx = await contextOf(services, req);
    const q = req.query as Query;
    if (q.code) {
      const rows = await sql<
        Record<string, unknown>
      >`select * from blade_region where code = ${String(q.code)} and is_deleted = 0`.execute(ctx.db);
      return data(rows.rows[0] ? toJson(regionEntity, rows.rows[0]) : null);
    }
    return data(await regions.detail(ctx, q));
  });
  const children = get({
    tags,
    summary: 'Children of a region, for cascaders',
    query: params({ parentCode: text('the parent region code; default 00, the provinces') }),
    data: List(RegionOption),
  });
  app.get(`${BASE}/lazy-tree`, children, async (req) => {
    const ctx = await contextOf(services, req);
    return data(await regionChildren(ctx.db, String((req.query as Query).parentCode ?? '00') || '00'));
  });
}
