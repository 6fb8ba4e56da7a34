import {
  citizenUserEntity,
  houseEntity,
  HouseWithOwners,
  HouseWithResidents,
  inputOf,
  isBlank,
  listQueryOf,
  Nullable,
  inputWith,
  ownerEntity,
  ownershipEntity,
  Page,
  recordOf,
  SavedId,
} from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { parseId, parseIds, type CrudContext, type Row } from '../../platform/crud/engine';
import { data, status } from '../../platform/http/envelope';
import { badRequest } from '../../platform/http/errors';
import { get, idText, params, post, text } from '../../platform/http/operation';
import { contextOf } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';
import { houses } from '../community/hierarchy';
import { houseWithNames } from '../community/index';
import { citizenUserService } from './citizen-users';
import { houseIdsOfOwner, idList, ownerRow } from './links';
import { owners, ownerService } from './owners';
import { bindHouses, bindOptionsOf, ownershipIdsOf, ownerships } from './ownerships';
import { bindBody, ownersOfGarden, registerSaveBind } from './owner-routes';
import { allResidents } from './residents';

type Body = Record<string, unknown>;
const tags = [ownerEntity.label.en];

/** The owners of each house of a page, in one query: [{ ownershipId, ownerId, name, phone, ownerType, checkInTime }]. */
async function withOwners(ctx: CrudContext, rows: Row[]): Promise<Row[]> {
  const ids = rows.map((r) => String(r.id));
  if (ids.length === 0) return rows;
  const found = await sql<Row>`select s.id, s.house_id, s.owner_id, s.owner_type, s.check_in_time, o.name, o.phone
    from property_ownership s join property_owner o on o.id = s.owner_id and o.is_deleted = 0
    where s.is_deleted = 0 and s.tenant_id = ${ctx.auth.tenantId} and s.house_id in (${sql.join(ids)})
    order by s.create_time, s.id`.execute(ctx.db);
  const byHouse = new Map<string, Row[]>();
  for (const s of found.rows) {
    const list = byHouse.get(String(s.house_id)) ?? [];
    list.push({
      ownershipId: String(s.id),
      ownerId: String(s.owner_id),
      name: s.name,
      phone: s.phone,
      ownerType: s.owner_type,
      checkInTime: s.check_in_time,
    });
    byHouse.set(String(s.house_id), list);
  }
  return rows.map((r) => ({ ...r, owners: byHouse.get(String(r.id)) ?? [] }));
}

/**
 * /system-property/owner (spec §7.6): the owner screen's house side. listHouse
 * pages the houses of an owner (ownerId) or of a garden, building or unit,
 * each with its owners; the rest bind, unbind and save owners with houses.
 */
