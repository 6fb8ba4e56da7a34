import { ErrorAnswer, GRANT_TYPES, OAuthError as OAuthErrorAnswer, plain, TokenAnswer, TokenRequest } from '@property/domain';
import { sql } from 'kysely';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hashSecret, isHashedSecret, verifySecret } from '../../platform/auth/password';
import { post } from '../../platform/http/operation';
import { messageFor } from '../../platform/http/locale';
import type { Services } from '../../platform/services';
import type { CaptchaService } from './captcha';
import { OAUTH, OAuthError } from './oauth-errors';
import { authContextOf, checkTenant, findUser, verifyPassword, type UserRow } from './sign-in';

interface Client {
  client_id: string;
  client_secret: string;
  authorized_grant_types: string | null;
  access_token_validity: number | null;
  refresh_token_validity: number | null;
}

type Query = Record<string, string | undefined>;

async function authenticateClient(services: Services, header: string | undefined): Promise<Client> {
  const match = /^Basic\s+(.+)$/i.exec(header ?? '');
  if (!match) throw OAUTH.badClient();
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const cut = decoded.indexOf(':');
  if (cut < 0) throw OAUTH.badClient();
  const [id, secret] = [decoded.slice(0, cut), decoded.slice(cut + 1)];
  const rows = await sql<Client>`select client_id, client_secret, authorized_grant_types, access_token_validity,
    refresh_token_validity from blade_client where client_id = ${id} and is_deleted = 0`.execute(services.db);
  const client = rows.rows[0];
  if (!client || !(await verifySecret(client.client_secret, secret))) throw OAUTH.badClient();
  if (!isHashedSecret(client.client_secret)) {
    // Kept as plain text by an earlier version: replace it with its hash now that it is known.
    await sql`update blade_client set client_secret = ${await hashSecret(secret)} where client_id = ${id}
      and client_secret = ${client.client_secret}`.execute(services.db);
  }
  return client;
}

const text = (description: string) => ({ type: 'string', description });

/** The grant's parameters as query parameters: how the console sends them (the body may carry them instead). */
const tokenQuery = {
  type: 'object',
  properties: {
    grant_type: { type: 'string', enum: GRANT_TYPES, description: 'which grant (see the body for what each needs)' },
    tenantId: text('tenant of the account; default 000000'),
    username: text('password grant: the account'),
    password: text('password grant: the hex MD5 of the typed password'),
    refresh_token: text('refresh grant: the refresh token'),
    scope: text('always "all"'),
    type: text('how the console signed in ("account")'),
    deptId: text('switch mode: the department to act in'),
    roleId: text('switch mode: the role to act with'),
  },
};
const tokenHeaders = {
  'Tenant-Id': text('tenant of the account, when tenantId is not sent'),
  'Captcha-Key': text('the key of a captcha (password grant, when captcha is on)'),
  'Captcha-Code': text('what the captcha image shows'),
  'Dept-Id': text('switch mode: the department to act in'),
  'Role-Id': text('switch mode: the role to act with'),
};
const oauthError = (description: string) => ({ ...plain(OAuthErrorAnswer), description });

/**
 * POST /api/blade-auth/oauth/token — the grant's parameters in the query
 * string (or a form or JSON body), the client's Basic header. Answers the
 * token object at the top level, or { error, error_description }.
 */
