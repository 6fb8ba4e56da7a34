import {
  BindingsAdded,
  familyEntity,
  inputOf,
  List,
  listQueryOf,
  Nullable,
  ownerEntity,
  OwnerWithHouses,
  Page,
  recordOf,
  Resident,
  ResidentSums,
  withNamesOf,
} from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { parseId, toJson, type CrudContext, type Row } from '../../platform/crud/engine';
import { idsQuery, registerCrudRoutes } from '../../platform/crud/routes';
import { data, status } from '../../platform/http/envelope';
import { get, idText, params, post, text } from '../../platform/http/operation';
import { contextOf } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';
import { families } from './households';
import { idList, softRemoveWhere, withNames } from './links';
import { owners } from './owners';
import { bindHouses, bindOptionsOf } from './ownerships';
import { allResidents, pageResidents, residentSums } from './residents';

type Body = Record<string, unknown>;
const tags = [ownerEntity.label.en];

/** The header's garden selector: owners bound to a house there, or belonging there while unbound. */
export function ownersOfGarden(ctx: CrudContext, query: Body) {
  const raw = query.gardenId;
  if (raw === undefined || raw === '') return [];
  const gardenId = parseId(raw, 'gardenId');
  return [
    sql`(garden_id = ${gardenId} or id in (select owner_id from property_ownership where is_deleted = 0
      and tenant_id = ${ctx.auth.tenantId} and garden_id = ${gardenId}))`,
  ];
}

/** An owner with the houses they are bound to (detail screens). */
export async function ownerWithHouses(ctx: CrudContext, row: Row): Promise<Row> {
  const houses = await sql<Row>`select s.id, s.house_id, s.owner_type, s.check_in_time, h.house_name, s.garden_id
    from property_ownership s join property_house h on h.id = s.house_id
    where s.is_deleted = 0 and s.tenant_id = ${ctx.auth.tenantId} and s.owner_id = ${row.id}
    order by h.house_name`.execute(ctx.db);
  return {
    ...toJson(ownerEntity, row),
    houses: houses.rows.map((h) => ({
      ownershipId: String(h.id),
      houseId: String(h.house_id),
      houseName: h.house_name,
      gardenId: String(h.garden_id),
      ownerType: h.owner_type,
      checkInTime: h.check_in_time,
    })),
  };
}

/**
 * /owner (spec §7.6, and owner/detail of §7.3): owners with their generic
 * calls, the residents of houses, the garden's numbers, house binding and the
 * family calls of the owner screen. Like every call, they need only the
 * Blade-Auth token (§6: the console sends them without the Basic header).
 */
