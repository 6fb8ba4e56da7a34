import type { TokenAnswer } from '@property/domain';
import { APP } from './config';
import { HOME_PATH } from './guard';
import { cookies, storage } from './storage';

/** What the token endpoint answers (the API contract's type); the console keeps it whole as the user's info. */
export type { TokenAnswer };

const ACCESS = 'saber-access-token';
const REFRESH = 'saber-refresh-token';

/**
 * What a session keeps in local storage beyond the user: its tabs, whether it is locked (and from which page),
 * and the lock password remembered for the next lock. All of it goes with the session, so the next person on
 * the browser starts clean and does not inherit the lock password.
 */
const SESSION_KEYS = ['tabs', 'lock', 'lockFrom', 'lockPassword'];

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
    // A new session starts unlocked with no tabs (spec §4) and no lock password.
    SESSION_KEYS.forEach((key) => storage.remove(key));
    notify();
  },
  signOut(): void {
    cookies.remove(ACCESS);
    cookies.remove(REFRESH);
    storage.remove('userInfo');
    storage.remove('tokenIssuedAt');
    SESSION_KEYS.forEach((key) => storage.remove(key));
    notify();
  },
  isLocked: () => storage.get<string>('lock') !== undefined,
  /** Locks the screen; `from` is the page (path and query) to return to after unlocking. */
  lock(password: string, from: string): void {
    storage.set('lock', password);
    storage.set('lockFrom', from);
    notify();
  },
  /** Unlocks with the lock password: answers the page to return to, or undefined when the password is wrong. */
  unlock(password: string): string | undefined {
    if (storage.get<string>('lock') !== password) return undefined;
    const from = storage.get<string>('lockFrom');
    storage.remove('lock');
    storage.remove('lockFrom');
    notify();
    return from && from !== '/lock' ? from : HOME_PATH;
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
