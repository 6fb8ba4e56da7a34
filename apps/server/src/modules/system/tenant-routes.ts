import { Nullable, recordOf, TenantOfDomain, tenantEntity, tenantPackageEntity } from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { CrudService, parseId, parseIds, toJson, NEXT_UPDATE_TIME } from '../../platform/crud/engine';
import { registerCrudRoutes } from '../../platform/crud/routes';
import { isPlatformAdmin } from '../../platform/http/context';
import { data, status } from '../../platform/http/envelope';
import { badRequest, forbidden } from '../../platform/http/errors';
import { get, idText, params, post, text } from '../../platform/http/operation';
import { contextOf } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';
import { paramValue } from './params';
import { newTenantId, provisionTenant } from './tenant-service';

const BASE = '/api/blade-system/tenant';
const tags = ['Tenant'];
type Body = Record<string, unknown>;

/** Tenants and their packages: platform data, managed by the platform administrator. */
export function registerTenantRoutes(app: FastifyInstance, services: Services): void {
  const tenants = new CrudService(tenantEntity, {
    async beforeSave(ctx, values, existing) {
      if (existing) return;
      values.tenant_id = await newTenantId(ctx.db);
      if (values.account_number === undefined) {
        values.account_number = Number(await paramValue(ctx.db, 'tenant.default.accountNumber', '-1'));
      }
    },
    async afterSave(ctx, saved, existing) {
      if (!existing) await provisionTenant(ctx.db, String(saved.tenant_id), String(saved.tenant_name), ctx.auth.userId);
      await services.access.invalidate();
    },
    async beforeRemove(ctx, ids) {
      const platform = await sql`select 1 from blade_tenant where id in (${sql.join(ids)}) and tenant_id = '000000'`.execute(
        ctx.db,
      );
      if (platform.rows.length > 0) throw badRequest('platformTenantFixed');
    },
  });
  registerCrudRoutes(app, services, tenantEntity, tenants);
  registerCrudRoutes(
    app,
    services,
    tenantPackageEntity,
    new CrudService(tenantPackageEntity, { afterSave: () => services.access.invalidate() }),
  );

  const platformOnly = async (req: Parameters<typeof contextOf>[1]) => {
    const ctx = await contextOf(services, req);
    if (!isPlatformAdmin(ctx.auth)) throw forbidden();
    return ctx;
  };

  // Grant settings of several tenants at once: account quota and expiry.
  const sent = 'The parameters may travel in a form or JSON body instead. Platform administrator only.';
  const tenantId = text('the tenant (its six-digit id)');
  const setting = post({
    tags,
    summary: 'Account quota and expiry of tenants',
    description: `Only what is sent changes. The platform tenant never expires. ${sent}`,
    query: params(
      {
        ids: text('comma-separated tenant row ids'),
        accountNumber: text('most accounts the tenants may have; empty or -1: no limit'),
        expireTime: text('yyyy-MM-dd[ HH:mm:ss] after which sign-in is refused; empty: never'),
      },
      ['ids'],
    ),
  });
  app.post(`${BASE}/setting`, setting, async (req) => {
    const ctx = await platformOnly(req);
    const input = { ...(req.query as Body), ...((req.body as Body) ?? {}) };
    const ids = parseIds(input.ids);
    // Only what was sent changes: a quota alone keeps the expiry, and the reverse.
    const sets = [sql`update_user = ${ctx.auth.userId}`, sql`update_time = ${NEXT_UPDATE_TIME}`];
    if (input.accountNumber !== undefined) {
      const accountNumber = input.accountNumber === '' || input.accountNumber === null ? -1 : Number(input.accountNumber);
      if (!Number.isInteger(accountNumber)) throw badRequest('accountNumberInvalid');
      sets.push(sql`account_number = ${accountNumber}`);
    }
    if (input.expireTime !== undefined) {
      const expireTime = input.expireTime ? String(input.expireTime) : null;
      if (expireTime && !/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/.test(expireTime)) throw badRequest('expireTimeInvalid');
      sets.push(sql`expire_time = ${expireTime}::timestamp`);
    }
    // The platform itself never expires: that would lock every administrator out.
    await sql`update blade_tenant set ${sql.join(sets)} where id in (${sql.join(ids)})
      and (tenant_id <> '000000' or ${input.expireTime === undefined || !input.expireTime})`.execute(services.db);
    return status(true);
  });

  const datasource = post({
    tags,
    summary: 'Bind a tenant to a data source',
    description: sent,
    query: params({ tenantId: tenantId, datasourceId: idText('the data source; empty: none') }, ['tenantId']),
  });
  app.post(`${BASE}/datasource`, datasource, async (req) => {
    const ctx = await platformOnly(req);
    const input = { ...(req.query as Body), ...((req.body as Body) ?? {}) };
    const tenantId = String(input.tenantId ?? '');
    const datasourceId = input.datasourceId ? parseId(input.datasourceId, 'datasourceId') : null;
    // A live data source of the development tools (数据源管理), or none.
    if (datasourceId) {
      const found = await sql`select 1 from blade_datasource where id = ${datasourceId} and is_deleted = 0`.execute(services.db);
      if (found.rows.length === 0) throw badRequest('datasourceMissing');
    }
    await sql`update blade_tenant set datasource_id = ${datasourceId}, update_user = ${ctx.auth.userId},
      update_time = ${NEXT_UPDATE_TIME} where tenant_id = ${tenantId}`.execute(services.db);
    return status(true);
  });

  // Public: the sign-in page asks which tenant a domain belongs to.
  const info = get({
    tags,
    summary: 'Tenant bound to a domain',
    description: 'For the sign-in page: an empty object when no tenant is bound to the domain.',
    query: params({ domain: text('the domain the console is served at') }),
    data: TenantOfDomain,
    public: true,
  });
  app.get(`${BASE}/info`, info, async (req) => {
    const domain = String((req.query as Body).domain ?? '');
    if (!domain) return data({});
    const rows = await sql<{
      tenant_id: string;
      domain: string;
      background_url: string | null;
    }>`select tenant_id, domain, background_url
      from blade_tenant where domain = ${domain} and is_deleted = 0 limit 1`.execute(services.db);
    const t = rows.rows[0];
    return data(t ? { tenantId: t.tenant_id, domain: t.domain, backgroundUrl: t.background_url ?? '' } : {});
  });

  const packageDetail = get({
    tags,
    summary: 'The package of a tenant',
    query: params({ tenantId }, ['tenantId']),
    data: Nullable(recordOf(tenantPackageEntity)),
  });
  app.get(`${BASE}/package-detail`, packageDetail, async (req) => {
    const ctx = await platformOnly(req);
    const tenantId = String((req.query as Body).tenantId ?? '');
    const rows = await sql<
      Record<string, unknown>
    >`select p.* from blade_tenant t join blade_tenant_package p on p.id = t.package_id
      where t.tenant_id = ${tenantId} and t.is_deleted = 0 and p.is_deleted = 0`.execute(ctx.db);
    return data(rows.rows[0] ? toJson(tenantPackageEntity, rows.rows[0]) : null);
  });

  const packageSetting = post({
    tags,
    summary: 'Give a tenant a package',
    description: sent,
    query: params({ tenantId: tenantId, packageId: idText('the package; empty: none') }, ['tenantId']),
  });
  app.post(`${BASE}/package-setting`, packageSetting, async (req) => {
    const ctx = await platformOnly(req);
    const input = { ...(req.query as Body), ...((req.body as Body) ?? {}) };
    const tenantId = String(input.tenantId ?? '');
    const packageId = input.packageId ? parseId(input.packageId, 'packageId') : null;
    if (packageId) {
      const exists = await sql`select 1 from blade_tenant_package where id = ${packageId} and is_deleted = 0`.execute(ctx.db);
      if (exists.rows.length === 0) throw badRequest('packageMissing');
    }
    await sql`update blade_tenant set package_id = ${packageId}, update_user = ${ctx.auth.userId},
      update_time = ${NEXT_UPDATE_TIME} where tenant_id = ${tenantId}`.execute(services.db);
    await services.access.invalidate();
    return status(true);
  });
}
