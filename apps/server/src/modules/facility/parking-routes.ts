import {
  carEntity,
  carParkingEntity,
  inputOf,
  List,
  ownerEntity,
  parkingEntity,
  parkingSpaceChildEntity,
  parkingSpaceEntity,
  recordOf,
  SPACE_STATUS,
} from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { CrudService, parseId, type CrudContext } from '../../platform/crud/engine';
import { registerCrudRoutes } from '../../platform/crud/routes';
import { data, status } from '../../platform/http/envelope';
import { badRequest } from '../../platform/http/errors';
import { get, idText, params, post } from '../../platform/http/operation';
import { contextOf } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';
import { gardenRow } from '../community/hierarchy';
import { endsBeforeStart, isSet, liveRow, pickOf } from './lookups';

type Body = Record<string, unknown>;
const now = sql`localtimestamp(0)`;

/** Keeps each lot's space_count equal to its live spaces (leaving out `removing`, about to go). */
async function refreshSpaceCounts(ctx: CrudContext, lotIds: unknown[], removing: string[] = []): Promise<void> {
  const ids = [...new Set(lotIds.filter(isSet).map(String))];
  if (ids.length === 0) return;
  const leaving = removing.length ? sql`and s.id not in (${sql.join(removing)})` : sql``;
  await sql`update property_parking p set space_count = (select count(*) from property_parking_space s
      where s.parking_id = p.id and s.is_deleted = 0 ${leaving})
    where p.id in (${sql.join(ids)}) and p.tenant_id = ${ctx.auth.tenantId}`.execute(ctx.db);
}

/** Closes the open parking record of a space (its car left) and opens one for the new car, if any. */
async function recordCarChange(ctx: CrudContext, space: Record<string, unknown>, carId: unknown) {
  await sql`update property_car_parking set unbind_time = ${now}, update_time = ${now}, update_user = ${ctx.auth.userId || null}
    where parking_space_id = ${space.id} and unbind_time is null and is_deleted = 0 and tenant_id = ${ctx.auth.tenantId}`.execute(
    ctx.db,
  );
  if (!isSet(carId)) return;
  await sql`insert into property_car_parking (tenant_id, garden_id, parking_space_id, car_id, owner_id, bind_time,
      create_user, create_dept, update_user)
    values (${ctx.auth.tenantId}, ${space.garden_id}, ${space.id}, ${carId}, ${space.owner_id ?? null}, ${now},
      ${ctx.auth.userId || null}, ${ctx.auth.deptId || null}, ${ctx.auth.userId || null})`.execute(ctx.db);
}

/**
 * Parking lots and spaces (spec §7.7 parking, parkingspace, parkingspacechild,
 * carparking). A space sits in a lot of the caller's garden, may belong to an
 * owner and holds at most one car, and a car stands in at most one space.
 */