export function registerTokenEndpoint(app: FastifyInstance, services: Services, captcha: CaptchaService): void {
  const declared = post({
    tags: ['Auth'],
    summary: 'Sign in or refresh: a token pair',
    description:
      'The OAuth token call. The client authenticates with its Basic header (id and secret of an OAuth client whose grant types include grant_type). ' +
      'Parameters travel as query parameters or in a form or JSON body. Answers OAuth shapes, not the envelope.',
    query: tokenQuery,
    headers: tokenHeaders,
    body: TokenRequest,
    form: true,
    bodyOptional: true,
    client: true,
    answers: {
      200: { ...plain(TokenAnswer), description: 'Signed in: the token pair and who it speaks for' },
      400: {
        anyOf: [plain(OAuthErrorAnswer), plain(ErrorAnswer)],
        description:
          'A missing parameter, wrong credentials, a locked or disabled account, an unknown tenant or grant (OAuth error); a body that is not valid JSON (the envelope)',
      },
      401: oauthError('The client’s Basic header is missing or wrong'),
    },
  });
  app.post('/api/blade-auth/oauth/token', declared, async (req, reply) => {
    try {
      return await issueTokens(services, captcha, req, reply);
    } catch (error) {
      if (error instanceof OAuthError) {
        const description = messageFor(req, error.description, error.params);
        return reply.status(error.status).send({ error: error.error, error_description: description });
      }
      throw error;
    }
  });
}

async function issueTokens(services: Services, captcha: CaptchaService, req: FastifyRequest, reply: FastifyReply) {
  const query = { ...(req.body as Query | undefined), ...(req.query as Query) };
  const header = (name: string) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : undefined);
  const client = await authenticateClient(services, header('authorization'));
  const grantType = query.grant_type ?? '';
  const allowed = (client.authorized_grant_types ?? '').split(',').map((g) => g.trim());
  if (!allowed.includes(grantType)) throw OAUTH.badGrant();
  const tenantId = query.tenantId || header('tenant-id') || '000000';
  const chosen = { deptId: header('dept-id') || query.deptId, roleId: header('role-id') || query.roleId };

  let user: UserRow;
  switch (grantType) {
    case 'password':
    case 'captcha': {
      if (!query.username) throw OAUTH.missing('username');
      if (!query.password) throw OAUTH.missing('password');
      if (services.config.captchaEnabled && !(await captcha.check(header('captcha-key'), header('captcha-code')))) {
        throw OAUTH.badCaptcha();
      }
      await checkTenant(services.db, tenantId);
      user = await verifyPassword(services, tenantId, query.username, query.password, req.ip);
      break;
    }
    case 'refresh_token': {
      if (!query.refresh_token) throw OAUTH.missing('refresh_token');
      const grant = await services.tokens.redeem(query.refresh_token);
      if (!grant || grant.clientId !== client.client_id) throw OAUTH.badRefresh();
      await checkTenant(services.db, grant.tenantId);
      const found = await findUser(services.db, grant.tenantId, { id: grant.userId });
      if (!found) throw OAUTH.badRefresh();
      user = found;
      chosen.deptId ??= grant.deptId;
      chosen.roleId ??= grant.roleId.includes(',') ? undefined : grant.roleId;
      break;
    }
    case 'social':
    case 'authorization_code':
      throw OAUTH.notYetSupported();
    default:
      throw OAUTH.badGrant();
  }

  const auth = await authContextOf(services.db, user, client.client_id, chosen);
  const issued = await services.tokens.issue(auth, {
    access: client.access_token_validity ?? 3000,
    refresh: client.refresh_token_validity ?? 604800,
  });
  const roleNames = auth.roleAliases.join(',');
  reply.header('Cache-Control', 'no-store');
  return {
    access_token: issued.accessToken,
    token_type: 'bearer',
    refresh_token: issued.refreshToken,
    expires_in: issued.expiresIn,
    scope: 'all',
    jti: issued.jti,
    client_id: client.client_id,
    user_id: auth.userId,
    dept_id: auth.deptId,
    post_id: user.post_id ?? '',
    role_id: auth.roleIds.join(','),
    tenant_id: auth.tenantId,
    oauth_id: '',
    account: user.account,
    user_name: auth.userName,
    nick_name: user.real_name ?? auth.userName,
    real_name: user.real_name ?? '',
    role_name: roleNames,
    avatar: user.avatar ?? '',
    detail: { type: 'web' },
    license: 'property console',
  };
}
