import { APP } from './config';
import { cookies, storage } from './storage';

/** What the token endpoint answers; the console keeps it whole as the user's info. */
export interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  user_id: string;
  account: string;
  user_name: string;
  real_name: string;
  avatar: string;
  dept_id: string;
  role_id: string;
  role_name: string;
  tenant_id: string;
}

const ACCESS = 'saber-access-token';
const REFRESH = 'saber-refresh-token';

type Listener = () => void;
const listeners = new Set<Listener>();

/** The signed-in session: tokens in cookies, user info and token time in local storage. */
export const session = {
  token: () => cookies.get(ACCESS),
  refreshToken: () => cookies.get(REFRESH),
  user: () => storage.get<TokenAnswer>('userInfo'),
  /** When the access token was issued (ms), to know when to refresh it. */
  issuedAt: () => storage.get<number>('tokenIssuedAt') ?? 0,

  signIn(answer: TokenAnswer): void {
    cookies.set(ACCESS, answer.access_token);
    cookies.set(REFRESH, answer.refresh_token);
    storage.set('userInfo', answer);
    storage.set('tokenIssuedAt', Date.now());
    // A new session starts unlocked with no tabs (spec §4).
    storage.remove('lock');
    storage.remove('tabs');
    notify();
  },
  signOut(): void {
    cookies.remove(ACCESS);
    cookies.remove(REFRESH);
    storage.remove('userInfo');
    storage.remove('tokenIssuedAt');
    storage.remove('tabs');
    storage.remove('lock');
    notify();
  },
  isLocked: () => storage.get<string>('lock') !== undefined,
  lock(password: string): void {
    storage.set('lock', password);
    notify();
  },
  unlock(password: string): boolean {
    if (storage.get<string>('lock') !== password) return false;
    storage.remove('lock');
    notify();
    return true;
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

function notify() {
  for (const listener of listeners) listener();
}

/**
 * Whether the token is due for refresh: its age reached tokenTime. The check
 * runs every refreshCheckMs, so it fires one check early rather than up to
 * one check after the token has lapsed.
 */
export function refreshDue(issuedAt: number, now: number): boolean {
  if (!issuedAt) return false;
  const ageSeconds = (now - issuedAt) / 1000;
  return ageSeconds + APP.refreshCheckMs / 1000 >= APP.tokenTime;
}
