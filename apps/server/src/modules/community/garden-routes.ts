import {
  buildingEntity,
  checkPhone,
  columnOf,
  ALL_ROUTES,
  ENTITIES,
  gardenEntity,
  isGardenBound,
  GardenUserWithNames,
  gardenUserEntity,
  isBlank,
  List,
  listQueryOf,
  MAJORDOMO_NAME_REQUIRED,
  Page,
  recordOf,
  Steward,
  type EntityDef,
} from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { CrudService, parseId, type CrudContext, type CrudHooks, NEXT_UPDATE_TIME } from '../../platform/crud/engine';
import { idQuery, registerCrudRoutes } from '../../platform/crud/routes';
import { data, status } from '../../platform/http/envelope';
import { badRequest, notFound } from '../../platform/http/errors';
import { get, idText, post } from '../../platform/http/operation';
import { contextOf } from '../../platform/http/request-context';
import type { AccessService } from '../../platform/security/access';
import type { Services } from '../../platform/services';
import { anyLive, gardenRow, gardens } from './hierarchy';

type Body = Record<string, unknown>;
const tags = [gardenEntity.label.en];
/** Stewards one garden may list. */
const MAX_MAJORDOMOS = 50;

/** A steward (管家) of a garden, as kept in its majordomo_info column. */
interface Majordomo {
  userId: string | null;
  name: string;
  phone: string;
}

/** Stewards from a body: an array, or its JSON text (form posts). Each needs a name and a valid phone. */
function parseMajordomos(raw: unknown): Majordomo[] {
  let list = raw;
  if (typeof raw === 'string') {
    try {
      list = raw.trim() === '' ? [] : JSON.parse(raw);
    } catch {
      throw badRequest('majordomoInvalid');
    }
  }
  if (list === undefined || list === null) list = [];
  if (!Array.isArray(list)) throw badRequest('majordomoInvalid');
  if (list.length > MAX_MAJORDOMOS) throw badRequest('majordomoTooMany', { max: MAX_MAJORDOMOS });
  return list.map((item: unknown) => {
    if (!item || typeof item !== 'object') throw badRequest('majordomoInvalid');
    const entry = item as Body;
    if (isBlank(entry.name)) throw badRequest(MAJORDOMO_NAME_REQUIRED);
    const phoneProblem = checkPhone(entry.phone);
    if (phoneProblem) throw badRequest(phoneProblem);
    const userId = isBlank(entry.userId) ? null : parseId(entry.userId, 'userId');
    return { userId, name: String(entry.name).trim().slice(0, 50), phone: String(entry.phone).trim() };
  });
}

/**
 * Garden assignments are part of every staff member's cached grants (they
 * limit the rows seen). Removing gardens or staff links changes them: the
 * grants are made stale once the removal has committed, never before, so no
 * call can cache the old assignments under the new version.
 */
class AssignmentRemovingService extends CrudService {
  constructor(
    entity: EntityDef,
    private readonly access: AccessService,
    hooks: CrudHooks = {},
  ) {
    super(entity, hooks);
  }
  override async remove(ctx: CrudContext, ids: unknown): Promise<number> {
    const removed = await super.remove(ctx, ids);
    await this.access.invalidate();
    return removed;
  }
}

/** The users named must be staff of the caller's tenant. */
async function checkUsers(ctx: CrudContext, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  const found = await sql<{ id: string }>`select id from blade_user where is_deleted = 0 and tenant_id = ${ctx.auth.tenantId}
    and id in (${sql.join(userIds)})`.execute(ctx.db);
  if (found.rows.length !== new Set(userIds).size) throw badRequest('staffMissing');
}

/**
 * The entities whose rows belong to a garden (their gardenId), one table each, but for the buildings and staff,
 * which have messages of their own: what a garden's removal must not leave behind.
 */
const GARDEN_HOLDINGS: ReadonlyArray<EntityDef> = (() => {
  const byTable = new Map<string, EntityDef>();
  for (const entity of ENTITIES)
    if (isGardenBound(entity) && entity.fields.gardenId && !byTable.has(entity.table)) byTable.set(entity.table, entity);
  for (const own of [gardenEntity, buildingEntity, gardenUserEntity]) byTable.delete(own.table);
  return [...byTable.values()];
})();

/**
 * Gardens (spec §7.7 /system-property/garden generic; §7.4 detail, remove and
 * submit again under /community-resource/garden, plus the stewards), and the
 * garden staff (pgarden).
 */