export function registerOwnerRoutes(app: FastifyInstance, services: Services): void {
  const base = `/api${ownerEntity.base}`;
  registerCrudRoutes(app, services, ownerEntity, owners, { except: ['list', 'page', 'detail'] });

  for (const name of ['list', 'page']) {
    const declared = get({
      tags,
      summary: 'Owners, paged, narrowed by the header garden',
      description: 'gardenId: owners bound to a house of that garden, or belonging to it while unbound.',
      query: listQueryOf(ownerEntity),
      data: Page(recordOf(ownerEntity)),
    });
    app.get(`${base}/${name}`, declared, async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(ownerEntity, 'view');
      const query = req.query as Body;
      return data(await owners.page(ctx, query, { skip: ['gardenId'], extra: ownersOfGarden(ctx, query) }));
    });
  }

  const detail = get({
    tags,
    summary: 'An owner with their houses, by id or ownerId',
    query: params({ id: idText('the owner'), ownerId: idText('the owner, when id is not sent') }),
    data: Nullable(OwnerWithHouses),
  });
  app.get(`${base}/detail`, detail, async (req) => {
    const ctx = await contextOf(services, req);
    ctx.require(ownerEntity, 'view');
    const query = req.query as Body;
    const row = await owners.findRow(ctx, parseId(query.id ?? query.ownerId, 'id'));
    return data(row ? await ownerWithHouses(ctx, row) : null);
  });

  app.get(
    `${base}/user-list`,
    get({
      tags,
      summary: 'Owners, family members and lessees in one paged list',
      query: params({
        current: { type: 'integer', minimum: 1, default: 1 },
        size: { type: 'integer', minimum: 1, maximum: 1000, default: 10 },
        houseId: idText('people of this house'),
        gardenId: idText('people of this garden'),
        ownerId: idText('this owner and the people of their houses'),
        type: text('1 owners, 2 family members, 3 lessees'),
        name: text('name contains'),
        phone: text('phone contains'),
      }),
      data: Page(Resident),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(ownerEntity, 'view');
      return data(await pageResidents(ctx, req.query as Body));
    },
  );

  const houseUsers = get({
    tags,
    summary: 'Everyone living in a house, with a type',
    query: params({ houseId: idText('the house') }, ['houseId']),
    data: List(Resident),
  });
  app.get(`${base}/get-house-all-user`, houseUsers, async (req) => {
    const ctx = await contextOf(services, req);
    ctx.require(ownerEntity, 'view');
    const query = req.query as Body;
    return data(await allResidents(ctx, { houseId: parseId(query.houseId, 'houseId') }));
  });

  const sums = get({
    tags,
    summary: 'Owners, houses, families, lessees and cars of a garden',
    query: params({ gardenId: idText('the garden; none: every garden') }),
    data: ResidentSums,
  });
  app.get(`${base}/sum`, sums, async (req) => {
    const ctx = await contextOf(services, req);
    ctx.require(ownerEntity, 'view');
    const raw = (req.query as Body).gardenId;
    return data(await residentSums(ctx, raw === undefined || raw === '' ? undefined : parseId(raw, 'gardenId')));
  });

  registerSaveBind(app, services, base);

  const familyList = get({
    tags,
    summary: 'Family members (ownerId, houseId...), unpaged',
    query: listQueryOf(familyEntity),
    data: List(withNamesOf(familyEntity)),
  });
  app.get(`${base}/family-list`, familyList, async (req) => {
    const ctx = await contextOf(services, req);
    ctx.require(familyEntity, 'view');
    return data(await withNames(ctx, await families.all(ctx, req.query as Body, [], 5000)));
  });

  const submitFamily = post({ tags, summary: 'Add or update a family member', body: inputOf(familyEntity), form: true });
  app.post(`${base}/submit-family`, submitFamily, async (req) => {
    const ctx = await contextOf(services, req);
    const body = (req.body ?? {}) as Body;
    ctx.require(familyEntity, body.id ? 'edit' : 'add');
    await families.submit(ctx, body);
    return status(true);
  });

  const familyRemove = post({
    tags,
    summary: 'Remove family members',
    description: 'ids may travel in a form or JSON body instead.',
    query: idsQuery(),
  });
  app.post(`${base}/family-remove`, familyRemove, async (req) => {
    const ctx = await contextOf(services, req);
    ctx.require(familyEntity, 'delete');
    await families.remove(ctx, (req.query as Body).ids ?? (req.body as Body | undefined)?.ids);
    return status(true);
  });

  app.post(
    `${base}/family-remove-by-userId`,
    post({
      tags,
      summary: 'Remove the family rows of an app account',
      description: 'The parameters may travel in a form or JSON body instead.',
      query: params({ userId: idText('the app account'), houseId: idText('only the rows of this house') }, ['userId']),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(familyEntity, 'delete');
      const params = { ...((req.body ?? {}) as Body), ...(req.query as Body) };
      const userId = parseId(params.userId, 'userId');
      const houseId = params.houseId === undefined || params.houseId === '' ? undefined : parseId(params.houseId, 'houseId');
      const where = houseId ? sql`user_id = ${userId} and house_id = ${houseId}` : sql`user_id = ${userId}`;
      await softRemoveWhere(ctx, 'property_family', where);
      return status(true);
    },
  );
}

/** Houses to bind and the binding's own fields. */
export const bindBody = {
  type: 'object',
  properties: {
    ownerId: { type: ['string', 'integer'], pattern: '^\\d{1,19}$', description: 'the owner' },
    houseIds: {
      type: ['string', 'array'],
      items: { type: ['string', 'integer'] },
      description: 'houses: an array or comma-joined (houseId is taken too)',
    },
    houseId: { type: ['string', 'integer'], description: 'one house, when houseIds is not sent' },
    ownerType: {
      type: ['integer', 'string', 'null'],
      description: 'the binding’s owner type (dictionary owner_type); default 1',
    },
    checkInTime: { type: ['string', 'null'], description: 'check-in date, yyyy-MM-dd' },
  },
  required: ['ownerId'],
};

/**
 * save-bind (both bases): { ownerId, houseIds (array or "1,2"), ownerType?,
 * checkInTime? } binds the owner to every house not yet bound, all or
 * nothing. Needs the owner screen's 绑定房屋 button.
 */
export function registerSaveBind(app: FastifyInstance, services: Services, base: string): void {
  const saveBind = post({
    tags,
    summary: 'Bind an owner to houses',
    description: 'Needs the owner_bind button. Binds every house not yet bound, all or nothing.',
    body: bindBody,
    form: true,
    data: BindingsAdded,
  });
  app.post(`${base}/save-bind`, saveBind, async (req) => {
    const ctx = await contextOf(services, req);
    ctx.requireCode('owner_bind');
    const body = (req.body ?? {}) as Body;
    const ownerId = parseId(body.ownerId, 'ownerId');
    const houseIds = idList(body.houseIds ?? body.houseId, 'houseIds');
    const options = bindOptionsOf(body);
    const added = await ctx.db.transaction().execute((tx) => bindHouses({ ...ctx, db: tx }, ownerId, houseIds, options));
    return data({ added });
  });
}
