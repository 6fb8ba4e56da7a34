import {
  flowActivityEntity,
  flowDefinitionEntity,
  FlowDefinitionRow,
  FlowHistoryItem,
  flowInstanceEntity,
  FlowItem,
  FlowModelView,
  flowModelEntity,
  List,
  Page,
} from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { registerCrudRoutes } from '../../platform/crud/routes';
import { parseId, parseIds, type Row, NEXT_UPDATE_TIME } from '../../platform/crud/engine';
import { data, status } from '../../platform/http/envelope';
import { badRequest } from '../../platform/http/errors';
import { fileField, get, idText, params, post } from '../../platform/http/operation';
import { contextOf, type RequestContext } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';
import { extensionOf, readUpload, withMultipart } from '../../platform/storage/index';
import { deployXml } from './definitions';
import { deleteInstance, INSTANCE_STATUS, requireInstanceReader } from './instances';
import { followList, pageOf } from './lists';
import { definitionJson } from './work-routes';

type Query = Record<string, unknown>;
const PAGE_QUERY = params({ current: { type: 'integer', minimum: 1 }, size: { type: 'integer', minimum: 1, maximum: 200 } });
const inputOf = (req: { query: unknown; body: unknown }): Query => ({
  ...((req.query ?? {}) as Query),
  ...((req.body ?? {}) as Query),
});

/** BPMN files: .bpmn or .xml whose text is XML. */
const BPMN_FILES = {
  typeOf(name: string, bytes: Buffer) {
    const ext = extensionOf(name);
    if (ext !== 'bpmn' && ext !== 'xml') return undefined;
    return bytes.subarray(0, 200).toString('utf8').trimStart().startsWith('<') ? 'application/xml' : undefined;
  },
  refused: 'flowFileRequired' as const,
};

/** An instance of the caller's tenant (any state) they may read (see requireInstanceReader), or a 400 / 403. */
async function instanceOf(ctx: RequestContext, raw: unknown): Promise<Row> {
  const id = parseId(raw, 'processInstanceId');
  const found = await sql<Row>`select * from blade_flow_instance where id = ${id} and tenant_id = ${ctx.auth.tenantId}
    and is_deleted = 0`.execute(ctx.db);
  const instance = found.rows[0];
  if (!instance) throw badRequest('flowInstanceMissing');
  await requireInstanceReader(ctx, instance);
  return instance;
}

/**
 * Process administration (spec §7.9): models (generic calls + deploy),
 * deployed definitions (manager: list, upload, change state, delete), running
 * instances (follow: list, delete with a reason), and any instance's diagram
 * and history (process). Tenant-bound; menus and buttons as seeded.
 */
