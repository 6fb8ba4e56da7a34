import { inputOf, listQueryOf, Nullable, Page, recordOf, userEntity } from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { hashTypedPassword, signInDigest, verifyDigest } from '../../platform/auth/password';
import { CrudService, parseId, parseIds, toJson, type CrudContext, NEXT_UPDATE_TIME } from '../../platform/crud/engine';
import { idQuery, idsQuery, registerCrudRoutes } from '../../platform/crud/routes';
import { data, status } from '../../platform/http/envelope';
import { ApiError, badRequest, notFound } from '../../platform/http/errors';
import { get, params, post, text } from '../../platform/http/operation';
import { contextOf } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';
import { CaptchaService } from '../auth/captcha';
import { unlockAccounts } from '../auth/sign-in';
import { paramValue } from './params';

const BASE = '/api/blade-system/user';
const tags = ['User'];
type Body = Record<string, unknown>;
const user = recordOf(userEntity);
const userIds = { userIds: text('comma-separated user ids') };

/** What an anonymous registration may ask for: field lengths, requests per address an hour, waiting accounts per tenant. */
const GUEST_FIELDS: Record<string, number> = { tenantId: 12, account: 45, name: 45, password: 64 };
const GUEST_LIMITS = { perIp: 5, pendingPerTenant: 20 };

/**
 * Users: the generic calls plus password handling (always stored as argon2id
 * of the MD5 of what was typed), role grants, unlocking and the profile calls.
 */
