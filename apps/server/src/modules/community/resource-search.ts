import { buildingEntity, gardenEntity, houseEntity, unitEntity, type EntityDef } from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { parseId, parseIds, type CrudService, type Row } from '../../platform/crud/engine';
import { data } from '../../platform/http/envelope';
import { badRequest } from '../../platform/http/errors';
import { contextOf } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';
import { buildings, gardens, houseIdsOfOwner, houses, units } from './hierarchy';

type Query = Record<string, unknown>;

/** The resource kinds a picker may ask for, by name or by level number (1 garden … 4 house). */
const KINDS: Record<string, { entity: EntityDef; service: CrudService; title: string }> = {
  garden: { entity: gardenEntity, service: gardens, title: 'gardenName' },
  building: { entity: buildingEntity, service: buildings, title: 'buildingName' },
  unit: { entity: unitEntity, service: units, title: 'unitName' },
  house: { entity: houseEntity, service: houses, title: 'houseName' },
};
const LEVELS = ['garden', 'building', 'unit', 'house'];
/** A picker never needs more; a garden-wide house list is paged through unithouse/list instead. */
const LIMIT = 5000;

const asOption = (title: string, type: string) => (row: Row) => ({ ...row, type, title: row[title], value: row.id, key: row.id });

/** Resource pickers (spec §7.4 resource-search): search (ids, type, gardenId, buildingId) and search-house (ownerId). */
export function registerResourceSearch(app: FastifyInstance, services: Services): void {
  const base = '/api/community-resource/resource-search';
  const tags = ['Resource search'];

  app.get(`${base}/search`, { schema: { tags, summary: 'Gardens, buildings, units or houses for a picker' } }, async (req) => {
    const ctx = await contextOf(services, req);
    const query = req.query as Query;
    const raw = String(query.type ?? 'garden').trim();
    const type = /^[1-4]$/.test(raw) ? LEVELS[Number(raw) - 1]! : raw;
    const kind = KINDS[type];
    if (!kind) throw badRequest('资源类型错误: type 应为 garden、building、unit 或 house');
    ctx.require(kind.entity, 'view');
    const extra = [];
    if (query.ids !== undefined && query.ids !== '') extra.push(sql`id in (${sql.join(parseIds(query.ids))})`);
    // A garden has no gardenId column: the header's garden narrows the garden list to itself.
    if (query.gardenId)
      extra.push(sql`${sql.ref(type === 'garden' ? 'id' : 'garden_id')} = ${parseId(query.gardenId, 'gardenId')}`);
    if (query.buildingId) {
      if (type === 'garden' || type === 'building') throw badRequest(`资源类型 ${type} 不能按楼栋查询`);
      extra.push(sql`building_id = ${parseId(query.buildingId, 'buildingId')}`);
    }
    const rows = await kind.service.all(ctx, {}, extra, LIMIT);
    return data(rows.map(asOption(kind.title, type)));
  });

  app.get(`${base}/search-house`, { schema: { tags, summary: 'Houses bound to an owner' } }, async (req) => {
    const ctx = await contextOf(services, req);
    ctx.require(houseEntity, 'view');
    const ownerId = parseId((req.query as Query).ownerId, 'ownerId');
    const ids = await houseIdsOfOwner(ctx, ownerId);
    if (ids.length === 0) return data([]);
    const rows = await houses.all(ctx, {}, [sql`id in (${sql.join(ids)})`], LIMIT);
    return data(rows.map(asOption('houseName', 'house')));
  });
}
