import { familyEntity, ownerEntity } from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { parseId, toJson, type CrudContext, type Row } from '../../platform/crud/engine';
import { registerCrudRoutes } from '../../platform/crud/routes';
import { data, status } from '../../platform/http/envelope';
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
    app.get(`${base}/${name}`, { schema: { tags, summary: `Owners (${name}), narrowed by the header garden` } }, async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(ownerEntity, 'view');
      const query = req.query as Body;
      return data(await owners.page(ctx, query, { skip: ['gardenId'], extra: ownersOfGarden(ctx, query) }));
    });
  }

  app.get(`${base}/detail`, { schema: { tags, summary: 'An owner with their houses, by id or ownerId' } }, async (req) => {
    const ctx = await contextOf(services, req);
    ctx.require(ownerEntity, 'view');
    const query = req.query as Body;
    const row = await owners.findRow(ctx, parseId(query.id ?? query.ownerId, 'id'));
    return data(row ? await ownerWithHouses(ctx, row) : null);
  });

  app.get(
    `${base}/user-list`,
    { schema: { tags, summary: 'Owners, family members and lessees in one paged list' } },
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(ownerEntity, 'view');
      return data(await pageResidents(ctx, req.query as Body));
    },
  );

  app.get(`${base}/get-house-all-user`, { schema: { tags, summary: 'Everyone living in a house, with a type' } }, async (req) => {
    const ctx = await contextOf(services, req);
    ctx.require(ownerEntity, 'view');
    const query = req.query as Body;
    return data(await allResidents(ctx, { houseId: parseId(query.houseId, 'houseId') }));
  });

  app.get(`${base}/sum`, { schema: { tags, summary: 'Owners, houses, families, lessees and cars of a garden' } }, async (req) => {
    const ctx = await contextOf(services, req);
    ctx.require(ownerEntity, 'view');
    const raw = (req.query as Body).gardenId;
    return data(await residentSums(ctx, raw === undefined || raw === '' ? undefined : parseId(raw, 'gardenId')));
  });

  registerSaveBind(app, services, base);

  app.get(`${base}/family-list`, { schema: { tags, summary: 'Family members (ownerId, houseId...), unpaged' } }, async (req) => {
    const ctx = await contextOf(services, req);
    ctx.require(familyEntity, 'view');
    return data(await withNames(ctx, await families.all(ctx, req.query as Body, [], 5000)));
  });

  app.post(`${base}/submit-family`, { schema: { tags, summary: 'Add or update a family member' } }, async (req) => {
    const ctx = await contextOf(services, req);
    const body = (req.body ?? {}) as Body;
    ctx.require(familyEntity, body.id ? 'edit' : 'add');
    await families.submit(ctx, body);
    return status(true);
  });

  app.post(`${base}/family-remove`, { schema: { tags, summary: 'Remove family members (ids)' } }, async (req) => {
    const ctx = await contextOf(services, req);
    ctx.require(familyEntity, 'delete');
    await families.remove(ctx, (req.query as Body).ids ?? (req.body as Body | undefined)?.ids);
    return status(true);
  });

  app.post(
    `${base}/family-remove-by-userId`,
    { schema: { tags, summary: 'Remove the family rows of an app account (userId; houseId to limit to one house)' } },
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

/**
 * save-bind (both bases): { ownerId, houseIds (array or "1,2"), ownerType?,
 * checkInTime? } binds the owner to every house not yet bound, all or
 * nothing. Needs the owner screen's 绑定房屋 button.
 */
export function registerSaveBind(app: FastifyInstance, services: Services, base: string): void {
  app.post(`${base}/save-bind`, { schema: { tags, summary: 'Bind an owner to houses' } }, async (req) => {
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
