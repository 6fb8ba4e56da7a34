import {
  EPIDEMIC_ENTITIES,
  epidemicConfigEntity,
  epidemicFamilyEntity,
  epidemicInfoEntity,
  epidemicPointEntity,
  epidemicUserEntity,
  houseEntity,
  ISOLATION,
  List,
  listQueryOf,
  recordOf,
  RegionOption,
} from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { writeAudit } from '../../platform/crud/audit';
import { CrudService, NEXT_UPDATE_TIME, type CrudContext, type Row } from '../../platform/crud/engine';
import { registerCrudRoutes } from '../../platform/crud/routes';
import { data } from '../../platform/http/envelope';
import { badRequest } from '../../platform/http/errors';
import { get, params, text } from '../../platform/http/operation';
import { contextOf } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';
import { gardenRow } from '../community/hierarchy';
import { endsBeforeStart, isSet, liveRow, pickOf } from '../facility/lookups';
import { regionChildren } from '../system/region-routes';
import { changes, checkHealthCode, gardenRule, hasAbnormalFamily, oneDecimal, ownMark } from './health';

type Query = Record<string, unknown>;
const HOUR_MINUTE = /^([01]\d|2[0-3]):[0-5]\d$/;
const MAX_ISOLATION_DAYS = 90;

/** A point of the caller's (tenant, gardens, scope) in the garden a row names. */
async function pointIn(ctx: CrudContext, pointId: unknown, gardenId: unknown): Promise<Row> {
  const point = await liveRow(ctx, epidemicPointEntity, pointId, 'epidemicPointMissing');
  if (String(point.garden_id) !== String(gardenId)) throw badRequest('epidemicPointNotInGarden');
  return point;
}

/** Points: hours HH:mm, closing after opening; a point staff or registrations name stays (close it instead). */
const points = new CrudService(epidemicPointEntity, {
  async beforeSave(ctx, values, existing) {
    const pick = pickOf(values, existing);
    await gardenRow(ctx, pick('garden_id'));
    const [open, close] = [pick('open_time'), pick('close_time')];
    for (const hour of [open, close])
      if (isSet(hour) && !HOUR_MINUTE.test(String(hour))) throw badRequest('epidemicHoursInvalid');
    if (isSet(open) && isSet(close) && String(close) <= String(open)) throw badRequest('epidemicHoursInvalid');
  },
  async beforeRemove(ctx, ids) {
    const used = await sql`select 1 from ${sql.table(epidemicUserEntity.table)} where tenant_id = ${ctx.auth.tenantId}
        and is_deleted = 0 and epidemic_point_id in (${sql.join(ids)})
      union all select 1 from ${sql.table(epidemicInfoEntity.table)} where tenant_id = ${ctx.auth.tenantId}
        and is_deleted = 0 and epidemic_point_id in (${sql.join(ids)}) limit 1`.execute(ctx.db);
    if (used.rows.length > 0) throw badRequest('epidemicPointInUse');
  },
});

/** Staff work at a point of their own garden. */
const staff = new CrudService(epidemicUserEntity, {
  async beforeSave(ctx, values, existing) {
    const pick = pickOf(values, existing);
    await gardenRow(ctx, pick('garden_id'));
    await pointIn(ctx, pick('epidemic_point_id'), pick('garden_id'));
  },
});

/** One configuration per garden (the unique rule); isolation lasts 0 to 90 days. */
const configs = new CrudService(epidemicConfigEntity, {
  present: (row) => oneDecimal(row, ['temperature_limit']),
  async beforeSave(ctx, values, existing) {
    const pick = pickOf(values, existing);
    await gardenRow(ctx, pick('garden_id'));
    if (Number(pick('isolation_days')) > MAX_ISOLATION_DAYS) throw badRequest('isolationDaysInvalid');
  },
});

/**
 * The names of a region code from its province down ("广东省/深圳市"), or a 400 when
 * no live region has that code: the picker's codes are the system's regions.
 */