export function registerGardenRoutes(app: FastifyInstance, services: Services): void {
  const service = new CrudService(gardenEntity, {
    async beforeRemove(ctx, ids) {
      if (await anyLive(ctx, 'property_building', 'garden_id', ids)) throw badRequest('gardenHasBuildings');
      // Staff bound to this garden would, with their last garden gone, fall back to the whole tenant:
      // their assignments are undone first, deliberately, on the pgarden screen.
      if (await anyLive(ctx, 'property_garden_user', 'garden_id', ids)) throw badRequest('gardenHasStaff');
      // Nothing else is left naming a removed garden either: its parking, bills, repairs, notices, checkpoints…
      // Records nobody removes (a reduction, a pre-paid ledger entry, an owner's examination) keep their garden for good.
      for (const entity of GARDEN_HOLDINGS) {
        const column = columnOf('gardenId', entity.fields.gardenId!);
        if (!(await anyLive(ctx, entity.table, column, ids))) continue;
        const removable = (entity.routes ?? ALL_ROUTES).includes('remove');
        throw badRequest(removable ? 'gardenHasRows' : 'gardenHasRecords', { what: entity.label });
      }
    },
  });
  registerCrudRoutes(app, services, gardenEntity, service, { except: ['list'] });
  registerCrudRoutes(app, services, { ...gardenEntity, base: '/community-resource/garden' }, service, {
    except: ['list', 'page'],
  });

  // The header's garden selector sends gardenId with every list; the garden list itself is never narrowed by it.
  app.get(
    `/api${gardenEntity.base}/list`,
    get({
      tags,
      summary: 'Gardens, paged (also the header garden selector)',
      description:
        'The gardenId the header sends with every list is ignored here. A reference read: needs the `garden` menu or any menu of a garden-bound screen (repairs, patrols, notices, bills...), and answers the gardens of the caller’s tenant they are bound to (all of them when bound to none), within their data scope. For a reference reader `majordomoInfo` (the stewards’ names and phones) is null.',
      query: listQueryOf(gardenEntity),
      data: Page(recordOf(gardenEntity)),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.requireReference(gardenEntity);
      const page = await service.page(ctx, req.query as Body, { skip: ['gardenId'] });
      if (ctx.canView(gardenEntity)) return data(page);
      // A reference reader names gardens; the stewards' names and phones are for the garden screen's users only.
      return data({ ...page, records: page.records.map((garden) => ({ ...garden, majordomoInfo: null })) });
    },
  );

  app.get(
    '/api/community-resource/garden/getMajordomoInfoList',
    get({ tags, summary: 'Stewards of a garden', query: idQuery('id', 'the garden'), data: List(Steward) }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(gardenEntity, 'view');
      const row = await gardens.findRow(ctx, parseId((req.query as Body).id));
      if (!row) throw notFound();
      const list = (row.majordomo_info as Majordomo[] | null) ?? [];
      // Names follow the user records when a steward is a user of the console.
      const ids = list.map((m) => m.userId).filter((id): id is string => !!id);
      const users = ids.length
        ? await sql<{ id: string; real_name: string | null }>`select id, real_name from blade_user
          where tenant_id = ${ctx.auth.tenantId} and id in (${sql.join(ids)})`.execute(ctx.db)
        : { rows: [] };
      const names = new Map(users.rows.map((u) => [String(u.id), u.real_name]));
      return data(list.map((m) => ({ ...m, gardenId: String(row.id), realName: (m.userId && names.get(m.userId)) || m.name })));
    },
  );

  app.post(
    '/api/community-resource/garden/updateMajordomoInfo',
    post({
      tags,
      summary: 'Replace the stewards of a garden',
      description:
        'Needs the garden_majordomo button. Each steward needs a name and a phone (mobile or landline); at most 50. The parameters may travel in the query string instead.',
      body: {
        type: 'object',
        properties: {
          id: idText('the garden (gardenId is taken too)'),
          gardenId: idText('the garden, when id is not sent'),
          majordomoInfo: {
            description: 'the stewards: an array, or its JSON text (majordomoList is taken too)',
            anyOf: [
              {
                type: 'array',
                maxItems: 50,
                items: {
                  type: 'object',
                  properties: {
                    userId: {
                      type: ['string', 'integer', 'null'],
                      description: 'a console user of the tenant, when the steward is one',
                    },
                    name: { type: 'string', pattern: '\\S', description: 'the steward’s name (at most 50 characters are kept)' },
                    phone: { type: ['string', 'number'], description: 'a mainland mobile or a landline' },
                  },
                  required: ['name', 'phone'],
                },
              },
              { type: 'string' },
              { type: 'null' },
            ],
          },
        },
      },
      form: true,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.requireCode('garden_majordomo');
      const body = { ...(req.query as Body), ...((req.body as Body) ?? {}) };
      const garden = await gardenRow(ctx, parseId(body.id ?? body.gardenId, 'id'));
      const list = parseMajordomos(body.majordomoInfo ?? body.majordomoList);
      await checkUsers(
        ctx,
        list.map((m) => m.userId).filter((id): id is string => !!id),
      );
      await sql`update property_garden set majordomo_info = ${JSON.stringify(list)}::jsonb, update_user = ${ctx.auth.userId || null},
      update_time = ${NEXT_UPDATE_TIME} where id = ${garden.id}`.execute(ctx.db);
      return status(true);
    },
  );

  registerGardenUserRoutes(app, services);
}

/** Garden staff (pgarden): which users serve which gardens. */
function registerGardenUserRoutes(app: FastifyInstance, services: Services): void {
  const links = registerCrudRoutes(
    app,
    services,
    gardenUserEntity,
    new AssignmentRemovingService(gardenUserEntity, services.access),
  );
  const base = `/api${gardenUserEntity.base}`;
  const linkTags = [gardenUserEntity.label.en];

  const listPage = get({
    tags: linkTags,
    summary: 'Garden staff, paged, with names',
    query: listQueryOf(gardenUserEntity),
    data: Page(GardenUserWithNames),
  });
  app.get(`${base}/list-page`, listPage, async (req) => {
    const ctx = await contextOf(services, req);
    ctx.require(gardenUserEntity, 'view');
    const page = await links.page(ctx, req.query as Body);
    const gardenIds = [...new Set(page.records.map((r) => String(r.gardenId)))];
    const userIds = [...new Set(page.records.map((r) => String(r.userId)))];
    const [gardenNames, userNames] = await Promise.all([
      gardenIds.length
        ? sql<{ id: string; name: string }>`select id, garden_name as name from property_garden
            where tenant_id = ${ctx.auth.tenantId} and id in (${sql.join(gardenIds)})`.execute(ctx.db)
        : { rows: [] },
      userIds.length
        ? sql<{ id: string; name: string }>`select id, real_name as name from blade_user
            where tenant_id = ${ctx.auth.tenantId} and id in (${sql.join(userIds)})`.execute(ctx.db)
        : { rows: [] },
    ]);
    const nameOf = (rows: Array<{ id: string; name: string }>) => new Map(rows.map((r) => [String(r.id), r.name]));
    const [gardenName, userName] = [nameOf(gardenNames.rows), nameOf(userNames.rows)];
    return data({
      ...page,
      records: page.records.map((r) => ({
        ...r,
        gardenName: gardenName.get(String(r.gardenId)) ?? '',
        realName: userName.get(String(r.userId)) ?? '',
      })),
    });
  });

  /**
   * Replaces a whole set at once: { userId, gardenIds } sets the gardens of
   * one user; { gardenId, userIds } the staff of one garden. Ids travel as
   * arrays or comma-joined.
   */
  app.post(
    `${base}/submitAll`,
    post({
      tags: linkTags,
      summary: 'Set the gardens of a user, or the staff of a garden',
      description:
        '{ userId, gardenIds } sets the gardens of one user; { gardenId, userIds } the staff of one garden. Ids travel as arrays or comma-joined; the parameters may travel in the query string instead.',
      body: {
        type: 'object',
        properties: {
          userId: idText('a user: set their gardens'),
          gardenIds: { type: ['string', 'array'], items: { type: 'string' }, description: 'the user’s gardens (empty: none)' },
          gardenId: idText('a garden, when userId is not sent: set its staff'),
          userIds: { type: ['string', 'array'], items: { type: 'string' }, description: 'the garden’s staff (empty: none)' },
        },
      },
      form: true,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(gardenUserEntity, 'edit');
      const body = { ...(req.query as Body), ...((req.body as Body) ?? {}) };
      const idList = (raw: unknown, name: string) =>
        (Array.isArray(raw) ? raw : String(raw ?? '').split(','))
          .map((v) => String(v).trim())
          .filter(Boolean)
          .map((v) => parseId(v, name));
      const byUser = !isBlank(body.userId);
      if (!byUser && isBlank(body.gardenId)) throw badRequest('staffRequired');
      const fixed = byUser ? parseId(body.userId, 'userId') : parseId(body.gardenId, 'gardenId');
      const others = [...new Set(byUser ? idList(body.gardenIds, 'gardenIds') : idList(body.userIds, 'userIds'))];
      await ctx.db.transaction().execute(async (tx) => {
        const txCtx = { ...ctx, db: tx };
        const userIds = byUser ? [fixed] : others;
        const gardenIds = byUser ? others : [fixed];
        await checkUsers(txCtx, userIds);
        for (const gardenId of gardenIds) await gardenRow(txCtx, gardenId);
        const [fixedCol, otherCol] = byUser ? ['user_id', 'garden_id'] : ['garden_id', 'user_id'];
        const keep = others.length ? sql`and ${sql.ref(otherCol)} not in (${sql.join(others)})` : sql``;
        await sql`update property_garden_user set is_deleted = 1, update_user = ${ctx.auth.userId || null}, update_time = ${NEXT_UPDATE_TIME}
        where is_deleted = 0 and tenant_id = ${ctx.auth.tenantId} and ${sql.ref(fixedCol)} = ${fixed} ${keep}`.execute(tx);
        const existing = await sql<{ id: string }>`select ${sql.ref(otherCol)} as id from property_garden_user
        where is_deleted = 0 and tenant_id = ${ctx.auth.tenantId} and ${sql.ref(fixedCol)} = ${fixed}`.execute(tx);
        const have = new Set(existing.rows.map((r) => String(r.id)));
        for (const other of others.filter((o) => !have.has(o))) {
          await links.insert(txCtx, byUser ? { user_id: fixed, garden_id: other } : { user_id: other, garden_id: fixed });
        }
      });
      await services.access.invalidate();
      return status(true);
    },
  );
}
