import {
  inputOf,
  inputWith,
  List,
  listQueryOf,
  Nullable,
  Page,
  recordOf,
  REPAIR_MOVES,
  REPAIR_STATUS,
  RepairCounts,
  RepairLogWithImages,
  RepairRow,
  repairCommentEntity,
  repairEntity,
  repairImageEntity,
  repairLogEntity,
  type RepairMove,
  UserHit,
} from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { CrudService, parseId, toJson, type CrudContext, type Row } from '../../platform/crud/engine';
import { readPage } from '../../platform/crud/paging';
import { registerCrudRoutes } from '../../platform/crud/routes';
import { data, status } from '../../platform/http/envelope';
import { badRequest } from '../../platform/http/errors';
import { get, idText, params, post, text } from '../../platform/http/operation';
import { contextOf } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';
import { gardenRow, houses } from '../community/hierarchy';
import { isSet, pickOf } from '../facility/lookups';
import { OVERDUE, repairRow, setDeadline, takeStep, writeLog } from './repair-flow';
import { checkStoredLinks } from './stored-links';

type Query = Record<string, unknown>;
const tags = [repairEntity.label.en];
const base = `/api${repairEntity.base}`;

/** Repairs with whether each is overdue: a subquery the list's conditions and order apply to as to the table. */
const REPAIRS_WITH_OVERDUE = sql`(select *, ${OVERDUE} as overdue from property_repair) as property_repair`;

const withOverdue = (row: Row) => ({ ...toJson(repairEntity, row), overdue: row.overdue === true });

/**
 * Registration and edits before dispatch: the garden is the caller's, the
 * house is in it, photos are our stored files. A dispatched repair is the
 * worker's: its fields no longer change (repairLocked); its state changes
 * only through send and update.
 */
const repairs = new CrudService(repairEntity, {
  async beforeSave(ctx, values, existing) {
    if (existing && ![REPAIR_STATUS.registered, REPAIR_STATUS.rejected].includes(Number(existing.status) as 0)) {
      throw badRequest('repairLocked');
    }
    const pick = pickOf(values, existing);
    await gardenRow(ctx, pick('garden_id'));
    if (isSet(pick('house_id'))) {
      const house = await houses.findRow(ctx, parseId(pick('house_id'), 'houseId'));
      if (!house || String(house.garden_id) !== String(pick('garden_id'))) throw badRequest('houseNotInRepairGarden');
    }
    if ('images' in values) values.images = await checkStoredLinks(ctx, values.images, 'photoLinkInvalid');
  },
  async afterSave(ctx, saved, existing) {
    if (!existing) {
      await setDeadline(ctx, saved.id, saved.repair_type);
      await writeLog(ctx, saved, { action: 'register', to: REPAIR_STATUS.registered, remark: String(saved.content ?? '') });
    } else if (String(existing.repair_type) !== String(saved.repair_type)) {
      await setDeadline(ctx, saved.id, saved.repair_type);
    }
  },
});

