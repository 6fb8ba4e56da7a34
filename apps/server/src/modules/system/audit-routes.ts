import { auditLogEntity, ENTITIES, List, recordOf } from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { paramValue } from './params';
import { data } from '../../platform/http/envelope';
import { badRequest } from '../../platform/http/errors';
import { get } from '../../platform/http/operation';
import { contextOf } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';
import { presentAudit, pruneAudit } from '../../platform/crud/audit';
import { CrudService, parseId, toJson, type Row } from '../../platform/crud/engine';
import { registerCrudRoutes } from '../../platform/crud/routes';

/** The job kind that deletes audit rows older than the parameter audit.retentionDays, daily per tenant. */
export const AUDIT_RETENTION_JOB = 'auditRetention';
export const AUDIT_RETENTION_CRON = '30 3 * * *';
export const AUDIT_RETENTION_PARAM = 'audit.retentionDays';
/** Kept when the parameter is unset or not a positive number of days. */
export const DEFAULT_RETENTION_DAYS = 180;
/** A row's history answers its newest changes, at most this many. */
const HISTORY_LIMIT = 200;

const auditedList = ENTITIES.filter((e) => e.audit !== false);
const audited = new Map(auditedList.map((e) => [e.name, e]));

/** The retention in days: the parameter when it is a positive whole number, the default otherwise. */
export async function retentionDays(services: Pick<Services, 'db'>): Promise<number> {
  const value = Number((await paramValue(services.db, AUDIT_RETENTION_PARAM, '')).trim());
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_RETENTION_DAYS;
}

/**
 * The audit trail's calls: the searchable list of the tenant's changes (menu
 * 操作审计, log_audit), one row's history for whoever may see the row (the
 * "history" action of every list), and the daily retention job.
 */
export function registerAuditRoutes(app: FastifyInstance, services: Services): void {
  // Inserts of many rows (a generated month) store their changes compactly: answered expanded, as every other.
  registerCrudRoutes(app, services, auditLogEntity, new CrudService(auditLogEntity, { present: presentAudit }));
  const record = recordOf(auditLogEntity);
  const declared = get({
    tags: [auditLogEntity.label.en],
    summary: 'The changes of one row, newest first',
    description: `Who changed the row, when, from where, and each field before and after (secrets as ******), at most ${HISTORY_LIMIT} changes. Needs the menu of the row's entity and the row within the caller's tenant, gardens and data scope.`,
    query: {
      type: 'object',
      properties: {
        entity: { type: 'string', enum: [...audited.keys()], description: 'the entity definition’s name (house, user…)' },
        id: { type: 'string', pattern: '^\\d{1,19}$', description: 'id of the row' },
      },
      required: ['entity', 'id'],
    },
    data: List(record),
  });
  app.get(`/api${auditLogEntity.base}/history`, declared, async (req) => {
    const query = req.query as Record<string, unknown>;
    const ctx = await contextOf(services, req);
    // Someone reading no entity at all is refused whatever they ask; then the question, then that entity's menu.
    ctx.requireViewOfAny(auditedList);
    const entity = audited.get(String(query.entity ?? ''));
    if (!entity) throw badRequest(query.entity ? 'paramTypeOf' : 'missingParam', { name: 'entity' });
    const id = parseId(query.id);
    ctx.require(entity, 'view');
    // Only the history of a row the caller may see now: another tenant's, garden's or data scope's answers nothing.
    const row = await new CrudService(entity).findRow(ctx, id);
    if (!row) return data([]);
    const rows = await sql<Row>`select * from ${sql.table(auditLogEntity.table)}
      where tenant_id = ${(row.tenant_id as string | undefined) ?? ctx.auth.tenantId} and is_deleted = 0 and entity_name = ${entity.name} and row_id = ${id}
      order by create_time desc, id desc limit ${HISTORY_LIMIT}`.execute(ctx.db);
    return data(rows.rows.map((row) => toJson(auditLogEntity, presentAudit(row))));
  });

  services.jobs.registerJob(AUDIT_RETENTION_JOB, async ({ db, tenantId }) => {
    const days = await retentionDays({ db });
    const count = await pruneAudit(db, tenantId, days);
    return { key: 'auditPruned', params: { count, days } };
  });
  services.jobs.schedule(AUDIT_RETENTION_JOB, AUDIT_RETENTION_CRON);
}
