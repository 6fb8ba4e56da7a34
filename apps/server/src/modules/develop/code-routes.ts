import {
  codeEntity,
  CodeCopy,
  copyName,
  ENTITIES,
  GEN_SYSTEMS,
  isBlank,
  menuEntity,
  modelEntity,
  modelPrototypeEntity,
  type EntityDef,
  type GenSystem,
} from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { strToU8, zipSync } from 'fflate';
import { sql } from 'kysely';
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CrudService, parseId, parseIds, toJson, type Row } from '../../platform/crud/engine';
import { uniqueFields } from '../../platform/crud/fields';
import { registerCrudRoutes } from '../../platform/crud/routes';
import { MIGRATIONS_DIR } from '../../platform/db/migrate';
import { data } from '../../platform/http/envelope';
import { badRequest, notFound } from '../../platform/http/errors';
import { fileAnswer, params, post, text } from '../../platform/http/operation';
import { contextOf, type RequestContext } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';
import { MENUS, type MenuSeed } from '../../seed/data/menus';
import { generate, planModules, type RecordInput } from './codegen/index';

/** The repository this server runs from: generated code must not land on a folder it already has. */
const REPOSITORY = fileURLToPath(new URL('../../../../../', import.meta.url));

/** Every code of the seeded menu tree (menus and buttons), and the codes of its groups. */
function seededMenus(): { codes: Set<string>; groups: Set<string> } {
  const codes = new Set<string>();
  const groups = new Set<string>();
  const walk = (menus: ReadonlyArray<MenuSeed>) => {
    for (const menu of menus) {
      codes.add(menu.code);
      if (menu.children) groups.add(menu.code);
      for (const button of menu.buttons ?? []) codes.add(button.code);
      walk(menu.children ?? []);
    }
  };
  walk(MENUS);
  return { codes, groups };
}
const SEEDED = seededMenus();

/** What a code record's generation reads: its model, the model's source's name and columns, the menu group. */
async function generationInputOf(ctx: RequestContext, code: Row): Promise<RecordInput> {
  const scope = (entity: EntityDef) => sql.join([sql`is_deleted = 0`, ...ctx.rowScope(entity)], sql` and `);
  const model = (
    await sql<Row>`select m.*, d.name as datasource_name from ${sql.table(modelEntity.table)} m
      left join blade_datasource d on d.id = m.datasource_id and d.is_deleted = 0
      where m.id = ${code.model_id} and m.is_deleted = 0`.execute(ctx.db)
  ).rows[0];
  if (!model) throw badRequest('modelMissing');
  const prototypes = await sql<Row>`select * from ${sql.table(modelPrototypeEntity.table)}
    where model_id = ${model.id} and ${scope(modelPrototypeEntity)} order by sort, id`.execute(ctx.db);
  const parent = (
    await sql<Row>`select g.code, g.name, (select coalesce(max(c.sort), 0) from blade_menu c
        where c.parent_id = g.id and c.category = 1 and c.is_deleted = 0) as last_sort
      from ${sql.table(menuEntity.table)} g where g.id = ${code.menu_parent_id} and g.is_deleted = 0`.execute(ctx.db)
  ).rows[0];
  if (!parent) throw badRequest('referenceMissing', { name: 'menuParentId' });
  return {
    code,
    model,
    datasourceName: String(model.datasource_name ?? ''),
    prototypes: prototypes.rows,
    parent: { code: String(parent.code), name: String(parent.name), isGroup: SEEDED.groups.has(String(parent.code)) },
    menuSort: Number(parent.last_sort) + 1,
  };
}

/**
 * Code generation records (代码生成): the generic calls, `copy` (a duplicate named as a copy) and
 * `gen-code` (the generated files of the records asked, as a zip).
 */