/** The repair's own calls beside the generic ones (spec §7.7 repair: list, detail, index, send, update, list-log). */
function registerRepairCalls(app: FastifyInstance, services: Services): void {
  const overdueParam = { overdue: { type: 'string', enum: ['0', '1', 'true', 'false'], description: '1: only overdue repairs' } };
  app.get(
    `${base}/list`,
    get({
      tags,
      summary: 'Repairs: a page, newest change first, each with whether it is overdue',
      description: 'Needs the `repair` menu. Filters as every list, plus `overdue=1`.',
      query: listQueryOf(repairEntity, overdueParam),
      data: Page(RepairRow),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(repairEntity, 'view');
      const query = req.query as Query;
      const onlyOverdue = query.overdue === '1' || query.overdue === 'true';
      const request = repairs.listRequest(ctx, query, { skip: ['overdue'], extra: onlyOverdue ? [sql`overdue`] : [] });
      const page = await readPage(ctx.db, { ...request, from: REPAIRS_WITH_OVERDUE });
      return data({ ...page, records: page.records.map(withOverdue) });
    },
  );
  app.get(
    `${base}/detail`,
    get({
      tags,
      summary: 'A repair, with whether it is overdue',
      query: params({ id: idText('the repair') }, ['id']),
      data: Nullable(RepairRow),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(repairEntity, 'view');
      const id = parseId((req.query as Query).id);
      const rows = await sql<Row>`select * from ${REPAIRS_WITH_OVERDUE} where id = ${id} and ${repairs.scope(ctx)}`.execute(
        ctx.db,
      );
      return data(rows.rows[0] ? withOverdue(rows.rows[0]) : null);
    },
  );
  app.get(
    `${base}/index`,
    get({
      tags,
      summary: 'How many repairs are in each state, and how many open ones are overdue',
      query: params({ gardenId: idText('one garden; none: all the caller’s') }),
      data: RepairCounts,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(repairEntity, 'view');
      const gardenId = (req.query as Query).gardenId;
      const where = repairs.scope(ctx, isSet(gardenId) ? [sql`garden_id = ${parseId(gardenId, 'gardenId')}`] : []);
      const counts = Object.entries(REPAIR_STATUS).map(
        ([name, value]) => sql`count(*) filter (where status = ${value})::int as ${sql.ref(name)}`,
      );
      const rows = await sql<Record<string, number>>`select count(*)::int as total, ${sql.join(counts)},
          count(*) filter (where status not in (${REPAIR_STATUS.done}, ${REPAIR_STATUS.closed}) and ${OVERDUE})::int as overdue
        from property_repair where ${where}`.execute(ctx.db);
      return data(rows.rows[0] as never);
    },
  );

  const stepBody = {
    type: 'object',
    properties: {
      id: { type: ['string', 'integer'], description: 'the repair' },
      remark: { type: 'string', maxLength: 1000, description: 'notes; required to decline, and to close an unfinished repair' },
      images: {
        anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
        description: 'links of photos uploaded through our upload calls (comma-separated or a list)',
      },
    },
    required: ['id'],
  };
  app.post(
    `${base}/send`,
    post({
      tags,
      summary: 'Dispatch a repair to a worker',
      description:
        'From registered (0) or declined (3) to dispatched (1). Needs the `repair_send` button. Written to the log with who and when.',
      body: {
        ...stepBody,
        properties: {
          ...stepBody.properties,
          workerId: { type: ['string', 'integer'], description: 'the user who does the work' },
        },
      },
      form: true,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(repairEntity, 'view');
      const body = (req.body ?? {}) as Query;
      await takeStep(ctx, body.id, 'send', body);
      return status(true);
    },
  );
  const steps = Object.keys(REPAIR_MOVES).filter((s) => s !== 'send');
  app.post(
    `${base}/update`,
    post({
      tags,
      summary: 'Take the next step of a repair',
      description:
        'action: accept (1→2), reject (1→3, remark required), start (2→4), finish (4→5, photos are the “after” photos), ' +
        'close (5→6; from 0 or 3 with a remark: closed without handling). Any other step is refused (400). ' +
        'The worker takes their own steps; others need the `repair_edit` button (close always does). Each step is logged.',
      body: {
        ...stepBody,
        properties: { ...stepBody.properties, action: { type: 'string', enum: steps } },
        required: ['id', 'action'],
      },
      form: true,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(repairEntity, 'view');
      const body = (req.body ?? {}) as Query;
      if (!steps.includes(String(body.action))) throw badRequest('repairActionInvalid');
      await takeStep(ctx, body.id, body.action as RepairMove, body);
      return status(true);
    },
  );
  app.get(
    `${base}/workers`,
    get({
      tags,
      summary: 'Staff of the tenant to dispatch a repair to (or to walk a patrol), by name',
      description:
        'Beyond the spec: the pickers of dispatching and of patrol plans. Needs the `repair` or `patrolplan` menu. At most 200.',
      query: params({ name: text('name, account or phone contains') }),
      data: List(UserHit),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      const { access } = ctx.services;
      if (!access.can(ctx.grants, 'repair', 'view') && !access.can(ctx.grants, 'patrolplan', 'view'))
        ctx.require(repairEntity, 'view');
      const words = String((req.query as Query).name ?? '').trim();
      const like = `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const filter = words ? sql`and (real_name ilike ${like} or account ilike ${like} or phone ilike ${like})` : sql``;
      const rows = await sql<Row>`select id, real_name, account, phone from blade_user
        where is_deleted = 0 and tenant_id = ${ctx.auth.tenantId} ${filter} order by real_name, id limit 200`.execute(ctx.db);
      return data(
        rows.rows.map((u) => ({
          id: String(u.id),
          realName: u.real_name as string | null,
          account: u.account as string | null,
          phone: String(u.phone ?? ''),
        })),
      );
    },
  );
  app.get(
    `${base}/list-log`,
    get({
      tags,
      summary: 'The log of a repair, oldest first, each entry with its photos',
      query: params({ repairId: idText('the repair'), id: idText('the repair (as repairId)') }),
      data: List(RepairLogWithImages),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(repairEntity, 'view');
      const query = req.query as Query;
      const repair = await repairRow(ctx, parseId(query.repairId ?? query.id, 'repairId'));
      return data(await logOf(ctx, String(repair.id)));
    },
  );
}

/** A repair's log entries with the photos of each. */
async function logOf(ctx: CrudContext, repairId: string) {
  const [logs, images] = await Promise.all([
    sql<Row>`select * from property_repair_log where repair_id = ${repairId} and is_deleted = 0 order by create_time, id`.execute(
      ctx.db,
    ),
    sql<Row>`select * from property_repair_image where repair_id = ${repairId} and is_deleted = 0 order by id`.execute(ctx.db),
  ]);
  return logs.rows.map((log) => ({
    ...toJson(repairLogEntity, log),
    photos: images.rows.filter((i) => String(i.log_id) === String(log.id)).map((i) => toJson(repairImageEntity, i)),
  }));
}

/** Children of a repair take its garden (and so its garden scope) and must belong to a repair the caller sees. */
async function childOfRepair(ctx: CrudContext, values: Row, existing: Row | undefined): Promise<Row> {
  const repair = await repairRow(ctx, pickOf(values, existing)('repair_id'));
  values.garden_id = repair.garden_id;
  return repair;
}

/** Log entries: notes added by staff (with photos); the server writes the steps. Never changed or removed. */
function registerRepairLog(app: FastifyInstance, services: Services): void {
  const logs = new CrudService(repairLogEntity, {
    beforeRemove: () => {
      throw badRequest('repairLogReadOnly');
    },
  });
  registerCrudRoutes(app, services, repairLogEntity, logs, { except: ['submit', 'page'] });
  app.post(
    `/api${repairLogEntity.base}/submit`,
    post({
      tags: [repairLogEntity.label.en],
      summary: 'Add a note (with photos) to a repair’s log',
      description: 'Adds only: an entry with `id` is refused (entries are never changed). Needs the `repair_add` button.',
      body: inputWith(inputOf(repairLogEntity), {
        images: { type: 'string', description: 'links of photos uploaded through our upload calls, comma-separated' },
      }),
      form: true,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      const body = (req.body ?? {}) as Query;
      ctx.require(repairLogEntity, 'add');
      if (isSet(body.id)) throw badRequest('repairLogReadOnly');
      const remark = isSet(body.remark) ? String(body.remark).trim() : '';
      if (!remark) throw badRequest('repairLogRemarkRequired');
      if (remark.length > 1000) throw badRequest('tooLong', { name: 'remark', max: 1000 });
      await ctx.db.transaction().execute(async (db) => {
        const tx = { ...ctx, db };
        const repair = await repairRow(tx, body.repairId, true);
        if (Number(repair.status) === REPAIR_STATUS.closed) throw badRequest('repairClosed');
        const images = await checkStoredLinks(tx, body.images, 'photoLinkInvalid');
        await writeLog(tx, repair, { action: 'note', remark, images });
      });
      return status(true);
    },
  );
}

/** Photos of a repair added apart from a step (before or after). */
function registerRepairImages(app: FastifyInstance, services: Services): void {
  const images = new CrudService(repairImageEntity, {
    async beforeSave(ctx, values, existing) {
      await childOfRepair(ctx, values, existing);
      if ('image_url' in values) values.image_url = await checkStoredLinks(ctx, values.image_url, 'photoLinkInvalid');
      if ('kind' in values && ![1, 2].includes(Number(values.kind))) throw badRequest('paramTypeOf', { name: 'kind' });
    },
  });
  registerCrudRoutes(app, services, repairImageEntity, images, { except: ['page'] });
}

/**
 * The owner's rating of a finished repair: only once it is done (or closed
 * after being done), a whole number 1 to 5; the repair keeps the latest
 * score and the log records it.
 */
function registerRepairComments(app: FastifyInstance, services: Services): void {
  const comments = new CrudService(repairCommentEntity, {
    async beforeSave(ctx, values, existing) {
      const repair = await childOfRepair(ctx, values, existing);
      if (!isSet(repair.finish_time)) throw badRequest('repairCommentTooEarly');
      const score = pickOf(values, existing)('score');
      if (!Number.isInteger(Number(score)) || Number(score) < 1 || Number(score) > 5) throw badRequest('repairScoreInvalid');
    },
    async afterSave(ctx, saved) {
      const repair = await repairRow(ctx, saved.repair_id);
      await sql`update property_repair set score = ${saved.score} where id = ${repair.id}`.execute(ctx.db);
      await writeLog(ctx, repair, { action: 'comment', remark: `${saved.score}: ${saved.content ?? ''}`.trim() });
    },
  });
  registerCrudRoutes(app, services, repairCommentEntity, comments, { except: ['page'] });
  app.get(
    `/api${repairCommentEntity.base}/list-all`,
    get({
      tags: [repairCommentEntity.label.en],
      summary: 'Every comment of a repair (or of all the caller’s repairs), newest first, at most 1,000',
      query: params({ repairId: idText('the repair'), score: text('only this rating') }),
      data: List(recordOf(repairCommentEntity)),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(repairCommentEntity, 'view');
      return data(await comments.all(ctx, req.query as Query, [], 1000));
    },
  );
}

/** Repairs (spec §7.7): the requests and their state machine, log, photos and ratings. */
export function registerRepairRoutes(app: FastifyInstance, services: Services): void {
  registerCrudRoutes(app, services, repairEntity, repairs, { except: ['list', 'page', 'detail'] });
  registerRepairCalls(app, services);
  registerRepairLog(app, services);
  registerRepairImages(app, services);
  registerRepairComments(app, services);
}
