import { HouseWithNames, houseEntity, inputOf, Nullable } from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { CrudService, parseId, toJson, type CrudContext, type Row } from '../../platform/crud/engine';
import { registerCrudRoutes } from '../../platform/crud/routes';
import { data, status } from '../../platform/http/envelope';
import { badRequest } from '../../platform/http/errors';
import { get, idText, params, post } from '../../platform/http/operation';
import { contextOf } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';
import { registerSearch } from './building-routes';
import { buildingRow, checkHouseRemoval, houseNameOf, unitRow } from './hierarchy';

type Body = Record<string, unknown>;
const tags = [houseEntity.label.en];

/** Floors a house may be on: basements down to -10, towers up to 300. */
const FLOORS = { min: -10, max: 300 };

/** A house's names beside its ids, as the detail screens and other modules show it. */
export async function houseWithNames(ctx: CrudContext, row: Row): Promise<Row> {
  const names = await sql<{ garden_name: string; building_name: string; unit_name: string }>`
    select g.garden_name, b.building_name, u.unit_name from property_garden g, property_building b, property_unit u
    where g.id = ${row.garden_id} and b.id = ${row.building_id} and u.id = ${row.unit_id}`.execute(ctx.db);
  const n = names.rows[0];
  return {
    ...toJson(houseEntity, row),
    gardenName: n?.garden_name ?? '',
    buildingName: n?.building_name ?? '',
    unitName: n?.unit_name ?? '',
  };
}

/**
 * Houses (spec §7.4 unithouse: search by UnitId, remove, updatehouse; §7.7
 * /system-property/building: detail by houseId and submit, the house record
 * of the property screens). The house must sit in a unit of the building of
 * the garden it names; its full name follows building and unit.
 */
export function registerHouseRoutes(app: FastifyInstance, services: Services): CrudService {
  const service = new CrudService(houseEntity, {
    async beforeSave(ctx, values, existing) {
      const pick = (column: string) => (column in values ? values[column] : existing?.[column]);
      const building = await buildingRow(ctx, pick('building_id'));
      const unit = await unitRow(ctx, pick('unit_id'));
      if (String(building.garden_id) !== String(pick('garden_id'))) throw badRequest('buildingNotInGarden');
      if (String(unit.building_id) !== String(building.id)) throw badRequest('unitNotInBuilding');
      const floor = Number(pick('floor'));
      if (floor < FLOORS.min || floor > FLOORS.max) throw badRequest('floorOutOfRange', FLOORS);
      const [built, inner] = [pick('built_area'), pick('inner_area')];
      // Compared as decimals in the database's own arithmetic, never as JavaScript floats.
      if (built !== null && built !== undefined && inner !== null && inner !== undefined) {
        const larger = await sql<{ bad: boolean }>`select ${inner}::numeric > ${built}::numeric as bad`.execute(ctx.db);
        if (larger.rows[0]?.bad) throw badRequest('innerAreaTooLarge');
      }
      values.house_name = houseNameOf(building.building_name, unit.unit_name, String(pick('name')).trim());
      values.name = String(pick('name')).trim();
    },
    beforeRemove: checkHouseRemoval,
  });
  registerCrudRoutes(app, services, houseEntity, service);
  // The spec spells the unit parameter UnitId; unitId is taken too.
  registerSearch(app, services, houseEntity, service, { UnitId: 'unitId' });

  // Update only: a body without id is refused rather than silently adding a house.
  const body = inputOf(houseEntity);
  const update = post({ tags, summary: 'Update a house (id required; never adds)', body, form: true });
  app.post(`/api${houseEntity.base}/updatehouse`, update, async (req) => {
    const ctx = await contextOf(services, req);
    ctx.require(houseEntity, 'edit');
    const body = (req.body ?? {}) as Body;
    parseId(body.id);
    await service.submit(ctx, body);
    return status(true);
  });

  const property = '/api/system-property/building';
  app.get(
    `${property}/detail`,
    get({
      tags,
      summary: 'A house with its garden, building and unit names, by houseId',
      query: params({ houseId: idText('the house'), id: idText('the house, when houseId is not sent') }),
      data: Nullable(HouseWithNames),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(houseEntity, 'view');
      const query = req.query as Body;
      const row = await service.findRow(ctx, parseId(query.houseId ?? query.id, 'houseId'));
      return data(row ? await houseWithNames(ctx, row) : null);
    },
  );
  app.post(`${property}/submit`, post({ tags, summary: 'Add or update a house', body, form: true }), async (req) => {
    const ctx = await contextOf(services, req);
    const body = (req.body ?? {}) as Body;
    ctx.require(houseEntity, body.id ? 'edit' : 'add');
    await service.submit(ctx, body);
    return status(true);
  });
  return service;
}
