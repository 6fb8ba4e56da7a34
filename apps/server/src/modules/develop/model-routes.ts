import {
  codeEntity,
  ColumnsLoaded,
  inputOf,
  isBlank,
  List,
  modelEntity,
  modelPrototypeEntity,
  SourceTable,
  SQL_NAME,
} from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { writeAudit } from '../../platform/crud/audit';
import { CrudService, NEXT_UPDATE_TIME, parseId, type CrudContext, type Row } from '../../platform/crud/engine';
import { idQuery, registerCrudRoutes } from '../../platform/crud/routes';
import { data, status } from '../../platform/http/envelope';
import { badRequest } from '../../platform/http/errors';
import { get, idText, params, post } from '../../platform/http/operation';
import { contextOf } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';
import { targetOf, withSource, type SourceRow } from './connection';
import { mergeColumns, prototypes } from './prototypes';
import { listTables, readColumns, type SourceColumn } from './source-tables';

/** A model's save, carrying the columns of its table read before the save's transaction began. */
interface ModelSave extends CrudContext {
  columns?: SourceColumn[];
}

/**
 * Data models (数据模型) and their columns (model-prototype). A model's table is read from its data
 * source when the model is added, or its source or table change (a table the source lacks is a
 * 400), and again by `load-columns`; the read happens before the save's transaction, so a slow
 * source never holds the product's database. Removing a model removes its columns; a model code
 * generation records use stays.
 */
export function registerModels(app: FastifyInstance, services: Services, datasources: CrudService): void {
  const models = new CrudService(modelEntity, {
    async afterSave(ctx, saved) {
      const { columns } = ctx as ModelSave;
      if (columns) await mergeColumns(ctx, String(saved.id), columns);
    },
    async beforeRemove(ctx, ids) {
      const used = await sql`select 1 from ${sql.table(codeEntity.table)}
        where model_id in (${sql.join(ids)}) and is_deleted = 0 limit 1`.execute(ctx.db);
      if (used.rows.length > 0) throw badRequest('modelInUse');
      const removed = await sql<Row>`update ${sql.table(modelPrototypeEntity.table)} set is_deleted = 1,
        update_user = ${ctx.auth.userId || null}, update_time = ${NEXT_UPDATE_TIME}
        where model_id in (${sql.join(ids)}) and is_deleted = 0 returning *`.execute(ctx.db);
      await writeAudit(
        ctx,
        modelPrototypeEntity,
        removed.rows.map((after) => ({ action: 'remove' as const, before: { ...after, is_deleted: 0 }, after })),
      );
    },
  });
  registerCrudRoutes(app, services, modelEntity, models, { except: ['submit'] });
  registerCrudRoutes(app, services, modelPrototypeEntity, prototypes);
  const base = `/api${modelEntity.base}`;
  const tags = [modelEntity.label.en];

  /** The source a model reads (the caller's, live), or undefined when the id names none (the save then refuses it). */
  const sourceOf = async (ctx: CrudContext, id: unknown) =>
    isBlank(id) || !/^\d{1,19}$/.test(String(id))
      ? undefined
      : ((await datasources.findRow(ctx, String(id))) as SourceRow | undefined);

  /** The columns of `table` in `source`, or a 400 when the source has no such table. */
  const columnsOf = async (source: SourceRow, table: string) => {
    const columns = await withSource(services, targetOf(source, services.secrets), (s) => readColumns(s, table));
    if (columns.length === 0) throw badRequest('modelTableMissing', { datasource: source.name, table });
    return columns;
  };

  app.post(
    `${base}/submit`,
    post({
      tags,
      summary: `${modelEntity.label.zh} (${modelEntity.label.en}): add or change a row`,
      description:
        'Without `id` adds a model (needs the `devmodel_add` button), with `id` changes the fields sent (`devmodel_edit`). ' +
        'Adding one, or changing its data source or table, reads the table’s columns from the source into its prototypes ' +
        '(a table the source does not have is a 400, and so is a source that cannot be reached). Platform administrator only.',
      body: inputOf(modelEntity),
      form: true,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      const body = (req.body ?? {}) as Record<string, unknown>;
      ctx.require(modelEntity, body.id ? 'edit' : 'add');
      const existing = body.id ? await models.findRow(ctx, parseId(body.id)) : undefined;
      const sourceId = 'datasourceId' in body ? body.datasourceId : existing?.datasource_id;
      const table = 'modelTable' in body ? String(body.modelTable ?? '').trim() : String(existing?.model_table ?? '');
      const moved = !existing || String(sourceId) !== String(existing.datasource_id) || table !== existing.model_table;
      const save: ModelSave = { ...ctx };
      const source = moved && SQL_NAME.test(table) ? await sourceOf(ctx, sourceId) : undefined;
      if (source) save.columns = await columnsOf(source, table);
      await models.submit(save, body);
      return status(true);
    },
  );

  app.post(
    `${base}/load-columns`,
    post({
      tags,
      summary: 'Read the model’s columns from its table again',
      description:
        'New columns are added as prototypes; the ones already there keep what was edited and take the table’s type, ' +
        'place and (when they had none) comment; prototypes of columns the table no longer has are removed, all in one ' +
        'transaction. Needs the `devmodel_edit` button. `id` in the query or the body.',
      query: params({ id: idText('the model') }),
      body: { type: 'object', properties: { id: { type: ['string', 'integer'], description: 'the model' } } },
      bodyOptional: true,
      form: true,
      data: ColumnsLoaded,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(modelEntity, 'edit');
      const id = parseId({ ...(req.query as Record<string, unknown>), ...((req.body as Record<string, unknown>) ?? {}) }.id);
      const model = await models.findRow(ctx, id);
      if (!model) throw badRequest('modelMissing');
      const source = await sourceOf(ctx, model.datasource_id);
      if (!source) throw badRequest('datasourceMissing');
      const table = String(model.model_table);
      const columns = await columnsOf(source, table);
      const merged = await services.db.transaction().execute(async (tx) => {
        // The model locked, so two loads of one model queue rather than adding a column twice.
        await models.findRow({ ...ctx, db: tx }, id, true);
        return mergeColumns({ ...ctx, db: tx }, id, columns);
      });
      return data({ table, total: columns.length, ...merged });
    },
  );

  app.get(
    `${base}/table-list`,
    get({
      tags,
      summary: 'The tables of a data source, for the model form',
      description:
        'Tables and views outside PostgreSQL’s own schemas whose names generated code can write unquoted (lower case): ' +
        'the current schema’s by name first, others as schema.table; at most 2,000. Needs the `devmodel` menu.',
      query: { ...idQuery('datasourceId', 'the data source') },
      data: List(SourceTable),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(modelEntity, 'view');
      const source = await sourceOf(ctx, parseId((req.query as Record<string, unknown>).datasourceId, 'datasourceId'));
      if (!source) throw badRequest('datasourceMissing');
      return data(await withSource(services, targetOf(source, services.secrets), listTables));
    },
  );
}
