/** Routes anyone may open (spec §2.1). */
export const PUBLIC_PATHS = ['/login', '/lock', '/404', '/403', '/500'];
export const HOME_PATH = '/wel/index';

export interface GuardState {
  path: string;
  signedIn: boolean;
  locked: boolean;
}

/**
 * The route guard of spec §4, as a decision: where a navigation ends up.
 * `null` means stay. A locked session is held on /lock; a signed-in user
 * going to /login goes to /; without a token only public routes open.
 */
export function guardRedirect({ path, signedIn, locked }: GuardState): string | null {
  if (path === '/') return signedIn ? HOME_PATH : '/login';
  if (signedIn) {
    if (locked && path !== '/lock') return '/lock';
    if (path === '/login') return HOME_PATH;
    return null;
  }
  return PUBLIC_PATHS.includes(path) ? null : '/login';
}