export function registerCodes(app: FastifyInstance, services: Services): void {
  const codes = new CrudService(codeEntity);
  registerCrudRoutes(app, services, codeEntity, codes);
  const base = `/api${codeEntity.base}`;
  const tags = [codeEntity.label.en];
  const idOf = (req: { query: unknown; body: unknown }, name: string) =>
    ({ ...(req.query as Record<string, unknown>), ...((req.body as Record<string, unknown>) ?? {}) })[name];

  app.post(
    `${base}/copy`,
    post({
      tags,
      summary: 'Duplicate a code generation record',
      description:
        'A new record with every setting of the one named by `id` (query or body), its module name marked as a copy; ' +
        'answers the new record. Needs the `code_copy` button. Platform administrator only.',
      query: params({ id: { type: 'string', pattern: '^\\d{1,19}$', description: 'the record to copy' } }),
      body: { type: 'object', properties: { id: { type: ['string', 'integer'], description: 'the record to copy' } } },
      bodyOptional: true,
      form: true,
      data: CodeCopy,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(codeEntity, 'view');
      ctx.requireCode('code_copy');
      const original = await codes.findRow(ctx, parseId(idOf(req, 'id')));
      if (!original) throw notFound();
      const values: Row = {};
      for (const field of uniqueFields(codeEntity)) if (!field.def.readOnly) values[field.column] = original[field.column];
      // The name keeps within its length with the mark added.
      const max = codeEntity.fields.codeName!.maxLength!;
      values.code_name = copyName(String(original.code_name).slice(0, max - copyName('').length));
      const copy = await services.db.transaction().execute((tx) => codes.insert({ ...ctx, db: tx }, values));
      return data(toJson(codeEntity, copy));
    },
  );

  app.post(
    `${base}/gen-code`,
    post({
      tags,
      summary: 'Generate the code of records, as a zip',
      description:
        'For each record (`ids`, comma-separated): the entity definition of its model’s columns in this codebase’s style ' +
        '(packages/domain/src/entities/<folder>/<name>.entity.ts and its index), its messages in Chinese and English, the ' +
        'server module serving its calls, the SQL migration creating its table (and adding its menu to databases seeded ' +
        'before), migrations/schema.json with the new tables, and GENERATED.md with the lines that register it. Records of ' +
        'one service name make one module. `system`: `console` adds the console screens the model asks for (columns left ' +
        'out of the list, multi-line text), `api` no console code; anything else is a 400. Refused (400) when a name the ' +
        'product uses already would be taken: entity, table, API path, menu code, folder. Parameters in the query or the ' +
        'body. Needs the `code_gen` button. Platform administrator only.',
      query: params(
        {
          ids: {
            type: 'string',
            pattern: '^\\s*\\d{1,19}(\\s*,\\s*\\d{1,19})*\\s*,?\\s*$',
            description: 'comma-separated record ids',
          },
          system: text(`the target: ${GEN_SYSTEMS.join(' or ')}`),
        },
        ['ids', 'system'],
      ),
      body: {
        type: 'object',
        properties: { ids: { type: 'string' }, system: { type: 'string', enum: [...GEN_SYSTEMS] } },
      },
      bodyOptional: true,
      form: true,
      answers: { 200: fileAnswer('The generated files, by their paths in the repository', 'application/zip') },
    }),
    async (req, reply) => {
      const ctx = await contextOf(services, req);
      ctx.require(codeEntity, 'view');
      ctx.requireCode('code_gen');
      const system = idOf(req, 'system');
      if (isBlank(system)) throw badRequest('missingParam', { name: 'system' });
      if (!GEN_SYSTEMS.includes(String(system) as GenSystem))
        throw badRequest('codeSystemInvalid', { system: String(system), systems: [...GEN_SYSTEMS] });
      const ids = parseIds(idOf(req, 'ids'));
      const rows = await sql<Row>`select * from ${sql.table(codeEntity.table)}
        where id in (${sql.join(ids)}) and ${codes.scope(ctx)}`.execute(ctx.db);
      if (rows.rows.length === 0) throw notFound();
      // In the order asked.
      const records = ids.map((id) => rows.rows.find((r) => String(r.id) === id)).filter((r): r is Row => !!r);
      const inputs: RecordInput[] = [];
      for (const record of records) inputs.push(await generationInputOf(ctx, record));
      const live = await sql<{ code: string }>`select code from blade_menu where is_deleted = 0 and code is not null`.execute(
        ctx.db,
      );
      const menuCodes = new Set([...SEEDED.codes, ...live.rows.map((r) => r.code)]);
      const modules = planModules(inputs, ENTITIES, menuCodes, (paths) =>
        paths.find((path) => existsSync(`${REPOSITORY}${path}`)),
      );
      const migrations = readdirSync(MIGRATIONS_DIR).filter((f) => /^\d{4}_.+\.sql$/.test(f)).length;
      const { files } = generate(modules, String(system) as GenSystem, migrations);
      const zip = zipSync(Object.fromEntries(Object.entries(files).map(([path, content]) => [path, strToU8(content)])));
      const name = modules.length === 1 ? modules[0]!.service : 'generated-code';
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="${name}.zip"`)
        .send(Buffer.from(zip));
    },
  );
}
