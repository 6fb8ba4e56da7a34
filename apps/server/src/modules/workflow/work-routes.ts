import { flowDefinitionEntity, FlowDefinitionRow, FlowItem, flowTaskEntity, NoData, Page, Type } from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { parseId, toJson, type Row } from '../../platform/crud/engine';
import { data, status } from '../../platform/http/envelope';
import { badRequest } from '../../platform/http/errors';
import { get, idText, params, post } from '../../platform/http/operation';
import { contextOf } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';
import { claimTask, completeTask } from './instances';
import { claimList, doneList, pageOf, sendList, todoList } from './lists';

type Query = Record<string, unknown>;
const PAGE_QUERY = params({ current: { type: 'integer', minimum: 1 }, size: { type: 'integer', minimum: 1, maximum: 200 } });
/** Parameters may come in the query string, a JSON body or a form body. */
const inputOf = (req: { query: unknown; body: unknown }): Query => ({
  ...((req.query ?? {}) as Query),
  ...((req.body ?? {}) as Query),
});

/** A definition row as the start and manager lists show it. */
export const definitionJson = (row: Row) => ({
  ...toJson(flowDefinitionEntity, row),
  deploymentId: String(row.id),
  suspended: Number(row.status) !== 1,
});

/**
 * My work (spec §4, §7.9 /blade-flow/work): what one may start, claim, has
 * to do, has sent and has done; claim and complete. Any signed-in user: the
 * lists are the caller's own (candidates and assignee decide), in their tenant.
 */
export function registerWorkRoutes(app: FastifyInstance, services: Services): void {
  const base = '/api/blade-flow/work';
  const tags = [flowTaskEntity.label.en];
  const itemPage = (summary: string, description: string) =>
    get({ tags, summary, description, query: PAGE_QUERY, data: Page(FlowItem) });

  app.get(
    `${base}/start-list`,
    get({
      tags,
      summary: 'Processes one may start',
      description: 'The latest active version of each process key of the caller’s tenant.',
      query: params({ ...PAGE_QUERY.properties, name: { type: 'string' } }),
      data: Page(FlowDefinitionRow),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      const q = req.query as Query;
      const name = typeof q.name === 'string' && q.name ? `%${q.name}%` : '%';
      const latest = sql`select * from blade_flow_definition d where d.tenant_id = ${ctx.auth.tenantId} and d.is_deleted = 0
        and d.status = 1 and d.name like ${name} and d.version = (select max(version) from blade_flow_definition x
          where x.tenant_id = d.tenant_id and x.process_key = d.process_key and x.is_deleted = 0 and x.status = 1)`;
      return data(await pageOf(ctx, q, latest, sql`d.process_key`, definitionJson));
    },
  );
  app.get(
    `${base}/claim-list`,
    itemPage('Tasks one may claim', 'Open, unassigned tasks naming the caller, one of their roles or departments.'),
    async (req) => data(await claimList(await contextOf(services, req), req.query as Query)),
  );
  app.get(`${base}/todo-list`, itemPage('My tasks', 'Open tasks assigned to the caller.'), async (req) =>
    data(await todoList(await contextOf(services, req), req.query as Query)),
  );
  app.get(
    `${base}/send-list`,
    get({
      tags,
      summary: 'Processes I started',
      description: 'Every instance the caller started, running or not; `processKey` keeps one process’s.',
      query: params({ ...PAGE_QUERY.properties, processKey: { type: 'string', maxLength: 64 } }),
      data: Page(FlowItem),
    }),
    async (req) => data(await sendList(await contextOf(services, req), req.query as Query)),
  );
  app.get(`${base}/done-list`, itemPage('Tasks I finished', 'Tasks the caller completed, newest first.'), async (req) =>
    data(await doneList(await contextOf(services, req), req.query as Query)),
  );
  app.post(
    `${base}/claim-task`,
    post({
      tags,
      summary: 'Claim a task',
      description: 'The caller must be a candidate; a task someone has claimed is refused (flowTaskClaimed).',
      query: params({ taskId: idText('the task') }, ['taskId']),
      bodyOptional: true,
      data: NoData,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      await claimTask(ctx, parseId(inputOf(req).taskId, 'taskId'));
      return status(true);
    },
  );
  app.post(
    `${base}/complete-task`,
    post({
      tags,
      summary: 'Complete a task',
      description:
        'Only the task’s assignee. `pass` approves (true) or rejects (false): the process variable `approved`; `comment` goes to the history; `variables` are set on the process.',
      body: params(
        {
          taskId: idText('the task'),
          pass: { type: 'boolean', description: 'approve (true) or reject (false)' },
          comment: { type: 'string', maxLength: 500 },
          variables: Type.Record(Type.String(), Type.Unknown()),
        },
        ['taskId', 'pass'],
      ),
      data: NoData,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      const input = inputOf(req);
      const pass = input.pass === true || input.pass === 'true' || input.flag === 'ok';
      const comment = typeof input.comment === 'string' ? input.comment.trim() : '';
      if (comment.length > 500) throw badRequest('tooLong', { name: flowTaskEntity.fields.comment ? 'comment' : '', max: 500 });
      const variables =
        input.variables && typeof input.variables === 'object' && !Array.isArray(input.variables)
          ? (input.variables as Query)
          : {};
      await completeTask(ctx, parseId(input.taskId, 'taskId'), { pass, comment, variables });
      return status(true);
    },
  );
}