async function regionName(ctx: CrudContext, code: string): Promise<string> {
  const names: string[] = [];
  let current = code;
  // Region codes nest a few levels at most; the bound keeps a looping parent chain from running on.
  for (let level = 0; level < 6 && current !== '00' && current !== ''; level++) {
    const rows = await sql<{ name: string; parent_code: string }>`select name, parent_code from blade_region
      where code = ${current} and is_deleted = 0 limit 1`.execute(ctx.db);
    const region = rows.rows[0];
    if (!region) throw badRequest('epidemicRegionMissing');
    names.unshift(region.name);
    current = region.parent_code;
  }
  return names.join('/');
}

/** Isolation: none clears its dates; at home or central needs a start, and an end not before it. */
async function checkIsolation(ctx: CrudContext, values: Row, existing: Row | undefined): Promise<void> {
  const pick = pickOf(values, existing);
  const type = Number(pick('isolation_type') ?? ISOLATION.none);
  if (!Object.values(ISOLATION).includes(type as 0)) throw badRequest('isolationTypeInvalid');
  if (type === ISOLATION.none) {
    values.isolation_start = null;
    values.isolation_end = null;
    return;
  }
  if (!isSet(pick('isolation_start'))) throw badRequest('isolationStartRequired');
  if (await endsBeforeStart(ctx, pick('isolation_start'), pick('isolation_end'))) throw badRequest('endBeforeStart');
}

/** Household members of registrations, judged by their registration's limit; the registration's mark follows theirs. */
const family: CrudService = new CrudService(epidemicFamilyEntity, {
  present: (row) => oneDecimal(row, ['temperature']),
  async beforeSave(ctx, values, existing) {
    // A member stays with the registration they were added to.
    if (existing) delete values.epidemic_info_id;
    const info = await liveRow(ctx, epidemicInfoEntity, pickOf(values, existing)('epidemic_info_id'), 'epidemicInfoMissing', {
      lock: true,
    });
    checkHealthCode(pickOf(values, existing)('health_code'));
    values.garden_id = info.garden_id;
    const pick = pickOf(values, existing);
    values.abnormal = ownMark({
      temperature: pick('temperature'),
      health_code: pick('health_code'),
      temperature_limit: info.temperature_limit,
    });
  },
  async afterSave(ctx, saved) {
    await remark(ctx, String(saved.epidemic_info_id));
  },
  async beforeRemove(ctx, ids) {
    const parents = await sql<{ id: string }>`select distinct epidemic_info_id as id from ${sql.table(epidemicFamilyEntity.table)}
      where id in (${sql.join(ids)})`.execute(ctx.db);
    for (const parent of parents.rows) await remark(ctx, String(parent.id), ids);
  },
});

/**
 * A registration's stored mark after its household changed: its own (by the limit it was judged by) or any
 * abnormal member's. Written through the engine (audit trail) only when it changes.
 */
async function remark(ctx: CrudContext, infoId: string, leavingOut: string[] = []): Promise<void> {
  const info = await registrations.findRow(ctx, infoId, true);
  if (!info) return;
  const mark = ownMark(info) || ((await hasAbnormalFamily(ctx, infoId, leavingOut)) ? 1 : 0);
  if (Number(info.abnormal) !== mark) await registrations.update(ctx, infoId, { abnormal: mark }, info);
}

/**
 * Registrations. The house and point are the garden's; the region a known code (its names kept); the health code
 * required when the garden's configuration says so. The abnormal mark is set here (see epidemicInfoEntity): a new
 * registration, or one whose temperature, health code or garden changes, is judged by its garden's limit today and
 * keeps that limit; any other edit keeps the judgement it had.
 */