export function registerParkingRoutes(app: FastifyInstance, services: Services): void {
  const lots = new CrudService(parkingEntity, {
    async beforeSave(ctx, values, existing) {
      const gardenId = pickOf(values, existing)('garden_id');
      await gardenRow(ctx, gardenId);
      if (existing && String(gardenId) !== String(existing.garden_id) && Number(existing.space_count) > 0)
        throw badRequest('parkingSpacesFixGarden');
    },
    async beforeRemove(ctx, ids) {
      const rows = await sql`select 1 from property_parking_space where is_deleted = 0 and tenant_id = ${ctx.auth.tenantId}
        and parking_id in (${sql.join(ids)}) limit 1`.execute(ctx.db);
      if (rows.rows.length) throw badRequest('parkingHasSpaces');
    },
  });
  // The spec names only parking/detail; the lot screen needs the whole generic set.
  registerCrudRoutes(app, services, parkingEntity, lots);
  // §7.9 names the generic calls of lots and spaces under /blade-resource too: the same rows and rules.
  registerCrudRoutes(app, services, { ...parkingEntity, base: '/blade-resource/parking' }, lots);

  const spaces = new CrudService(parkingSpaceEntity, {
    async beforeSave(ctx, values, existing) {
      const pick = pickOf(values, existing);
      const lot = await liveRow(ctx, parkingEntity, pick('parking_id'), 'parkingMissing');
      values.garden_id = lot.garden_id;
      const state = Number(pick('space_status') ?? SPACE_STATUS.free);
      if (!Object.values(SPACE_STATUS).includes(state as 1)) throw badRequest('spaceStatusInvalid');
      const [ownerId, carId] = [pick('owner_id'), pick('car_id')];
      if (state === SPACE_STATUS.free && (isSet(ownerId) || isSet(carId))) throw badRequest('freeSpaceBound');
      if (isSet(ownerId)) await liveRow(ctx, ownerEntity, ownerId, 'ownerMissing');
      if (!isSet(carId)) return;
      // The car's row is locked, so two spaces saved at once cannot both take it.
      const car = await liveRow(ctx, carEntity, carId, 'carMissing', { lock: true });
      if (isSet(ownerId) && isSet(car.owner_id) && String(car.owner_id) !== String(ownerId)) throw badRequest('carNotOwners');
      if (!isSet(ownerId)) values.owner_id = car.owner_id ?? null;
      const other = await sql<{ name: string; space_no: string }>`select p.name, s.space_no
        from property_parking_space s join property_parking p on p.id = s.parking_id
        where s.car_id = ${carId} and s.is_deleted = 0 and s.tenant_id = ${ctx.auth.tenantId}
          ${existing ? sql`and s.id <> ${existing.id}` : sql``} limit 1`.execute(ctx.db);
      const taken = other.rows[0];
      if (taken) throw badRequest('carInOtherSpace', { parking: taken.name, space: taken.space_no });
    },
    async afterSave(ctx, saved, existing) {
      if (String(saved.car_id ?? '') !== String(existing?.car_id ?? '')) await recordCarChange(ctx, saved, saved.car_id);
      await refreshSpaceCounts(ctx, [saved.parking_id, existing?.parking_id]);
    },
    async beforeRemove(ctx, ids) {
      const rows = await sql<{ id: string; parking_id: string; garden_id: string }>`select id, parking_id, garden_id
        from property_parking_space where is_deleted = 0 and tenant_id = ${ctx.auth.tenantId} and id in (${sql.join(ids)})`.execute(
        ctx.db,
      );
      for (const space of rows.rows) await recordCarChange(ctx, { ...space, owner_id: null }, null);
      await refreshSpaceCounts(
        ctx,
        rows.rows.map((r) => r.parking_id),
        ids,
      );
    },
  });
  registerCrudRoutes(app, services, parkingSpaceEntity, spaces);
  registerCrudRoutes(app, services, { ...parkingSpaceEntity, base: '/blade-resource/parkingspace', routes: undefined }, spaces);
  const base = `/api${parkingSpaceEntity.base}`;
  const tags = [parkingSpaceEntity.label.en];

  // Adding and changing are separate calls (spec §7.7): save never updates, update never adds.
  const spaceInput = inputOf(parkingSpaceEntity);
  const save = post({ tags, summary: 'Add a parking space (never updates: an id is ignored)', body: spaceInput, form: true });
  app.post(`${base}/save`, save, async (req) => {
    const ctx = await contextOf(services, req);
    ctx.require(parkingSpaceEntity, 'add');
    await spaces.submit(ctx, { ...((req.body ?? {}) as Body), id: undefined });
    return status(true);
  });
  const update = post({ tags, summary: 'Change a parking space (id required; never adds)', body: spaceInput, form: true });
  app.post(`${base}/update`, update, async (req) => {
    const ctx = await contextOf(services, req);
    ctx.require(parkingSpaceEntity, 'edit');
    const body = (req.body ?? {}) as Body;
    parseId(body.id);
    await spaces.submit(ctx, body);
    return status(true);
  });
  const ofOwner = get({
    tags,
    summary: "An owner's parking spaces, unpaged",
    query: params({ ownerId: idText('the owner') }, ['ownerId']),
    data: List(recordOf(parkingSpaceEntity)),
  });
  app.get(`${base}/list-all`, ofOwner, async (req) => {
    const ctx = await contextOf(services, req);
    ctx.require(parkingSpaceEntity, 'view');
    const ownerId = parseId((req.query as Body).ownerId, 'ownerId');
    return data(await spaces.all(ctx, {}, [sql`owner_id = ${ownerId}`], 1000));
  });

  registerCrudRoutes(
    app,
    services,
    parkingSpaceChildEntity,
    new CrudService(parkingSpaceChildEntity, { beforeSave: checkPeriod }),
  );
  registerCarParkingRoutes(app, services, spaces);
}

