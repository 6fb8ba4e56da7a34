import {
  batchFloors,
  batchProblem,
  batchUnitName,
  BatchSaved,
  buildingBatchForm,
  buildingEntity,
  inputOf,
  isBlank,
  lastFloorOf,
  List,
  listQueryOf,
  recordOf,
  unitEntity,
  type BatchShape,
  type EntityDef,
} from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { CrudService, parseId, NEXT_UPDATE_TIME } from '../../platform/crud/engine';
import { registerCrudRoutes } from '../../platform/crud/routes';
import { validateBody } from '../../platform/crud/validate';
import { data } from '../../platform/http/envelope';
import { badRequest, refused } from '../../platform/http/errors';
import { get, post, text } from '../../platform/http/operation';
import { contextOf } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';
import { saveHouses, type PlannedHouse } from './house-bulk';
import { anyLive, buildingRow, gardenRow, refreshHouseNames } from './hierarchy';

type Query = Record<string, unknown>;

/**
 * `{base}/search`: every row matching the filters, unpaged, for pickers
 * (building by garden, unit by building). Query keys are renamed first
 * (the spec spells some of them its own way).
 */
export function registerSearch(
  app: FastifyInstance,
  services: Services,
  entity: EntityDef,
  service: CrudService,
  rename: Record<string, string> = {},
): void {
  app.get(
    `/api${entity.base}/search`,
    get({
      tags: [entity.label.en],
      summary: `${entity.label.zh} (${entity.label.en}): every matching row, unpaged (at most 5000)`,
      query: listQueryOf(
        entity,
        Object.fromEntries(Object.entries(rename).map(([from, to]) => [from, text(`the same as ${to}`)])),
      ),
      data: List(recordOf(entity)),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(entity, 'view');
      const query: Query = {};
      for (const [k, v] of Object.entries(req.query as Query)) query[rename[k] ?? k] = v;
      return data(await service.all(ctx, query, [], 5000));
    },
  );
}

/** House numbers are the domain's, so the console's preview shows what batchsave saves. */
export { houseNumber } from '@property/domain';

/** Buildings and units (spec §7.4), with batch creation of a whole building. */
export function registerBuildingRoutes(app: FastifyInstance, services: Services): void {
  const buildingService = new CrudService(buildingEntity, {
    async beforeSave(ctx, values, existing) {
      const gardenId = String(values.garden_id ?? existing?.garden_id);
      await gardenRow(ctx, gardenId);
      if (
        existing &&
        gardenId !== String(existing.garden_id) &&
        (await anyLive(ctx, 'property_unit', 'building_id', [String(existing.id)]))
      )
        throw badRequest('buildingHasUnits');
    },
    async afterSave(ctx, saved, existing) {
      if (existing && saved.building_name !== existing.building_name)
        await refreshHouseNames(ctx, { buildingId: String(saved.id) });
    },
    async beforeRemove(ctx, ids) {
      if (await anyLive(ctx, 'property_house', 'building_id', ids)) throw badRequest('buildingHasHouses');
      // Empty units go with their building: nothing is left pointing at a removed building.
      await sql`update property_unit set is_deleted = 1, update_user = ${ctx.auth.userId || null}, update_time = ${NEXT_UPDATE_TIME}
        where is_deleted = 0 and tenant_id = ${ctx.auth.tenantId} and building_id in (${sql.join(ids)})`.execute(ctx.db);
    },
  });
  registerCrudRoutes(app, services, buildingEntity, buildingService);
  registerSearch(app, services, buildingEntity, buildingService);

  const unitService = new CrudService(unitEntity, {
    async beforeSave(ctx, values, existing) {
      const building = await buildingRow(ctx, values.building_id ?? existing?.building_id);
      if (
        existing &&
        String(building.id) !== String(existing.building_id) &&
        (await anyLive(ctx, 'property_house', 'unit_id', [String(existing.id)]))
      )
        throw badRequest('unitHousesFixBuilding');
      values.garden_id = building.garden_id;
    },
    async afterSave(ctx, saved, existing) {
      if (existing && saved.unit_name !== existing.unit_name) await refreshHouseNames(ctx, { unitId: String(saved.id) });
    },
    async beforeRemove(ctx, ids) {
      if (await anyLive(ctx, 'property_house', 'unit_id', ids)) throw badRequest('unitHasHouses');
    },
  });
  registerCrudRoutes(app, services, unitEntity, unitService);
  registerSearch(app, services, unitEntity, unitService);

  app.post(
    `/api${buildingEntity.base}/batchsave`,
    post({
      tags: [buildingEntity.label.en],
      summary: 'A building with its units and numbered houses, all or nothing',
      description:
        'Needs the building_batch button. Makes `unitCount` units (named by number) of `floorCount` floors from `startFloor`, `houseCount` houses a floor numbered floor+position ("0101"); names an existing building by buildingId or a new one by buildingName. At most 50 units, 200 floors, 50 houses a floor and 10,000 houses; any clash with existing houses refuses the whole batch.',
      body: inputOf(buildingBatchForm, { form: true }),
      form: true,
      data: BatchSaved,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.requireCode('building_batch');
      const form = validateBody(buildingBatchForm, req.body, true);
      const shape: BatchShape = {
        unitCount: Number(form.unit_count),
        floorCount: Number(form.floor_count),
        houseCount: Number(form.house_count),
        startFloor: Number(form.start_floor),
      };
      const problem = batchProblem(shape);
      if (problem) throw refused(problem);
      const gardenId = String(form.garden_id);
      let buildingName = isBlank(form.building_name) ? undefined : String(form.building_name).trim();
      if (!isBlank(form.building_id)) {
        const building = await buildingRow(ctx, parseId(form.building_id, 'buildingId'));
        if (String(building.garden_id) !== gardenId) throw badRequest('buildingNotInGarden');
        buildingName = String(building.building_name);
      }
      if (!buildingName) throw badRequest(buildingEntity.fields.buildingName!.required!);
      const floors = batchFloors(shape);
      const planned: PlannedHouse[] = [];
      for (let u = 1; u <= shape.unitCount; u++) {
        for (const { floor, houses } of floors) {
          for (const name of houses) {
            planned.push({
              buildingName,
              unitName: batchUnitName(u),
              floor,
              name,
              builtArea: (form.built_area as string | null) ?? null,
              innerArea: (form.inner_area as string | null) ?? null,
              houseType: (form.house_type as number | null) ?? null,
              houseStatus: (form.house_status as number | null) ?? null,
            });
          }
        }
      }
      const name = buildingName;
      const saved = await ctx.db.transaction().execute(async (tx) => {
        const count = await saveHouses({ ...ctx, db: tx }, gardenId, planned, {
          buildingType: (form.building_type as number | null) ?? null,
          floorCount: lastFloorOf(shape),
        });
        const building = await sql<{ id: string }>`select id from property_building where is_deleted = 0
          and tenant_id = ${ctx.auth.tenantId} and garden_id = ${gardenId} and building_name = ${name}`.execute(tx);
        return { buildingId: String(building.rows[0]!.id), unitCount: shape.unitCount, houseCount: count };
      });
      return data(saved);
    },
  );
}
