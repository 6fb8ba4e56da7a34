import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { tokenOf } from '../../platform/auth/authenticate';
import { CaptchaAnswer, ErrorAnswer, SessionFlag, UserInfo } from '@property/domain';
import { isPlatformAdmin } from '../../platform/http/context';
import { data } from '../../platform/http/envelope';
import { unauthorized } from '../../platform/http/errors';
import { get, post, type Operation } from '../../platform/http/operation';
import type { Services } from '../../platform/services';
import type { CaptchaService } from './captcha';

const BASE = '/api/blade-auth/oauth';
const tags = ['Auth'];
/** The session calls answer without a token too (a logout with an expired token still succeeds). */
const publicOp = (op: Omit<Operation, 'tags' | 'public'>): Operation => ({ tags, public: true, ...op });
const sessionFlag = { 200: { ...SessionFlag, description: 'Done (not the envelope: `{ success: "true", msg }`)' } };

/** Captcha, logout, user info and cache clearing: the session calls of spec §7.2. */
export function registerSessionRoutes(app: FastifyInstance, services: Services, captcha: CaptchaService): void {
  app.get(
    `${BASE}/captcha`,
    get(
      publicOp({
        summary: 'A captcha image and its key',
        answers: { 200: { ...CaptchaAnswer, description: 'A captcha (not the envelope)' } },
      }),
    ),
    async (_req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return captcha.create();
    },
  );

  const logout = async (token: string | undefined) => {
    if (token) await services.tokens.revoke(token);
    return { success: 'true', msg: 'success' };
  };
  app.get(`${BASE}/logout`, get(publicOp({ summary: 'Sign out: the token stops working', answers: sessionFlag })), async (req) =>
    logout(tokenOf(req.headers, req.query)),
  );
  // The console uploads its local error log to this address (spec §7.2: "POST sends logs"): a post that
  // carries log entries stores them in the usual log and keeps the session; an empty post signs out.
  const logEntries = {
    type: 'array',
    maxItems: 200,
    items: { description: 'an entry of the console’s error log (stored as JSON, at most 10,000 characters)' },
    description: 'error-log entries to store; none (or no body): sign out',
  };
  const uploadLog = post(
    publicOp({
      summary: "Upload the console's error log, or sign out",
      description:
        'With log entries in the body (and a token) they are stored in the usual log and the session stays; without, the token stops working.',
      body: logEntries,
      bodyOptional: true,
      answers: sessionFlag,
      // Entries to store need a signed-in caller: without a token they are refused, not taken as a sign-out.
      errors: { 401: ErrorAnswer },
    }),
  );
  app.post(`${BASE}/logout`, uploadLog, async (req) => {
    const entries = Array.isArray(req.body) ? req.body : [];
    if (entries.length === 0) return logout(tokenOf(req.headers, req.query));
    // Entries without a valid token are not stored: say so, rather than answer success for a lost upload.
    if (!req.auth) throw unauthorized(req.authProblem ?? 'noToken');
    const rows = entries
      .slice(0, 200)
      .map(
        (e) =>
          sql`(${req.auth!.tenantId}, 'web', 'error', ${JSON.stringify(e).slice(0, 10000)}, ${req.ip}, ${req.auth!.account}, ${req.auth!.userId})`,
      );
    await sql`insert into blade_log_usual (tenant_id, service_id, log_level, log_data, remote_ip, create_by, create_user)
      values ${sql.join(rows)}`.execute(services.db);
    return { success: 'true', msg: 'success' };
  });

  app.get(
    `${BASE}/user-info`,
    get(publicOp({ summary: 'The signed-in user (null without a token)', data: UserInfo })),
    async (req) => {
      if (!req.auth) return data(null);
      const rows = await sql<Record<string, unknown>>`select id, tenant_id, account, name, real_name, avatar, email, phone,
      role_id, dept_id, post_id from blade_user where id = ${req.auth.userId} and is_deleted = 0`.execute(services.db);
      const u = rows.rows[0];
      if (!u) return data(null);
      return data({
        userId: String(u.id),
        tenantId: u.tenant_id,
        account: u.account,
        userName: u.name,
        realName: u.real_name,
        avatar: u.avatar ?? '',
        email: u.email,
        phone: u.phone,
        roleId: u.role_id,
        deptId: u.dept_id,
        postId: u.post_id,
        roleName: req.auth.roleAliases.join(','),
        permissions: (req.grants ?? (await services.access.grantsOf(req.auth))).codes,
      });
    },
  );

  // Anonymous by the spec, so anyone may call it: only the platform administrator drops every
  // instance's grants (a flood of that cut signed-in throughput by half, issue 13); a signed-in
  // caller drops their own, an anonymous call nothing.
  const clearCache = publicOp({
    summary: 'Forget cached menus and grants',
    description:
      "The platform administrator: everyone's, on every instance. Another signed-in caller: their own. Without a token: nothing.",
    answers: sessionFlag,
  });
  app.get(`${BASE}/clear-cache`, get(clearCache), async (req) => {
    if (req.auth && isPlatformAdmin(req.auth)) await services.access.invalidate();
    else if (req.auth) await services.access.forget(req.auth);
    return { success: 'true', msg: 'success' };
  });
}
