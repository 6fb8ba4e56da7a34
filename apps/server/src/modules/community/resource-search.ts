import {
  buildingEntity,
  gardenEntity,
  HouseOption,
  houseEntity,
  List,
  ResourceOption,
  unitEntity,
  type EntityDef,
} from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { parseId, parseIds, type CrudService, type Row } from '../../platform/crud/engine';
import { data } from '../../platform/http/envelope';
import { badRequest } from '../../platform/http/errors';
import { get, idText, params, text } from '../../platform/http/operation';
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

  const search = get({
    tags,
    summary: 'Gardens, buildings, units or houses for a picker',
    description: 'At most 5000 rows, each with type, title, value and key.',
    query: params({
      type: text('garden, building, unit or house (or 1 to 4); default garden'),
      ids: text('comma-separated ids: only these rows'),
      gardenId: idText('only the rows of this garden (for type garden: that garden)'),
      buildingId: idText('only the rows of this building (units and houses)'),
    }),
    data: List(ResourceOption),
  });
  app.get(`${base}/search`, search, async (req) => {
    const ctx = await contextOf(services, req);
    const query = req.query as Query;
    const raw = String(query.type ?? 'garden').trim();
    const type = /^[1-4]$/.test(raw) ? LEVELS[Number(raw) - 1]! : raw;
    const kind = KINDS[type];
    if (!kind) throw badRequest('resourceTypeInvalid');
    ctx.require(kind.entity, 'view');
    const extra = [];
    if (query.ids !== undefined && query.ids !== '') extra.push(sql`id in (${sql.join(parseIds(query.ids))})`);
    // A garden has no gardenId column: the header's garden narrows the garden list to itself.
    if (query.gardenId)
      extra.push(sql`${sql.ref(type === 'garden' ? 'id' : 'garden_id')} = ${parseId(query.gardenId, 'gardenId')}`);
    if (query.buildingId) {
      if (type === 'garden' || type === 'building') throw badRequest('resourceTypeNotByBuilding', { type });
      extra.push(sql`building_id = ${parseId(query.buildingId, 'buildingId')}`);
    }
    const rows = await kind.service.all(ctx, {}, extra, LIMIT);
    return data(rows.map(asOption(kind.title, type)));
  });

  const ofOwner = get({
    tags,
    summary: 'Houses bound to an owner',
    query: params({ ownerId: idText('the owner') }, ['ownerId']),
    data: List(HouseOption),
  });
  app.get(`${base}/search-house`, ofOwner, async (req) => {
    const ctx = await contextOf(services, req);
    ctx.require(houseEntity, 'view');
    const ownerId = parseId((req.query as Query).ownerId, 'ownerId');
    const ids = await houseIdsOfOwner(ctx, ownerId);
    if (ids.length === 0) return data([]);
    const rows = await houses.all(ctx, {}, [sql`id in (${sql.join(ids)})`], LIMIT);
    return data(rows.map(asOption('houseName', 'house')));
  });
}
