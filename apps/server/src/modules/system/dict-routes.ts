import {
  DictBizNode,
  DictItem,
  dictBizEntity,
  DictNode,
  dictEntity,
  inputOf,
  List,
  listQueryOf,
  Page,
  recordOf,
  schemaName,
  type EntityDef,
} from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { CrudService, parseId, NEXT_UPDATE_TIME } from '../../platform/crud/engine';
import { registerCrudRoutes } from '../../platform/crud/routes';
import { buildTree } from '../../platform/crud/tree';
import { data, status } from '../../platform/http/envelope';
import { badRequest } from '../../platform/http/errors';
import { get, idText, params, post, text } from '../../platform/http/operation';
import { contextOf } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';

type Query = Record<string, unknown>;

/** The code the spec's client sends to dict/tree for the list of dictionaries themselves (§7.8 "tree (code DICT)"). */
const CATALOGUE = 'DICT';

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
        if (!parent) throw badRequest('parentDictMissing');
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
      if (taken.rows.length > 0) throw badRequest('dictKeyTaken');
    },
    async afterSave(ctx, saved, existing) {
      // Renaming a dictionary renames its entries' code too, in the same transaction, so none is left behind.
      if (existing && String(saved.parent_id) === '0' && saved.code !== existing.code) {
        await sql`update ${sql.table(entity.table)} set code = ${saved.code}, update_time = ${NEXT_UPDATE_TIME}
          where parent_id = ${saved.id} and is_deleted = 0`.execute(ctx.db);
      }
    },
    async beforeRemove(ctx, ids) {
      const children =
        await sql`select 1 from ${sql.table(entity.table)} where is_deleted = 0 and parent_id in (${sql.join(ids)}) limit 1`.execute(
          ctx.db,
        );
      if (children.rows.length > 0) throw badRequest('removeChildrenFirst');
    },
  });
  registerCrudRoutes(app, services, entity, dicts, { except: ['list', 'submit'] });
  // A dictionary (parent) has no key of its own: its form sends none and it is stored as -1.
  app.post(
    `${base}/submit`,
    post({
      tags,
      summary: `${entity.label.zh} (${entity.label.en}): add or change a dictionary or an entry`,
      description:
        'A dictionary (parentId 0 or none) needs no dictKey (stored as -1); an entry takes its parent’s code. Dictionaries are unique by code, the entries of one dictionary by key.',
      body: inputOf(entity, { optional: ['dictKey'], name: `${schemaName(entity)}Input` }),
      form: true,
    }),
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

  const record = recordOf(entity);
  const node = entity === dictEntity ? DictNode : DictBizNode;
  const filters = listQueryOf(entity);
  app.get(`${base}/list`, get({ tags, summary: 'Dictionary tree', query: filters, data: List(node) }), async (req) => {
    const ctx = await view(req);
    return data(buildTree(await dicts.all(ctx, req.query as Query), { titleKey: 'dictValue' }));
  });
  const parents = get({ tags, summary: 'Dictionaries (parents), paged', query: filters, data: Page(record) });
  app.get(`${base}/parent-list`, parents, async (req) => {
    const ctx = await view(req);
    return data(await dicts.page(ctx, { ...(req.query as Query), parentId_equal: '0' }));
  });
  const children = get({
    tags,
    summary: 'Entries of a dictionary, paged',
    query: listQueryOf(entity, { parentId: idText('the dictionary') }),
    data: Page(record),
  });
  app.get(`${base}/child-list`, children, async (req) => {
    const ctx = await view(req);
    const { parentId, ...rest } = req.query as Query;
    return data(await dicts.page(ctx, { ...rest, parentId_equal: parseId(parentId, 'parentId') }));
  });
  // `code` names one dictionary: the tree is that dictionary with its entries. The spec's client asks with
  // code=DICT, the catalogue of dictionaries itself (its parent picker), as does a call without a code.
  app.get(
    `${base}/tree`,
    get({
      tags,
      summary: 'One dictionary with its entries (code), or the dictionaries for a parent picker (code DICT or none)',
      query: params({ code: text('a dictionary code; DICT or none: the catalogue of dictionaries') }),
      data: List(node),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      // The dictionary screen's tree; forms read entries through dictionary?code=, which anyone may.
      ctx.require(entity, 'view');
      const code = String((req.query as Query).code ?? '');
      const rows =
        code === '' || code === CATALOGUE
          ? await dicts.all(ctx, { parentId_equal: '0' })
          : await dicts.all(ctx, { code_equal: code }, [], 2000);
      return data(buildTree(rows, { titleKey: 'dictValue' }));
    },
  );
  // Every screen's selects: the live, unsealed entries of one dictionary.
  const dictionary = get({
    tags,
    summary: 'Entries of the dictionary with this code',
    description: 'The live entries that are not sealed, for selects.',
    query: params({ code: text('the dictionary code (e.g. sex)') }, ['code']),
    data: List(DictItem),
  });
  app.get(`${base}/dictionary`, dictionary, async (req) => {
    const ctx = await contextOf(services, req);
    const code = String((req.query as Query).code ?? '');
    if (!code) throw badRequest('missingParam', { name: 'code' });
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
