import {
  batchFloors,
  batchProblem,
  batchUnitName,
  buildingBatchForm,
  buildingEntity,
  isBlank,
  lastFloorOf,
  unitEntity,
  type BatchShape,
  type EntityDef,
} from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { CrudService, parseId } from '../../platform/crud/engine';
import { registerCrudRoutes } from '../../platform/crud/routes';
import { validateBody } from '../../platform/crud/validate';
import { data } from '../../platform/http/envelope';
import { badRequest } from '../../platform/http/errors';
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
    { schema: { tags: [entity.label.en], summary: `${entity.label.zh} search (unpaged)` } },
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
        throw badRequest('该楼栋下已有单元,不能更换所属小区');
    },
    async afterSave(ctx, saved, existing) {
      if (existing && saved.building_name !== existing.building_name)
        await refreshHouseNames(ctx, { buildingId: String(saved.id) });
    },
    async beforeRemove(ctx, ids) {
      if (await anyLive(ctx, 'property_house', 'building_id', ids)) throw badRequest('该楼栋下存在房屋,请先删除房屋');
      // Empty units go with their building: nothing is left pointing at a removed building.
      await sql`update property_unit set is_deleted = 1, update_user = ${ctx.auth.userId || null}, update_time = localtimestamp(0)
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
        throw badRequest('该单元下已有房屋,不能更换所属楼栋');
      values.garden_id = building.garden_id;
    },
    async afterSave(ctx, saved, existing) {
      if (existing && saved.unit_name !== existing.unit_name) await refreshHouseNames(ctx, { unitId: String(saved.id) });
    },
    async beforeRemove(ctx, ids) {
      if (await anyLive(ctx, 'property_house', 'unit_id', ids)) throw badRequest('该单元下存在房屋,请先删除房屋');
    },
  });
  registerCrudRoutes(app, services, unitEntity, unitService);
  registerSearch(app, services, unitEntity, unitService);

  app.post(
    `/api${buildingEntity.base}/batchsave`,
    { schema: { tags: [buildingEntity.label.en], summary: 'A building with its units and numbered houses, all or nothing' } },
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
      if (problem) throw badRequest(problem);
      const gardenId = String(form.garden_id);
      let buildingName = isBlank(form.building_name) ? undefined : String(form.building_name).trim();
      if (!isBlank(form.building_id)) {
        const building = await buildingRow(ctx, parseId(form.building_id, 'buildingId'));
        if (String(building.garden_id) !== gardenId) throw badRequest('所选楼栋不属于该小区');
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