export function registerManageRoutes(app: FastifyInstance, services: Services): void {
  registerCrudRoutes(app, services, flowModelEntity);
  const modelTags = [flowModelEntity.label.en];
  app.post(
    '/api/blade-flow/model/deploy',
    post({
      tags: modelTags,
      summary: 'Deploy a model',
      description: 'Its BPMN becomes the next version of its process key. Needs the model_deploy button.',
      query: params({ modelId: idText('the model') }, ['modelId']),
      bodyOptional: true,
      data: FlowDefinitionRow,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.requireCode('model_deploy');
      const modelId = parseId(inputOf(req).modelId ?? inputOf(req).id, 'modelId');
      const found = await sql<Row>`select * from blade_flow_model where id = ${modelId} and tenant_id = ${ctx.auth.tenantId}
        and is_deleted = 0`.execute(ctx.db);
      const model = found.rows[0];
      if (!model) throw badRequest('noRecord');
      const row = await deployXml(ctx, String(model.xml), `${String(model.model_key)}.bpmn`, modelId);
      await sql`update blade_flow_model set version = ${row.version} where id = ${modelId}`.execute(ctx.db);
      return data(definitionJson(row));
    },
  );

  const managerTags = [flowDefinitionEntity.label.en];
  app.get(
    '/api/blade-flow/manager/list',
    get({
      tags: managerTags,
      summary: 'Deployed process definitions',
      description: 'Every version, newest first. Needs the deploy menu.',
      query: params({ ...PAGE_QUERY.properties, processKey: { type: 'string' } }),
      data: Page(FlowDefinitionRow),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(flowDefinitionEntity, 'view');
      const q = req.query as Query;
      const key = typeof q.processKey === 'string' && q.processKey ? q.processKey : null;
      const definitions = sql`select * from blade_flow_definition where tenant_id = ${ctx.auth.tenantId} and is_deleted = 0
        and (${key}::text is null or process_key = ${key})`;
      return data(await pageOf(ctx, q, definitions, sql`process_key, version desc`, definitionJson));
    },
  );
  withMultipart(app, (scope) => {
    scope.post(
      '/api/blade-flow/manager/deploy-upload',
      post({
        tags: managerTags,
        summary: 'Deploy an uploaded BPMN file',
        description:
          'A .bpmn or .xml file with one executable process; a file that is not valid BPMN is refused with why and nothing is deployed. Needs the deploy_upload button.',
        multipart: { file: fileField('the BPMN 2.0 file') },
        data: FlowDefinitionRow,
      }),
      async (req) => {
        const ctx = await contextOf(services, req);
        ctx.requireCode('deploy_upload');
        const upload = await readUpload(req, 2 * 1024 * 1024, BPMN_FILES);
        const row = await deployXml(ctx, upload.bytes.toString('utf8'), upload.originalName);
        return data(definitionJson(row));
      },
    );
  });
  app.post(
    '/api/blade-flow/manager/change-state',
    post({
      tags: managerTags,
      summary: 'Suspend or activate a definition',
      description:
        '`state` active or suspend; a suspended definition cannot be started (running instances go on). Needs deploy_state.',
      query: params({ processId: idText('the definition'), state: { type: 'string', enum: ['active', 'suspend'] } }, [
        'processId',
        'state',
      ]),
      bodyOptional: true,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.requireCode('deploy_state');
      const input = inputOf(req);
      const id = parseId(input.processId, 'processId');
      if (input.state !== 'active' && input.state !== 'suspend') throw badRequest('flowStateInvalid');
      const changed = await sql`update blade_flow_definition set status = ${input.state === 'active' ? 1 : 2},
          update_user = ${ctx.auth.userId || null}, update_time = ${NEXT_UPDATE_TIME}
        where id = ${id} and tenant_id = ${ctx.auth.tenantId} and is_deleted = 0`.execute(ctx.db);
      if (Number(changed.numAffectedRows ?? 0) === 0) throw badRequest('flowDefinitionMissing');
      return status(true);
    },
  );
  app.post(
    '/api/blade-flow/manager/delete-deployment',
    post({
      tags: managerTags,
      summary: 'Delete deployments',
      description: 'Refused while one of them has running instances. Needs deploy_delete.',
      query: params({ deploymentIds: { type: 'string', description: 'ids joined by commas' } }, ['deploymentIds']),
      bodyOptional: true,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.requireCode('deploy_delete');
      const ids = parseIds(inputOf(req).deploymentIds, 'deploymentIds');
      await ctx.db.transaction().execute(async (db) => {
        const running = await sql`select 1 from blade_flow_instance where definition_id in (${sql.join(ids)})
          and tenant_id = ${ctx.auth.tenantId} and status = ${INSTANCE_STATUS.running} limit 1`.execute(db);
        if (running.rows.length) throw badRequest('flowDeploymentInUse');
        await sql`update blade_flow_definition set is_deleted = 1, update_time = ${NEXT_UPDATE_TIME}
          where id in (${sql.join(ids)}) and tenant_id = ${ctx.auth.tenantId}`.execute(db);
      });
      return status(true);
    },
  );

  const followTags = [flowInstanceEntity.label.en];
  app.get(
    '/api/blade-flow/follow/list',
    get({
      tags: followTags,
      summary: 'Running instances',
      description: 'Needs the follow menu.',
      query: PAGE_QUERY,
      data: Page(FlowItem),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(flowInstanceEntity, 'view');
      return data(await followList(ctx, req.query as Query));
    },
  );
  app.post(
    '/api/blade-flow/follow/delete-process-instance',
    post({
      tags: followTags,
      summary: 'Delete a running instance',
      description: 'It stops and its open tasks are cancelled; a reason is required. Needs follow_delete.',
      query: params({ processInstanceId: idText('the instance'), deleteReason: { type: 'string', maxLength: 500 } }, [
        'processInstanceId',
        'deleteReason',
      ]),
      bodyOptional: true,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.requireCode('follow_delete');
      const input = inputOf(req);
      const reason = typeof input.deleteReason === 'string' ? input.deleteReason.trim() : '';
      if (!reason) throw badRequest('flowDeleteReasonRequired');
      await deleteInstance(ctx, parseId(input.processInstanceId, 'processInstanceId'), reason.slice(0, 500));
      return status(true);
    },
  );

  const processTags = [flowActivityEntity.label.en];
  app.get(
    '/api/blade-flow/process/history-flow-list',
    get({
      tags: processTags,
      summary: 'History of an instance',
      description:
        'Activities in the order they began: who, when, how long (seconds), with what comment. For the people in the process (starter, assignees, candidates) and holders of the flow menus (403 otherwise).',
      query: params({ processInstanceId: idText('the instance') }, ['processInstanceId']),
      data: List(FlowHistoryItem),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      const instance = await instanceOf(ctx, (req.query as Query).processInstanceId);
      const rows = await sql<Row>`select a.*, u.real_name, t.is_pass,
          to_char(a.start_time, 'YYYY-MM-DD HH24:MI:SS') as started, to_char(a.end_time, 'YYYY-MM-DD HH24:MI:SS') as ended,
          (extract(epoch from (a.end_time - a.start_time)))::bigint as took
        from blade_flow_activity a left join blade_user u on u.id = a.assignee left join blade_flow_task t on t.id = a.task_id
        where a.instance_id = ${instance.id} and a.activity_type <> 'bpmn:SequenceFlow' order by a.id`.execute(ctx.db);
      return data(
        rows.rows.map((r) => ({
          historyActivityId: String(r.activity_id),
          historyActivityName: String(r.activity_name ?? r.activity_id),
          historyActivityType: String(r.activity_type),
          assignee: r.assignee === null ? null : String(r.assignee),
          assigneeName: r.real_name ?? null,
          createTime: String(r.started),
          endTime: r.ended ?? null,
          historyActivityDurationTime: r.took === null ? null : String(r.took),
          comment: r.comment ?? null,
          isPass: r.is_pass === null ? null : Number(r.is_pass) === 1,
        })),
      );
    },
  );
  app.get(
    '/api/blade-flow/process/model-view',
    get({
      tags: processTags,
      summary: 'Diagram with highlighted nodes',
      description:
        'The BPMN of an instance (processInstanceId) with the activities and flows it passed and those it waits in, or of a definition (processDefinitionId) with nothing highlighted.',
      query: params({ processInstanceId: idText('an instance'), processDefinitionId: idText('or a definition') }),
      data: FlowModelView,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      const q = req.query as Query;
      if (q.processInstanceId === undefined) {
        const id = parseId(q.processDefinitionId, 'processDefinitionId');
        const found =
          await sql<Row>`select xml from blade_flow_definition where id = ${id} and tenant_id = ${ctx.auth.tenantId}`.execute(
            ctx.db,
          );
        if (!found.rows[0]) throw badRequest('flowDefinitionMissing');
        return data({ xml: String(found.rows[0].xml), completed: [], current: [] });
      }
      const instance = await instanceOf(ctx, q.processInstanceId);
      const definition = await sql<Row>`select xml from blade_flow_definition where id = ${instance.definition_id}`.execute(
        ctx.db,
      );
      const activities = await sql<Row>`select activity_id, end_time from blade_flow_activity where instance_id = ${instance.id}
        order by id`.execute(ctx.db);
      const running = Number(instance.status) === INSTANCE_STATUS.running;
      const current = running ? activities.rows.filter((a) => a.end_time === null).map((a) => String(a.activity_id)) : [];
      const completed = activities.rows.filter((a) => a.end_time !== null).map((a) => String(a.activity_id));
      return data({
        xml: String(definition.rows[0]?.xml ?? ''),
        completed: [...new Set(completed)].filter((id) => !current.includes(id)),
        current: [...new Set(current)],
      });
    },
  );
}