const registrations: CrudService = new CrudService(epidemicInfoEntity, {
  present: (row) => oneDecimal(row, ['temperature', 'temperature_limit']),
  async beforeSave(ctx, values, existing) {
    const pick = pickOf(values, existing);
    const gardenId = pick('garden_id');
    await gardenRow(ctx, gardenId);
    if (isSet(pick('house_id'))) {
      const house = await liveRow(ctx, houseEntity, pick('house_id'), 'houseMissing');
      if (String(house.garden_id) !== String(gardenId)) throw badRequest('houseNotInGarden');
    }
    if (isSet(pick('epidemic_point_id'))) await pointIn(ctx, pick('epidemic_point_id'), gardenId);
    checkHealthCode(pick('health_code'));
    await checkIsolation(ctx, values, existing);
    if ('from_region' in values) {
      values.from_region_name = isSet(values.from_region) ? await regionName(ctx, String(values.from_region)) : null;
    }
    if (!existing && !isSet(values.register_time)) values.register_time = sql`localtimestamp(0)`;
    let limit = existing?.temperature_limit;
    if (changes(values, existing, ['temperature', 'health_code', 'garden_id'], ['temperature'])) {
      const rule = await gardenRule(ctx, gardenId);
      if (rule.healthCodeRequired && !isSet(pick('health_code'))) throw badRequest('healthCodeRequired');
      limit = values.temperature_limit = rule.limit;
    }
    const own = ownMark({ temperature: pick('temperature'), health_code: pick('health_code'), temperature_limit: limit });
    values.abnormal = own || (existing && (await hasAbnormalFamily(ctx, existing.id)) ? 1 : 0);
  },
  async beforeRemove(ctx, ids) {
    // The household goes with its registration, in the same transaction and audit trail: the caller's members only.
    const removed = await sql<Row>`update ${sql.table(epidemicFamilyEntity.table)} set is_deleted = 1,
        update_user = ${ctx.auth.userId || null}, update_time = ${NEXT_UPDATE_TIME}
      where epidemic_info_id in (${sql.join(ids)}) and ${family.scope(ctx)} returning *`.execute(ctx.db);
    await writeAudit(
      ctx,
      epidemicFamilyEntity,
      removed.rows.map((after) => ({ action: 'remove' as const, before: { ...after, is_deleted: 0 }, after })),
    );
  },
});

/** list-all (every point, unpaged, for pickers) and the region picker: read by whoever works on any epidemic screen. */
function registerPickers(app: FastifyInstance, services: Services): void {
  app.get(
    `/api${epidemicPointEntity.base}/list-all`,
    get({
      tags: [epidemicPointEntity.label.en],
      summary: 'Every control point the caller may see, unpaged (pickers)',
      description:
        'The list filters (gardenId for one garden), in the list order, at most 10,000 rows. Needs any of the epidemicpoint, epidemicuser, epidemicinfo, epidemicconfig menus.',
      query: listQueryOf(epidemicPointEntity),
      data: List(recordOf(epidemicPointEntity)),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.requireViewOfAny(EPIDEMIC_ENTITIES);
      return data(await points.all(ctx, req.query as Query));
    },
  );
  app.get(
    '/api/epidemic-control/epidemic-region/select',
    get({
      tags: [epidemicInfoEntity.label.en],
      summary: 'Children of a region code, for the from-region cascader',
      description:
        'The system’s regions (blade_region, as region/lazy-tree answers them): the provinces without a code, else the children of that code (none for a code without children or unknown). Needs any epidemic menu.',
      query: params({ code: text('the parent region code; empty or 00: the provinces') }),
      data: List(RegionOption),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.requireViewOfAny(EPIDEMIC_ENTITIES);
      const code = String((req.query as Query).code ?? '').trim();
      return data(await regionChildren(ctx.db, code || '00'));
    },
  );
}

/** Epidemic control (spec §7.9 /epidemic-control): the generic calls of its five entities and the two pickers. */
export function registerEpidemicRoutes(app: FastifyInstance, services: Services): void {
  registerCrudRoutes(app, services, epidemicPointEntity, points, { except: ['page'] });
  registerCrudRoutes(app, services, epidemicUserEntity, staff, { except: ['page'] });
  registerCrudRoutes(app, services, epidemicConfigEntity, configs, { except: ['page'] });
  registerCrudRoutes(app, services, epidemicInfoEntity, registrations, { except: ['page'] });
  registerCrudRoutes(app, services, epidemicFamilyEntity, family, { except: ['page'] });
  registerPickers(app, services);
}
