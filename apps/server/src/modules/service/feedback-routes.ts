import {
  FEEDBACK_STATUS,
  inputOf,
  List,
  RESERVATION_STATUS,
  reservationEntity,
  ServiceNode,
  serviceDirectoryEntity,
  suggestionEntity,
} from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { CrudService, type CrudContext, type Row } from '../../platform/crud/engine';
import { registerCrudRoutes } from '../../platform/crud/routes';
import { buildTree } from '../../platform/crud/tree';
import { data, status } from '../../platform/http/envelope';
import { badRequest } from '../../platform/http/errors';
import { get, post } from '../../platform/http/operation';
import { contextOf } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';
import { gardenRow } from '../community/hierarchy';
import { isSet, liveRow, pickOf } from '../facility/lookups';

type Query = Record<string, unknown>;

/** Columns staff may change when they answer feedback; the rest is what the resident said. */
const ANSWER_COLUMNS = new Set(['status', 'reply']);

/**
 * Feedback (spec §2.3, §4): added as submitted (0); answered once, through
 * submit with its id, as read/handled (1) or rejected/ignored (2, a reply
 * required), which needs the `feedback_handle` button. Nothing else of it
 * changes, and an answered item stays answered.
 */
const feedback = new CrudService(suggestionEntity, {
  async beforeSave(ctx, values, existing) {
    if (isSet(pickOf(values, existing)('garden_id'))) await gardenRow(ctx, pickOf(values, existing)('garden_id'));
    if (!existing) {
      values.status = FEEDBACK_STATUS.submitted;
      return;
    }
    for (const column of Object.keys(values)) {
      if (!ANSWER_COLUMNS.has(column) && String(values[column] ?? '') !== String(existing[column] ?? ''))
        throw badRequest('feedbackFixed');
    }
    if (Number(existing.status) !== FEEDBACK_STATUS.submitted) throw badRequest('feedbackDone');
    const next = Number(values.status);
    if (next !== FEEDBACK_STATUS.read && next !== FEEDBACK_STATUS.rejected) throw badRequest('feedbackStatusInvalid');
    if (next === FEEDBACK_STATUS.rejected && !isSet(values.reply ?? existing.reply)) throw badRequest('feedbackReplyRequired');
    values.reply_time = sql`localtimestamp(0)`;
  },
});

function registerFeedback(app: FastifyInstance, services: Services): void {
  registerCrudRoutes(app, services, suggestionEntity, feedback, { except: ['submit', 'page'] });
  app.post(
    `/api${suggestionEntity.base}/submit`,
    post({
      tags: [suggestionEntity.label.en],
      summary: 'Record feedback, or answer it (mark read or rejected with a reply)',
      description:
        'Without `id` records feedback as submitted (0; the `feedback_add` button). With `id` answers it once: `status` 1 ' +
        '(read, handled) or 2 (rejected, ignored; `reply` required), with the `feedback_handle` button; nothing else changes.',
      body: inputOf(suggestionEntity),
      form: true,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      const body = (req.body ?? {}) as Query;
      if (isSet(body.id)) ctx.requireCode('feedback_handle');
      else ctx.require(suggestionEntity, 'add');
      await feedback.submit(ctx, body);
      return status(true);
    },
  );
}

/** The directory as a tree (the root's parent is 0), ordered as the definition says. */
async function directoryTree(ctx: CrudContext, service: CrudService): Promise<Row[]> {
  const rows = await service.all(ctx);
  return buildTree(rows, { parentKey: 'pid', titleKey: 'name' });
}

/** The service directory: a tree whose nodes cannot move under themselves, nor go while they have children. */
function registerDirectory(app: FastifyInstance, services: Services): CrudService {
  const directory: CrudService = new CrudService(serviceDirectoryEntity, {
    async beforeSave(ctx, values, existing) {
      const parent = String(pickOf(values, existing)('pid') ?? '0');
      if (parent === '0') return;
      await liveRow(ctx, serviceDirectoryEntity, parent, 'serviceParentMissing');
      if (!existing) return;
      // Walk up from the new parent: meeting the node itself would make a loop.
      const loop = await sql<{ id: string }>`with recursive up(id, pid) as (
          select id, pid from property_service_directory where id = ${parent}
          union all select d.id, d.pid from property_service_directory d join up on d.id = up.pid
        ) select id from up where id = ${existing.id} limit 1`.execute(ctx.db);
      if (loop.rows.length > 0) throw badRequest('serviceParentLoop');
    },
    async beforeRemove(ctx, ids) {
      const children = await sql`select 1 from property_service_directory where pid in (${sql.join(ids)})
        and id not in (${sql.join(ids)}) and is_deleted = 0 and tenant_id = ${ctx.auth.tenantId} limit 1`.execute(ctx.db);
      if (children.rows.length > 0) throw badRequest('serviceHasChildren');
    },
  });
  registerCrudRoutes(app, services, serviceDirectoryEntity, directory, { except: ['list', 'page'] });
  app.get(
    `/api${serviceDirectoryEntity.base}/list`,
    get({
      tags: [serviceDirectoryEntity.label.en],
      summary: 'The service directory as a tree',
      description: 'Needs the `servicedir` menu (or `reservation`: the services one books).',
      data: List(ServiceNode),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      // Whoever books services picks from the directory too.
      if (!ctx.services.access.can(ctx.grants, reservationEntity.permission, 'view')) ctx.require(serviceDirectoryEntity, 'view');
      return data(await directoryTree(ctx, directory));
    },
  );
  return directory;
}

/** Reservations, newest change first; `tree` answers the directory of services one books. */
function registerReservations(app: FastifyInstance, services: Services, directory: CrudService): void {
  const reservations = new CrudService(reservationEntity, {
    async beforeSave(ctx, values, existing) {
      const pick = pickOf(values, existing);
      await gardenRow(ctx, pick('garden_id'));
      if (isSet(pick('service_id'))) await liveRow(ctx, serviceDirectoryEntity, pick('service_id'), 'reservationServiceMissing');
      if ('status' in values && !Object.values(RESERVATION_STATUS).includes(Number(values.status) as 0)) {
        throw badRequest('reservationStatusInvalid');
      }
    },
  });
  registerCrudRoutes(app, services, reservationEntity, reservations, { except: ['page'] });
  app.get(
    `/api${reservationEntity.base}/tree`,
    get({
      tags: [reservationEntity.label.en],
      summary: 'The services one may book: the service directory as a tree',
      description: 'Needs the `reservation` menu.',
      data: List(ServiceNode),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(reservationEntity, 'view');
      return data(await directoryTree(ctx, directory));
    },
  );
}

/** Feedback, the service directory and reservations (spec §2.3, §7.7). */
export function registerFeedbackRoutes(app: FastifyInstance, services: Services): void {
  registerFeedback(app, services);
  const directory = registerDirectory(app, services);
  registerReservations(app, services, directory);
}
