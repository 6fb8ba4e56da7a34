import {
  ConnectionTest,
  datasourceEntity,
  inputOf,
  isBlank,
  modelEntity,
  POSTGRES_DRIVER,
  VALIDATORS,
  type ErrorKey,
} from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { CrudService, parseId, type CrudContext, type Row } from '../../platform/crud/engine';
import { registerCrudRoutes } from '../../platform/crud/routes';
import { data, status } from '../../platform/http/envelope';
import { badRequest } from '../../platform/http/errors';
import { params, post, text } from '../../platform/http/operation';
import { contextOf } from '../../platform/http/request-context';
import type { SecretSeal } from '../../platform/security/sealed-secrets';
import type { Services } from '../../platform/services';
import { testConnection, targetOf, type ConnectTarget, type SourceRow } from './connection';

/** What only the server's configuration decides of the built-in source: its address, user, password and driver. */
const CONFIGURED = ['url', 'username', 'password', 'driverClass'] as const;

/** The product's own database as its row shows it: the server's address without its password, or the embedded one's folder. */
function ownDatabase(services: Services): { url: string; username: string } {
  if (services.config.databaseUrl) {
    const url = new URL(services.config.databaseUrl);
    const username = decodeURIComponent(url.username);
    url.username = '';
    url.password = '';
    return { url: url.toString(), username };
  }
  return { url: `pglite:${services.config.dataDir}`, username: '' };
}

const isBuiltIn = (row: Row | undefined) => Number(row?.built_in) === 1;

/**
 * Data sources (数据源管理): PostgreSQL only; the password kept when an update leaves it empty
 * (the edit form never shows it); the built-in source (the product's own database) answered with
 * the server's configuration, renamed at most, never removed; a source models read or a tenant is
 * bound to stays. `test` connects to a stored source, or to the values of a form not yet saved.
 */