/** A sale or lease period: of a live space, for a live owner, ending after it starts, overlapping no other. */
async function checkPeriod(ctx: CrudContext, values: Body, existing: Body | undefined): Promise<void> {
  const pick = pickOf(values, existing);
  const space = await liveRow(ctx, parkingSpaceEntity, pick('parking_space_id'), 'spaceMissing');
  values.garden_id = space.garden_id;
  await liveRow(ctx, ownerEntity, pick('owner_id'), 'ownerMissing');
  const holdType = Number(pick('hold_type'));
  if (holdType !== 1 && holdType !== 2) throw badRequest('holdTypeInvalid');
  const [start, end] = [pick('start_date'), pick('end_date')];
  if (holdType === 2 && !isSet(end)) throw badRequest('leaseEndDateRequired');
  if (await endsBeforeStart(ctx, start, end)) throw badRequest('endBeforeStart');
  const overlap = await sql`select 1 from property_parking_space_child where is_deleted = 0 and tenant_id = ${ctx.auth.tenantId}
      and parking_space_id = ${space.id} ${existing ? sql`and id <> ${existing.id}` : sql``}
      and start_date <= coalesce(${isSet(end) ? end : null}::date, 'infinity'::date)
      and coalesce(end_date, 'infinity'::date) >= ${start}::date limit 1`.execute(ctx.db);
  if (overlap.rows.length) throw badRequest('holdOverlap');
}

/**
 * carparking: the history of which car stood in which space. Adding a record
 * parks the car in the space (the same rules and history as the space's own
 * carId); a record is otherwise changed only in its remark, and an open one
 * (the car still there) cannot be removed.
 */
function registerCarParkingRoutes(app: FastifyInstance, services: Services, spaces: CrudService): void {
  const records = new CrudService(carParkingEntity, {
    async beforeRemove(ctx, ids) {
      const open = await sql`select 1 from property_car_parking where is_deleted = 0 and tenant_id = ${ctx.auth.tenantId}
        and unbind_time is null and id in (${sql.join(ids)}) limit 1`.execute(ctx.db);
      if (open.rows.length) throw badRequest('carStillParked');
    },
  });
  registerCrudRoutes(app, services, carParkingEntity, records, { except: ['submit'] });
  app.post(
    `/api${carParkingEntity.base}/submit`,
    post({
      tags: [carParkingEntity.label.en],
      summary: 'Park a car in a space, or change a record’s remark',
      description:
        'Without id: parks carId in parkingSpaceId (the space’s rules and history, as setting its car); with id: changes only the remark.',
      body: params({
        id: { type: ['string', 'integer', 'null'], description: 'a record: change its remark' },
        parkingSpaceId: idText('the space (when adding)'),
        carId: idText('the car (when adding)'),
        remark: { type: ['string', 'null'], maxLength: 500 },
      }),
      form: true,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      const body = (req.body ?? {}) as Body;
      if (isSet(body.id)) {
        ctx.require(carParkingEntity, 'edit');
        await records.submit(ctx, { id: body.id, remark: body.remark });
        return status(true);
      }
      ctx.require(carParkingEntity, 'add');
      if (!isSet(body.parkingSpaceId)) throw badRequest('spaceRequired');
      if (!isSet(body.carId)) throw badRequest('carRequired');
      const space = await spaces.findRow(ctx, parseId(body.parkingSpaceId, 'parkingSpaceId'));
      if (!space) throw badRequest('spaceMissing');
      const occupied = Number(space.space_status) === SPACE_STATUS.free ? SPACE_STATUS.occupied : space.space_status;
      await spaces.submit(ctx, { id: String(space.id), carId: body.carId, spaceStatus: occupied });
      return status(true);
    },
  );
}
