import {
  EXAMINE_STATUS,
  ExamineWithNames,
  listQueryOf,
  Nullable,
  ownerExamineEntity,
  Page,
  recordOf,
  REJECT_REASON,
} from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { CrudService, parseId, toJson, type CrudContext, type Row } from '../../platform/crud/engine';
import { data, status } from '../../platform/http/envelope';
import { badRequest, notFound } from '../../platform/http/errors';
import { idQuery } from '../../platform/crud/routes';
import { get, idText, params, post } from '../../platform/http/operation';
import { contextOf } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';

type Query = Record<string, unknown>;
const now = sql`localtimestamp(0)`;

/** An examination with the names of its garden and house, as the review screen shows it. */
async function withNames(ctx: CrudContext, row: Row): Promise<Row> {
  const names = await sql<{ garden_name: string; house_name: string }>`select
      (select garden_name from property_garden where id = ${row.garden_id}) as garden_name,
      (select house_name from property_house where id = ${row.house_id}) as house_name`.execute(ctx.db);
  return {
    ...toJson(ownerExamineEntity, row),
    gardenName: names.rows[0]?.garden_name ?? '',
    houseName: names.rows[0]?.house_name ?? '',
  };
}

/**
 * Approval: the owner with the applicant's phone is updated (or made), and
 * bound to the house unless already bound. Runs inside the review's
 * transaction, on the residents module's tables.
 */
async function admitOwner(ctx: CrudContext, item: Row): Promise<string> {
  const house = await sql<Row>`select id, garden_id, building_id, unit_id from property_house
    where id = ${item.house_id} and tenant_id = ${ctx.auth.tenantId} and is_deleted = 0`.execute(ctx.db);
  const h = house.rows[0];
  if (!h) throw badRequest('houseMissing');
  // The owner and binding land in the house's garden, which must be one of the reviewer's.
  ctx.requireGarden?.(h.garden_id);
  const who = { user: ctx.auth.userId || null, dept: ctx.auth.deptId || null };
  const found = await sql<{ id: string }>`select id from property_owner
    where phone = ${item.phone} and tenant_id = ${ctx.auth.tenantId} and is_deleted = 0 for update`.execute(ctx.db);
  let ownerId = found.rows[0]?.id;
  if (ownerId) {
    await sql`update property_owner set name = ${item.name}, id_card = coalesce(${item.id_card ?? null}, id_card),
        update_user = ${who.user}, update_time = ${now} where id = ${ownerId}`.execute(ctx.db);
  } else {
    const made = await sql<{ id: string }>`insert into property_owner (tenant_id, name, phone, id_card, garden_id, owner_type,
        user_id, create_user, create_dept, update_user)
      values (${ctx.auth.tenantId}, ${item.name}, ${item.phone}, ${item.id_card ?? null}, ${h.garden_id}, ${item.relation ?? 1},
        ${item.citizen_user_id ?? null}, ${who.user}, ${who.dept}, ${who.user}) returning id`.execute(ctx.db);
    ownerId = made.rows[0]!.id;
  }
  const bound = await sql`select 1 from property_ownership where owner_id = ${ownerId} and house_id = ${h.id}
    and tenant_id = ${ctx.auth.tenantId} and is_deleted = 0`.execute(ctx.db);
  if (bound.rows.length === 0) {
    await sql`insert into property_ownership (tenant_id, owner_id, house_id, garden_id, building_id, unit_id, owner_type,
        check_in_time, create_user, create_dept, update_user)
      values (${ctx.auth.tenantId}, ${ownerId}, ${h.id}, ${h.garden_id}, ${h.building_id}, ${h.unit_id}, ${item.relation ?? 1},
        current_date, ${who.user}, ${who.dept}, ${who.user})`.execute(ctx.db);
  }
  return String(ownerId);
}

/**
 * Owner examination (spec §7.7 mobile/owner): the queue of what residents
 * sent from the app, one item's detail, and the review — 1 approves (owner
 * and house binding made in the same transaction), 2 rejects with a reason.
 * A reviewed item stays as it was reviewed.
 */
export function registerExamineRoutes(app: FastifyInstance, services: Services): void {
  const service = new CrudService(ownerExamineEntity);
  const base = `/api${ownerExamineEntity.base}`;
  const tags = [ownerExamineEntity.label.en];

  const listPage = get({
    tags,
    summary: 'Examinations, paged (pending first)',
    query: listQueryOf(ownerExamineEntity),
    data: Page(recordOf(ownerExamineEntity)),
  });
  app.get(`${base}/examine-list-page`, listPage, async (req) => {
    const ctx = await contextOf(services, req);
    ctx.require(ownerExamineEntity, 'view');
    const page = await service.page(ctx, req.query as Query);
    return data(page);
  });

  const info = get({
    tags,
    summary: 'One examination with garden and house names',
    query: idQuery(),
    data: Nullable(ExamineWithNames),
  });
  app.get(`${base}/examine-info`, info, async (req) => {
    const ctx = await contextOf(services, req);
    ctx.require(ownerExamineEntity, 'view');
    const row = await service.findRow(ctx, parseId((req.query as Query).id));
    return data(row ? await withNames(ctx, row) : null);
  });

  const examine = post({
    tags,
    summary: 'Approve (status 1) or reject (status 2, reason)',
    description:
      'Needs the examine_audit button. Approving makes or updates the owner with the applicant’s phone and binds the house, in one transaction; a reviewed item is final. The parameters may travel in a form or JSON body instead.',
    query: params(
      {
        id: idText('the examination'),
        status: { type: 'integer', enum: [1, 2], description: '1 approve, 2 reject' },
        reason: {
          type: 'string',
          maxLength: REJECT_REASON.maxLength,
          description: `why (rejecting: required, "${REJECT_REASON.required}")`,
        },
      },
      ['id', 'status'],
    ),
  });
  app.post(`${base}/examine`, examine, async (req) => {
    const ctx = await contextOf(services, req);
    ctx.requireCode('examine_audit');
    const input = { ...(req.query as Query), ...((req.body ?? {}) as Query) };
    const id = parseId(input.id);
    const decision = Number(input.status);
    if (decision !== EXAMINE_STATUS.approved && decision !== EXAMINE_STATUS.rejected) throw badRequest('examineStatusInvalid');
    const reason = typeof input.reason === 'string' ? input.reason.trim() : '';
    if (decision === EXAMINE_STATUS.rejected && !reason) throw badRequest(REJECT_REASON.required);
    if (reason.length > REJECT_REASON.maxLength) throw badRequest(REJECT_REASON.tooLong);
    await ctx.db.transaction().execute(async (db) => {
      const tx = { ...ctx, db };
      // Locked, so two reviewers acting at once cannot both decide it.
      const locked =
        await sql<Row>`select * from property_owner_examine where id = ${id} and ${service.scope(tx)} for update`.execute(db);
      const item = locked.rows[0];
      if (!item) throw notFound();
      if (Number(item.status) !== EXAMINE_STATUS.pending) throw badRequest('examineDone');
      const ownerId = decision === EXAMINE_STATUS.approved ? await admitOwner(tx, item) : null;
      await sql`update property_owner_examine set status = ${decision}, reason = ${reason || null}, owner_id = ${ownerId},
          reviewer = ${ctx.auth.userId || null}, review_time = ${now}, update_user = ${ctx.auth.userId || null}, update_time = ${now}
        where id = ${id}`.execute(db);
    });
    return status(true);
  });
}