export function registerUserRoutes(app: FastifyInstance, services: Services): void {
  const captcha = new CaptchaService(services.store, services.config.captchaEnabled);
  const users = new CrudService(userEntity, {
    async beforeSave(ctx, values, existing) {
      if (existing) {
        delete values.password; // passwords change through reset-password / update-password only
        // Approving a waiting account (status 0 to another) makes it count against the quota.
        if (Number(existing.status) === 0 && values.status !== undefined && Number(values.status) !== 0) {
          await checkAccountQuota(ctx);
        }
        return;
      }
      const typed = (values.password as string | undefined) ?? (await paramValue(ctx.db, 'account.initPassword', '123456'));
      values.password = await hashTypedPassword(typed);
      await checkAccountQuota(ctx);
    },
  });
  registerCrudRoutes(app, services, userEntity, users, { except: ['page'] });

  // page: the user screen lists a department and everything below it.
  const page = get({
    tags,
    summary: 'Users of a department and its children, paged',
    query: listQueryOf(userEntity, {
      deptId: {
        type: 'string',
        pattern: '^\\d{1,19}$',
        description: 'a department: its users and those of every department below',
      },
    }),
    data: Page(user),
  });
  app.get(`${BASE}/page`, page, async (req) => {
    const ctx = await contextOf(services, req);
    ctx.require(userEntity, 'view');
    const query = req.query as Record<string, unknown>;
    const extra = [];
    if (query.deptId) {
      const deptId = parseId(query.deptId, 'deptId');
      extra.push(sql`exists (select 1 from blade_dept d where d.is_deleted = 0 and d.tenant_id = ${ctx.auth.tenantId}
        and (d.id = ${deptId} or ${deptId} = any(string_to_array(d.ancestors, ',')))
        and d.id::text = any(string_to_array(blade_user.dept_id, ',')))`);
    }
    return data(await users.page(ctx, query, { extra, skip: ['deptId'] }));
  });

  app.post(
    `${BASE}/update`,
    post({ tags, summary: 'Update a user (id required)', body: inputOf(userEntity), form: true }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(userEntity, 'edit');
      if (!(req.body as Body)?.id) throw badRequest('missingParam', { name: 'id' });
      await users.submit(ctx, req.body);
      return status(true);
    },
  );

  app.get(`${BASE}/info`, get({ tags, summary: 'The signed-in user', data: Nullable(user) }), async (req) => {
    const ctx = await contextOf(services, req);
    const row = await users.findRow(ctx, ctx.auth.userId);
    return data(row ? toJson(userEntity, row) : null);
  });

  const profile = post({
    tags,
    summary: "Change one's own profile",
    description: 'Only avatar, name, realName, phone, email, sex and birthday are taken; other keys are ignored.',
    body: inputOf(userEntity),
    form: true,
  });
  app.post(`${BASE}/update-info`, profile, async (req) => {
    const ctx = await contextOf(services, req);
    const body = (req.body ?? {}) as Body;
    const allowed = ['avatar', 'name', 'realName', 'phone', 'email', 'sex', 'birthday'];
    const own = Object.fromEntries(Object.entries(body).filter(([k]) => allowed.includes(k)));
    await users.submit(ctx, { ...own, id: ctx.auth.userId });
    return status(true);
  });

  const passwords = params(
    {
      oldPassword: text('the hex MD5 of the current password'),
      newPassword: text('the hex MD5 of the new password'),
      newPassword1: text('the same again'),
    },
    ['oldPassword', 'newPassword', 'newPassword1'],
  );
  const changePassword = post({
    tags,
    summary: "Change one's own password",
    description: 'The parameters may travel in a form or JSON body instead.',
    query: passwords,
  });
  app.post(`${BASE}/update-password`, changePassword, async (req) => {
    const ctx = await contextOf(services, req);
    const input = { ...(req.query as Body), ...((req.body as Body) ?? {}) };
    const [oldPassword, newPassword, newPassword1] = ['oldPassword', 'newPassword', 'newPassword1'].map((k) =>
      String(input[k] ?? ''),
    );
    if (!oldPassword || !newPassword) throw badRequest('passwordRequired');
    if (newPassword !== newPassword1) throw badRequest('passwordMismatch');
    const row = await users.findRow(ctx, ctx.auth.userId);
    if (!row) throw notFound();
    if (!(await verifyDigest(row.password as string, signInDigest(oldPassword)))) throw badRequest('oldPasswordWrong');
    await sql`update blade_user set password = ${await hashTypedPassword(newPassword)}, update_time = ${NEXT_UPDATE_TIME}
      where id = ${ctx.auth.userId}`.execute(services.db);
    return status(true);
  });

  const reset = post({ tags, summary: 'Reset passwords to the initial one (account.initPassword)', query: idsQuery('userIds') });
  app.post(`${BASE}/reset-password`, reset, async (req) => {
    const ctx = await contextOf(services, req);
    ctx.requireCode('user_reset');
    const ids = parseIds((req.query as Body).userIds, 'userIds');
    const hashed = await hashTypedPassword(await paramValue(services.db, 'account.initPassword', '123456'));
    await sql`update blade_user set password = ${hashed}, update_user = ${ctx.auth.userId}, update_time = ${NEXT_UPDATE_TIME}
      where id in (${sql.join(ids)}) and ${users.scope(ctx)}`.execute(services.db);
    return status(true);
  });

  const grant = post({
    tags,
    summary: 'Give users roles',
    query: params({ ...userIds, roleIds: text('comma-separated role ids of the caller’s tenant') }, ['userIds', 'roleIds']),
  });
  app.post(`${BASE}/grant`, grant, async (req) => {
    const ctx = await contextOf(services, req);
    ctx.requireCode('user_role');
    const q = req.query as Body;
    const userIds = parseIds(q.userIds, 'userIds');
    const roleIds = parseIds(q.roleIds, 'roleIds');
    const own =
      await sql`select id from blade_role where is_deleted = 0 and tenant_id = ${ctx.auth.tenantId} and id in (${sql.join(roleIds)})`.execute(
        services.db,
      );
    if (own.rows.length !== roleIds.length) throw badRequest('roleMissing');
    await sql`update blade_user set role_id = ${roleIds.join(',')}, update_user = ${ctx.auth.userId}, update_time = ${NEXT_UPDATE_TIME}
      where id in (${sql.join(userIds)}) and ${users.scope(ctx)}`.execute(services.db);
    await services.access.invalidate();
    return status(true);
  });

  const unlock = post({ tags, summary: 'Unlock accounts locked by failed sign-ins', query: idsQuery('userIds') });
  app.post(`${BASE}/unlock`, unlock, async (req) => {
    const ctx = await contextOf(services, req);
    ctx.requireCode('user_unlock');
    const ids = parseIds((req.query as Body).userIds, 'userIds');
    const rows = await sql<{
      account: string;
    }>`select account from blade_user where id in (${sql.join(ids)}) and ${users.scope(ctx)}`.execute(services.db);
    await unlockAccounts(
      services,
      ctx.auth.tenantId,
      rows.rows.map((r) => r.account),
    );
    return status(true);
  });

  // Platform settings of a user: its type and free-form extension (kept in the user row).
  const platformDetail = get({ tags, summary: "A user's platform settings", query: idQuery(), data: Nullable(user) });
  app.get(`${BASE}/platform-detail`, platformDetail, async (req) => {
    const ctx = await contextOf(services, req);
    ctx.require(userEntity, 'view');
    const row = await users.findRow(ctx, parseId((req.query as Body).id));
    return data(row ? { ...toJson(userEntity, row), userExt: row.user_ext ?? '' } : null);
  });
  const platform = params(
    { userId: text('the user'), userType: text('user type (dictionary user_type)'), userExt: text('free-form settings') },
    ['userId'],
  );
  const updatePlatform = post({
    tags,
    summary: "Change a user's platform settings",
    description: 'The parameters may travel in a form or JSON body instead.',
    query: platform,
  });
  app.post(`${BASE}/update-platform`, updatePlatform, async (req) => {
    const ctx = await contextOf(services, req);
    ctx.requireCode('user_platform');
    const input = { ...(req.query as Body), ...((req.body as Body) ?? {}) };
    const userId = parseId(input.userId, 'userId');
    await users.submit(ctx, { id: userId, userType: input.userType, userExt: input.userExt });
    return status(true);
  });

  const guest = params(
    {
      tenantId: text('the tenant to join'),
      account: text(`the account asked for (at most ${GUEST_FIELDS.account} characters)`),
      password: text('the hex MD5 of the password'),
      name: text(`the name shown (default: the account; at most ${GUEST_FIELDS.name} characters)`),
    },
    ['tenantId', 'account', 'password'],
  );
  const captchaHeaders = {
    'Captcha-Key': text('the key of a captcha (oauth/captcha), when captcha is on'),
    'Captcha-Code': text('what the captcha image shows'),
  };
  app.post(
    `${BASE}/register-guest`,
    post({
      tags,
      summary: 'Ask for an account (approved by an administrator)',
      description:
        'The account waits with status 0 until approved; waiting accounts do not count against the tenant’s quota until then. ' +
        `With captcha on, the Captcha-Key and Captcha-Code headers must name a captcha just read. At most ${GUEST_LIMITS.perIp} requests ` +
        `an hour from one address (429) and ${GUEST_LIMITS.pendingPerTenant} accounts waiting per tenant. ` +
        'The parameters may travel in a form or JSON body instead.',
      query: guest,
      headers: captchaHeaders,
      public: true,
    }),
    async (req) => {
      const input = { ...(req.query as Body), ...((req.body as Body) ?? {}) };
      const tenantId = String(input.tenantId ?? '');
      if (!tenantId) throw badRequest('registerNeedTenant');
      if (!input.account) throw badRequest('registerNeedAccount');
      if (!input.password) throw badRequest('registerNeedPassword');
      for (const [name, max] of Object.entries(GUEST_FIELDS)) {
        if (typeof input[name] === 'object' && input[name] !== null) throw badRequest('paramTypeOf', { name });
        if (String(input[name] ?? '').length > max) throw badRequest('tooLong', { name, max });
      }
      if ((await paramValue(services.db, 'account.registerUser', 'true')) !== 'true') throw badRequest('registrationClosed');
      if (services.config.captchaEnabled) {
        const header = (name: string) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : undefined);
        if (!(await captcha.check(header('captcha-key'), header('captcha-code')))) throw badRequest('captchaWrong');
      }
      // Counted after the cheap checks and the captcha: a request refused for its input costs nothing.
      if ((await services.store.incr(`register-ip:${req.ip}`, 3600)) > GUEST_LIMITS.perIp) {
        throw new ApiError(429, 'tooManyRegistrations');
      }
      const tenant = await sql`select 1 from blade_tenant where tenant_id = ${tenantId} and is_deleted = 0`.execute(services.db);
      if (tenant.rows.length === 0) throw badRequest('tenantNotFound');
      const pending = await sql<{ n: number }>`select count(*)::int as n from blade_user
        where tenant_id = ${tenantId} and is_deleted = 0 and status = 0`.execute(services.db);
      if (Number(pending.rows[0]!.n) >= GUEST_LIMITS.pendingPerTenant) throw new ApiError(429, 'tooManyPendingAccounts');
      const guest: CrudContext = {
        db: services.db,
        auth: {
          userId: '',
          tenantId,
          account: '',
          userName: '',
          deptId: '',
          deptIds: [],
          roleIds: [],
          roleAliases: [],
          clientId: '',
        },
        rowScope: (entity) => (entity.owner === 'tenant' ? [sql`tenant_id = ${tenantId}`] : []),
      };
      // A tenant already at its quota could never approve the account: say so now.
      await checkAccountQuota(guest);
      await users.insert(guest, await registrationValues(input, tenantId, guest));
      return status(true);
    },
  );
}

