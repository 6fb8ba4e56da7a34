import { APP } from './config';
import { request } from './http';
import { refreshDue, session, type TokenAnswer } from './session';

export interface SignInForm {
  tenantId: string;
  username: string;
  password: string;
  captchaKey?: string;
  captchaCode?: string;
}

const TOKEN = '/blade-auth/oauth/token';

/** Password (with captcha) sign-in: the password travels as the MD5 of what was typed. */
export async function signIn(form: SignInForm): Promise<TokenAnswer> {
  const { md5 } = await import('js-md5'); // loads with the first sign-in, not with the page
  const answer = await request<TokenAnswer>('POST', TOKEN, {
    params: {
      tenantId: form.tenantId,
      username: form.username,
      password: md5(form.password),
      grant_type: form.captchaKey ? 'captcha' : 'password',
      scope: 'all',
      type: 'account',
    },
    headers: {
      'Tenant-Id': form.tenantId,
      ...(form.captchaKey ? { 'Captcha-Key': form.captchaKey, 'Captcha-Code': form.captchaCode ?? '' } : {}),
    },
  });
  session.signIn(answer);
  return answer;
}

/** `enabled` is false when the server does not check captchas (an intranet install). */
export async function captcha(): Promise<{ key: string; image: string; enabled?: boolean }> {
  return request('GET', '/blade-auth/oauth/captcha');
}

let refreshing: Promise<void> | undefined;

/**
 * One refresh at a time; the new tokens replace the old (refresh tokens work once).
 * `choice` switches department and role (switch mode): sent as Dept-Id / Role-Id.
 */
export function refreshToken(choice?: { deptId: string; roleId: string }): Promise<void> {
  if (choice && refreshing) return refreshing.then(() => refreshToken(choice));
  refreshing ??= (async () => {
    const user = session.user();
    const token = session.refreshToken();
    if (!user || !token) return;
    const answer = await request<TokenAnswer>('POST', TOKEN, {
      params: { tenantId: user.tenant_id, refresh_token: token, grant_type: 'refresh_token', scope: 'all' },
      headers: {
        'Tenant-Id': user.tenant_id,
        'Dept-Id': choice?.deptId ?? user.dept_id,
        'Role-Id': choice?.roleId ?? user.role_id,
      },
    });
    session.signIn(answer);
  })().finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

/** Checks every 10 s whether the token is due, and refreshes it. Returns the stop function. */
export function startTokenRefresh(now: () => number = Date.now): () => void {
  const timer = setInterval(() => {
    if (session.token() && refreshDue(session.issuedAt(), now())) void refreshToken().catch(() => undefined);
  }, APP.refreshCheckMs);
  return () => clearInterval(timer);
}

export async function signOut(): Promise<void> {
  try {
    await request('GET', '/blade-auth/oauth/logout', { quietCodes: [401] });
  } finally {
    session.signOut();
  }
}