export function registerDatasources(app: FastifyInstance, services: Services): CrudService {
  const own = ownDatabase(services);
  const datasources = new CrudService(datasourceEntity, {
    present: (row) => (isBuiltIn(row) ? { ...row, url: own.url, username: own.username, driver_class: POSTGRES_DRIVER } : row),
    beforeSave(_ctx, values, existing) {
      if (isBuiltIn(existing) && ['url', 'username', 'password', 'driver_class'].some((c) => c in values))
        throw badRequest('datasourceBuiltInFixed');
      if ('driver_class' in values && values.driver_class !== POSTGRES_DRIVER)
        throw badRequest('datasourceDriverInvalid', { driver: String(values.driver_class) });
    },
    async beforeRemove(ctx, ids) {
      const rows = await sql<Row>`select id, built_in from blade_datasource where id in (${sql.join(ids)})`.execute(ctx.db);
      if (rows.rows.some(isBuiltIn)) throw badRequest('datasourceBuiltIn');
      const models = await sql`select 1 from ${sql.table(modelEntity.table)}
        where datasource_id in (${sql.join(ids)}) and is_deleted = 0 limit 1`.execute(ctx.db);
      if (models.rows.length > 0) throw badRequest('datasourceInUse');
      const tenants = await sql<{ tenant_id: string }>`select tenant_id from blade_tenant
        where datasource_id in (${sql.join(ids)}) and is_deleted = 0 order by tenant_id`.execute(ctx.db);
      if (tenants.rows.length > 0) throw badRequest('datasourceBoundTenant', { tenants: tenants.rows.map((t) => t.tenant_id) });
    },
  });
  registerCrudRoutes(app, services, datasourceEntity, datasources, { except: ['submit'] });
  const base = `/api${datasourceEntity.base}`;
  const tags = [datasourceEntity.label.en];

  app.post(
    `${base}/submit`,
    post({
      tags,
      summary: `${datasourceEntity.label.zh} (${datasourceEntity.label.en}): add or change a row`,
      description:
        'Without `id` adds a data source (needs the `datasource_add` button), with `id` changes the fields sent (`datasource_edit`). ' +
        'The password is never answered; an update without one, or with an empty one, keeps it. The built-in source ' +
        '(the product’s own database) takes a new name and remark only: its address, user, password and driver are the ' +
        'server’s configuration (values equal to the ones answered are ignored, others refused). Platform administrator only.',
      body: inputOf(datasourceEntity),
      form: true,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      const body = { ...((req.body ?? {}) as Record<string, unknown>) };
      ctx.require(datasourceEntity, body.id ? 'edit' : 'add');
      if (body.id) {
        const existing = await datasources.findRow(ctx, parseId(body.id));
        // The edit form sends the built-in source's fields back as it read them: those are not changes.
        if (isBuiltIn(existing)) {
          const shown: Record<(typeof CONFIGURED)[number], string> = { ...own, password: '', driverClass: POSTGRES_DRIVER };
          for (const field of CONFIGURED) if (isBlank(body[field]) || body[field] === shown[field]) delete body[field];
        }
      }
      await datasources.submit(ctx, body);
      return status(true);
    },
  );

  app.post(
    `${base}/test`,
    post({
      tags,
      summary: 'Connect to a data source and answer its version',
      description:
        'With `id`, the stored source (the built-in one as the server is configured); `url`, `username` and `password` ' +
        'sent beside it replace the stored ones for this test (an empty password keeps the stored one). Without `id`, the ' +
        'values of a form not yet saved. Parameters in the query or the body. A failure is a 400 saying why: refused, ' +
        `unknown host, no answer within 5 s, wrong user or password, no such database. Platform administrator only.`,
      query: params({
        id: { type: 'string', pattern: '^\\d{1,19}$', description: 'a stored data source' },
        url: text('jdbc:postgresql://host[:port]/database or postgres://…'),
        username: text('the user'),
        password: text('the password (never answered)'),
        driverClass: text('org.postgresql.Driver (the only one)'),
      }),
      body: {
        type: 'object',
        properties: {
          id: { type: ['string', 'integer'], description: 'a stored data source' },
          url: { type: 'string' },
          username: { type: 'string' },
          password: { type: 'string' },
          driverClass: { type: 'string' },
        },
      },
      bodyOptional: true,
      form: true,
      data: ConnectionTest,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(datasourceEntity, 'view');
      const input = { ...(req.query as Record<string, unknown>), ...((req.body as Record<string, unknown>) ?? {}) };
      const target = await targetToTest(ctx, datasources, services.secrets, input);
      return data(await testConnection(services, target));
    },
  );
  return datasources;
}

const given = (value: unknown) => (isBlank(value) ? undefined : String(value).trim());

/** The connection a test makes: a stored source with what the caller changed, or the caller's values alone. */
async function targetToTest(
  ctx: CrudContext,
  datasources: CrudService,
  secrets: SecretSeal,
  input: Record<string, unknown>,
): Promise<ConnectTarget> {
  const driver = given(input.driverClass);
  if (driver !== undefined && driver !== POSTGRES_DRIVER) throw badRequest('datasourceDriverInvalid', { driver });
  let target: ConnectTarget = { url: '', username: '', password: null, builtIn: false };
  if (!isBlank(input.id)) {
    const row = await datasources.findRow(ctx, parseId(input.id));
    if (!row) throw badRequest('datasourceMissing');
    target = targetOf(row as unknown as SourceRow, secrets);
    if (target.builtIn) return target;
  }
  const url = given(input.url) ?? target.url;
  const username = given(input.username) ?? target.username;
  const check = (value: string, empty: ErrorKey, validator?: (v: unknown) => ErrorKey | undefined) => {
    if (!value) throw badRequest(empty);
    const problem = validator?.(value);
    if (problem) throw badRequest(problem);
  };
  check(url, 'datasourceUrlRequired', VALIDATORS.databaseUrl);
  check(username, 'datasourceUserRequired');
  return { url, username, password: given(input.password) ?? target.password, builtIn: false };
}
