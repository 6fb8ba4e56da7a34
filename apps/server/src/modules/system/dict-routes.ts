import { dictBizEntity, dictEntity, type EntityDef } from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { CrudService, parseId } from '../../platform/crud/engine';
import { registerCrudRoutes } from '../../platform/crud/routes';
import { jsonSchemaOf } from '../../platform/crud/json-schema';
import { buildTree } from '../../platform/crud/tree';
import { data, status } from '../../platform/http/envelope';
import { badRequest } from '../../platform/http/errors';
import { contextOf } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';

type Query = Record<string, unknown>;

/**
 * System dictionaries (platform-wide) and business dictionaries (per tenant)
 * answer the same calls. A dictionary is a parent row (parentId 0, dictKey -1)
 * whose children are its entries; children inherit the parent's code.
 */
export function registerDictRoutes(app: FastifyInstance, services: Services): void {
  registerDictionary(app, services, dictEntity);
  registerDictionary(app, services, dictBizEntity);
}

function registerDictionary(app: FastifyInstance, services: Services, entity: EntityDef): void {
  const base = `/api${entity.base}`;
  const tags = [entity.label.en];
  const dicts = new CrudService(entity, {
    async beforeSave(ctx, values, existing) {
      const parentId = String(values.parent_id ?? existing?.parent_id ?? '0');
      if (parentId === '0') {
        values.dict_key = values.dict_key ?? existing?.dict_key ?? '-1';
      } else {
        const parent = await dicts.findRow(ctx, parentId);
        if (!parent) throw badRequest('上级字典不存在');
        values.code = parent.code; // an entry always belongs to its parent's dictionary
      }
      // Dictionaries are unique by code, the entries of one dictionary by key.
      const same =
        parentId === '0'
          ? sql`code = ${String(values.code ?? existing?.code)}`
          : sql`dict_key = ${String(values.dict_key ?? existing?.dict_key)}`;
      const taken = await sql`select 1 from ${sql.table(entity.table)} where is_deleted = 0 and parent_id = ${parentId}
        and ${same} and id <> ${existing?.id ?? '0'}
        ${entity.owner === 'tenant' ? sql`and tenant_id = ${ctx.auth.tenantId}` : sql``}`.execute(ctx.db);
      if (taken.rows.length > 0) throw badRequest('当前字典键值已存在!');
    },
    async afterSave(ctx, saved, existing) {
      // Renaming a dictionary renames its entries' code too, in the same transaction, so none is left behind.
      if (existing && String(saved.parent_id) === '0' && saved.code !== existing.code) {
        await sql`update ${sql.table(entity.table)} set code = ${saved.code}, update_time = localtimestamp(0)
          where parent_id = ${saved.id} and is_deleted = 0`.execute(ctx.db);
      }
    },
    async beforeRemove(ctx, ids) {
      const children =
        await sql`select 1 from ${sql.table(entity.table)} where is_deleted = 0 and parent_id in (${sql.join(ids)}) limit 1`.execute(
          ctx.db,
        );
      if (children.rows.length > 0) throw badRequest('请先删除子节点!');
    },
  });
  registerCrudRoutes(app, services, entity, dicts, { except: ['list', 'submit'] });
  // A dictionary (parent) has no key of its own: its form sends none and it is stored as -1.
  app.post(
    `${base}/submit`,
    { schema: { tags, summary: `${entity.label.zh} submit`, body: jsonSchemaOf(entity) } },
    async (req) => {
      const ctx = await contextOf(services, req);
      const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? { ...(req.body as Query) } : req.body;
      const input = (body ?? {}) as Query;
      ctx.require(entity, input.id ? 'edit' : 'add');
      const isParent =
        input.parentId === undefined ||
        input.parentId === null ||
        String(input.parentId) === '' ||
        String(input.parentId) === '0';
      if (!input.id && isParent && (input.dictKey === undefined || input.dictKey === null || input.dictKey === ''))
        input.dictKey = '-1';
      await dicts.submit(ctx, body);
      return status(true);
    },
  );
  const view = async (req: Parameters<typeof contextOf>[1]) => {
    const ctx = await contextOf(services, req);
    ctx.require(entity, 'view');
    return ctx;
  };

  app.get(`${base}/list`, { schema: { tags, summary: 'Dictionary tree' } }, async (req) => {
    const ctx = await view(req);
    return data(buildTree(await dicts.all(ctx, req.query as Query), { titleKey: 'dictValue' }));
  });
  app.get(`${base}/parent-list`, { schema: { tags, summary: 'Dictionaries (parents), paged' } }, async (req) => {
    const ctx = await view(req);
    return data(await dicts.page(ctx, { ...(req.query as Query), parentId_equal: '0' }));
  });
  app.get(`${base}/child-list`, { schema: { tags, summary: 'Entries of a dictionary, paged' } }, async (req) => {
    const ctx = await view(req);
    const { parentId, ...rest } = req.query as Query;
    return data(await dicts.page(ctx, { ...rest, parentId_equal: parseId(parentId, 'parentId') }));
  });
  app.get(`${base}/tree`, { schema: { tags, summary: 'Dictionaries for a parent picker' } }, async (req) => {
    const ctx = await contextOf(services, req);
    return data(buildTree(await dicts.all(ctx, { parentId_equal: '0' }), { titleKey: 'dictValue' }));
  });
  // Every screen's selects: the live, unsealed entries of one dictionary.
  app.get(`${base}/dictionary`, { schema: { tags, summary: 'Entries of the dictionary with this code' } }, async (req) => {
    const ctx = await contextOf(services, req);
    const code = String((req.query as Query).code ?? '');
    if (!code) throw badRequest('缺少必要的请求参数: code');
    const rows = await dicts.all(ctx, { code_equal: code, parentId_notequal: '0', isSealed_equal: 0 }, [], 2000);
    return data(
      rows.map((r) => ({
        id: r.id,
        parentId: r.parentId,
        code: r.code,
        dictKey: String(r.dictKey),
        dictValue: r.dictValue,
        sort: r.sort,
        remark: r.remark,
        isSealed: r.isSealed,
      })),
    );
  });
}