async function registrationValues(input: Body, tenantId: string, ctx: CrudContext) {
  const account = String(input.account);
  const taken =
    await sql`select 1 from blade_user where tenant_id = ${tenantId} and account = ${account} and is_deleted = 0`.execute(ctx.db);
  if (taken.rows.length > 0) throw badRequest('accountTaken');
  return {
    tenant_id: tenantId,
    account,
    name: String(input.name ?? account),
    real_name: String(input.name ?? account),
    password: await hashTypedPassword(String(input.password)),
    user_type: 1,
    status: 0,
  };
}

/**
 * A tenant's `accountNumber` caps its users; -1 means no limit. Accounts waiting for approval
 * (status 0, from register-guest) do not count until approved: anonymous sign-ups must not use up
 * the quota an administrator needs.
 */
async function checkAccountQuota(ctx: CrudContext): Promise<void> {
  const rows = await sql<{ account_number: number | null; used: number }>`select t.account_number,
      (select count(*)::int from blade_user u where u.tenant_id = t.tenant_id and u.is_deleted = 0
        and u.status is distinct from 0) as used
    from blade_tenant t where t.tenant_id = ${ctx.auth.tenantId} and t.is_deleted = 0`.execute(ctx.db);
  const row = rows.rows[0];
  if (row && row.account_number !== null && row.account_number >= 0 && row.used >= row.account_number) {
    throw badRequest('accountQuotaReached');
  }
}
