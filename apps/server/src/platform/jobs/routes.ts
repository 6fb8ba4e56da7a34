import {
  isErrorKey,
  jobRunEntity,
  JobRunView,
  listQueryOf,
  Nullable,
  Page,
  translate,
  type MessageParams,
} from '@property/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { CrudService, parseId, toJson, type Row } from '../crud/engine';
import { idQuery } from '../crud/routes';
import { data } from '../http/envelope';
import { badRequest, notFound } from '../http/errors';
import { localeOfRequest } from '../http/locale';
import { get, post } from '../http/operation';
import { contextOf, type RequestContext } from '../http/request-context';
import type { Services } from '../services';

type Query = Record<string, unknown>;
const base = `/api${jobRunEntity.base}`;
const tags = [jobRunEntity.label.en];

/** A run as answered: its record (camelCase JSON) and its outcome in the caller's language. */
function viewOf(request: FastifyRequest, record: Row): Row {
  const key = record.outcomeKey;
  const params = record.outcomeParams as MessageParams | null | undefined;
  return { ...record, outcome: isErrorKey(key) ? translate(localeOfRequest(request), key, params ?? undefined) : null };
}

/**
 * Which runs a caller reaches: holders of the 任务运行 menu (job_run) every
 * run of their tenant within their data scope; anyone else the runs they
 * started themselves (the screen that started one follows its progress).
 */
function runScope(ctx: RequestContext, service: CrudService): RawBuilder<unknown> {
  if (ctx.services.access.can(ctx.grants, jobRunEntity.permission, 'view')) return service.scope(ctx);
  return sql`is_deleted = 0 and tenant_id = ${ctx.auth.tenantId} and create_user = ${ctx.auth.userId || null}`;
}

async function findRun(ctx: RequestContext, service: CrudService, id: string): Promise<Row | undefined> {
  const rows =
    await sql<Row>`select * from ${sql.table(jobRunEntity.table)} where id = ${id} and ${runScope(ctx, service)}`.execute(ctx.db);
  return rows.rows[0];
}

/**
 * The runs of the job queue (platform/jobs): the tenant's list (menu
 * 任务运行), one run for progress polling, and cancelling one. Runs are
 * written by the queue only; there is no submit or remove.
 */
export function registerJobRunRoutes(app: FastifyInstance, services: Services): void {
  const service = new CrudService(jobRunEntity);

  for (const name of ['page', 'list'] as const) {
    const declared = get({
      tags,
      summary: 'Job runs, paged (newest first)',
      description:
        'The runs of the caller’s tenant within their data scope: kind, parameters, state, progress, outcome. Needs the `job_run` menu.',
      query: listQueryOf(jobRunEntity),
      data: Page(JobRunView),
    });
    app.get(`${base}/${name}`, declared, async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(jobRunEntity, 'view');
      const page = await service.page(ctx, req.query as Query);
      return data({ ...page, records: page.records.map((record) => viewOf(req, record)) });
    });
  }

  const detail = get({
    tags,
    summary: 'One job run (poll it for progress)',
    description:
      'The run with its progress (progressDone of progressTotal), state and outcome; null when it is not the caller’s. Holders of the `job_run` menu see their tenant’s runs, anyone else the runs they started.',
    query: idQuery('id', 'the run'),
    data: Nullable(JobRunView),
  });
  app.get(`${base}/detail`, detail, async (req) => {
    const ctx = await contextOf(services, req);
    const row = await findRun(ctx, service, parseId((req.query as Query).id));
    return data(row ? viewOf(req, toJson(jobRunEntity, row)) : null);
  });

  const cancel = post({
    tags,
    summary: 'Cancel a job run',
    description:
      'A queued run is cancelled at once; a running one stops at its next chunk (work done so far is kept) and then reads cancelled. Needs the `job_run_cancel` button, or being the one who started the run. A finished run is a 400 (message jobRunFinished). Answers the run as it is after the request.',
    query: idQuery('id', 'the run'),
    data: JobRunView,
  });
  app.post(`${base}/cancel`, cancel, async (req) => {
    const ctx = await contextOf(services, req);
    const id = parseId((req.query as Query).id);
    const row = await findRun(ctx, service, id);
    if (!row) throw notFound();
    const isStarter = String(row.create_user ?? '') === ctx.auth.userId;
    if (!isStarter) ctx.requireCode(`${jobRunEntity.permission}_cancel`);
    const state = await services.jobs.cancel(id);
    if (state !== 'queued' && state !== 'running') throw badRequest('jobRunFinished');
    return data(viewOf(req, toJson(jobRunEntity, (await findRun(ctx, service, id))!)));
  });
}