export function registerOwnerHouseRoutes(app: FastifyInstance, services: Services): void {
  const base = '/api/system-property/owner';
  registerSaveBind(app, services, base);
  // save binds the owner being saved: the bind body's fields but its ownerId.
  const { ownerId: _bound, ...bindFields } = bindBody.properties;
  void _bound;

  app.get(
    `${base}/listHouse`,
    get({
      tags,
      summary: 'Houses of an owner or of a garden/building/unit, with owners, paged',
      query: listQueryOf(houseEntity, { ownerId: idText('the houses this owner is bound to') }),
      data: Page(HouseWithOwners),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(ownerEntity, 'view');
      const query = req.query as Body;
      const extra = [];
      if (!isBlank(query.ownerId)) {
        const ids = await houseIdsOfOwner(ctx, parseId(query.ownerId, 'ownerId'));
        extra.push(ids.length > 0 ? sql`id in (${sql.join(ids)})` : sql`false`);
      }
      const page = await houses.page(ctx, query, { skip: ['ownerId'], extra });
      return data({ ...page, records: await withOwners(ctx, page.records) });
    },
  );

  app.get(
    `${base}/detailhouse`,
    get({
      tags,
      summary: 'A house with its names and everyone living there',
      query: params({ houseId: idText('the house'), id: idText('the house, when houseId is not sent') }),
      data: Nullable(HouseWithResidents),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(ownerEntity, 'view');
      const query = req.query as Body;
      const row = await houses.findRow(ctx, parseId(query.houseId ?? query.id, 'houseId'));
      if (!row) return data(null);
      return data({ ...(await houseWithNames(ctx, row)), users: await allResidents(ctx, { houseId: String(row.id) }) });
    },
  );

  app.post(
    `${base}/removeByHouseIds`,
    post({
      tags,
      summary: 'Unbind houses from an owner, or from all their owners',
      description:
        'Needs the owner_bind button. The owner’s family members in those houses go too; cars and lessees stay, unlinked. The parameters may travel in a form or JSON body instead.',
      query: params({ ids: text('comma-separated house ids'), ownerId: idText('only this owner’s bindings') }, ['ids']),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.requireCode('owner_bind');
      const params = { ...((req.body ?? {}) as Body), ...(req.query as Body) };
      const houseIds = parseIds(params.ids);
      const ownerIds = isBlank(params.ownerId) ? undefined : [parseId(params.ownerId, 'ownerId')];
      const ids = await ownershipIdsOf(ctx, { houseIds, ownerIds });
      if (ids.length > 0) await ownerships.remove(ctx, ids.join(','));
      return status(true);
    },
  );

  app.post(
    `${base}/save`,
    post({
      tags,
      summary: 'Add or update an owner together with houses to bind',
      description:
        'The owner’s fields as owner/submit takes them, plus houseIds (needs the owner_bind button), ownerType and checkInTime of the new bindings; one transaction.',
      body: inputWith(inputOf(ownerEntity), bindFields),
      form: true,
      data: SavedId,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      const body = (req.body ?? {}) as Body;
      ctx.require(ownerEntity, body.id ? 'edit' : 'add');
      const houseIds = isBlank(body.houseIds) ? [] : idList(body.houseIds, 'houseIds');
      if (houseIds.length > 0) ctx.requireCode('owner_bind');
      const options = bindOptionsOf(body);
      // The owner and the bindings are saved in the one transaction of the submit.
      const service = ownerService({
        afterSave: (tx, saved) => bindHouses(tx, String(saved.id), houseIds, options).then(() => {}),
      });
      const saved = await service.submit(ctx, body);
      return data({ id: saved.id });
    },
  );

  app.post(
    `${base}/updatehouse`,
    post({
      tags,
      summary: "Update an owner's binding to a house (id, or ownerId and houseId)",
      description: 'Needs the owner_bind button; only the binding’s own fields change.',
      body: inputOf(ownershipEntity),
      form: true,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.requireCode('owner_bind');
      const body = (req.body ?? {}) as Body;
      let id = isBlank(body.id) ? undefined : parseId(body.id);
      if (!id) {
        const found = await ownershipIdsOf(ctx, {
          ownerIds: [parseId(body.ownerId, 'ownerId')],
          houseIds: [parseId(body.houseId, 'houseId')],
        });
        if (found.length === 0) throw badRequest('ownerNotBound');
        id = found[0];
      }
      await ownerships.submit(ctx, { ...body, id });
      return status(true);
    },
  );

  app.post(
    `${base}/get-no-house-user-list`,
    post({
      tags,
      summary: 'Owners bound to no house, paged',
      description: 'The body carries the paging and filters a list query would.',
      body: listQueryOf(ownerEntity),
      form: true,
      bodyOptional: true,
      data: Page(recordOf(ownerEntity)),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(ownerEntity, 'view');
      const body = { ...((req.body ?? {}) as Body) };
      const unbound = sql`not exists (select 1 from property_ownership s where s.owner_id = property_owner.id
        and s.is_deleted = 0 and s.tenant_id = property_owner.tenant_id)`;
      return data(await owners.page(ctx, body, { skip: ['gardenId'], extra: [unbound, ...ownersOfGarden(ctx, body)] }));
    },
  );

  app.post(
    `${base}/save-user`,
    post({
      tags,
      summary: "Add or update a residents' app account; with ownerId, link it to that owner",
      description: 'An account made for an owner defaults to the owner’s name, phone and sex; linking needs owner edit rights.',
      body: inputWith(inputOf(citizenUserEntity), { ownerId: idText('an owner to link the account to') }),
      form: true,
      data: SavedId,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      const body = { ...((req.body ?? {}) as Body) };
      ctx.require(citizenUserEntity, body.id ? 'edit' : 'add');
      const ownerId = isBlank(body.ownerId) ? undefined : parseId(body.ownerId, 'ownerId');
      if (ownerId) {
        ctx.require(ownerEntity, 'edit');
        // An account made for an owner defaults to the owner's name and phone.
        const owner = await ownerRow(ctx, ownerId);
        body.name ??= owner.name;
        body.tel ??= owner.phone;
        body.sex ??= owner.sex;
      }
      // The account and the owner's link to it are saved in the one transaction of the submit.
      const service = citizenUserService({
        afterSave: async (tx, user) => {
          if (ownerId) await sql`update property_owner set user_id = ${user.id} where id = ${ownerId}`.execute(tx.db);
        },
      });
      const saved = await service.submit(ctx, body);
      return data({ id: saved.id });
    },
  );
}
