import { CONFIG_ENABLED, type EntityDef } from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { inTransaction } from '../../platform/crud/audit';
import { parseId, type CrudContext, type CrudService, type Row } from '../../platform/crud/engine';
import { idQuery } from '../../platform/crud/routes';
import { status } from '../../platform/http/envelope';
import { badRequest, notFound } from '../../platform/http/errors';
import { post } from '../../platform/http/operation';
import { contextOf } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';
import { paramsOf } from '../billing/bill-routes';

/**
 * Makes one configuration the tenant's enabled one, or none: enabling disables every other configuration
 * of the tenant in the same transaction, so at most one is ever enabled. Concurrent enables of one
 * tenant's configurations queue on an advisory lock (a row lock would not see a row enabled by a
 * transaction that committed after this one read), each change through the engine with its audit row.
 */
export async function setEnabled(ctx: CrudContext, service: CrudService, id: string, enable: boolean): Promise<void> {
  const table = service.entity.table;
  await inTransaction(ctx.db, async (db) => {
    const tx = { ...ctx, db };
    await sql`select pg_advisory_xact_lock(hashtext(${`${table}:${ctx.auth.tenantId}`}))`.execute(db);
    const row = await service.findRow(tx, id, true);
    if (!row) throw notFound();
    if (enable) {
      const others = await sql<Row>`select * from ${sql.table(table)} where tenant_id = ${ctx.auth.tenantId}
        and status = ${CONFIG_ENABLED.yes} and is_deleted = 0 and id <> ${id} order by id for update`.execute(db);
      for (const other of others.rows) await service.update(tx, String(other.id), { status: CONFIG_ENABLED.no }, other);
    }
    const wanted = enable ? CONFIG_ENABLED.yes : CONFIG_ENABLED.no;
    if (Number(row.status) !== wanted) await service.update(tx, id, { status: wanted }, row);
  });
}

/** The id of an enable or disable call: in the query string (the spec's clients) or a form or JSON body. */
export function configIdOf(req: Parameters<typeof paramsOf>[0]): string {
  return parseId(paramsOf(req).id);
}

/**
 * `enable` and `disable` of a configuration entity (spec §4 "OSS and SMS configs have an enable action";
 * disable, beyond the spec, goes back to none enabled). Both need the `<permission>_enable` button.
 * `beforeEnable` checks the configuration first (a bucket that cannot be reached is refused).
 */
export function registerEnableRoutes(
  app: FastifyInstance,
  services: Services,
  entity: EntityDef,
  service: CrudService,
  /** Summary and description of each call in the document. */
  words: { enable: [string, string]; disable: [string, string] },
  beforeEnable?: (ctx: CrudContext, row: Row) => Promise<void>,
): void {
  const base = `/api${entity.base}`;
  const code = `${entity.permission}_enable`;
  const declare = (summary: string, description: string) =>
    post({
      tags: [entity.label.en],
      summary,
      description: `${description} Needs the \`${code}\` button. \`id\` may travel in a form or JSON body instead.`,
      query: idQuery('id', 'the configuration'),
      body: { type: 'object', properties: { id: { type: 'string', pattern: '^\\d{1,19}$' } } },
      form: true,
      bodyOptional: true,
    });
  for (const [action, enable] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    app.post(`${base}/${action}`, declare(...words[action]), async (req) => {
      const ctx = await contextOf(services, req);
      ctx.requireCode(code);
      const id = configIdOf(req);
      if (enable && beforeEnable) {
        const row = await service.findRow(ctx, id);
        if (!row) throw notFound();
        await beforeEnable(ctx, row);
      }
      await setEnabled(ctx, service, id, enable);
      return status(true);
    });
  }
}

/** The dictionary key a save gives (`oss`, `sms`: 1 to 4), refused with the field's own message when it is none of them. */
export function checkCategory(
  values: Record<string, unknown>,
  keys: ReadonlyArray<number>,
  message: 'ossCategoryRequired' | 'smsCategoryRequired',
): void {
  if ('category' in values && !keys.includes(Number(values.category))) throw badRequest(message);
}
