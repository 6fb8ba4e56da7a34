/** Routes anyone may open (spec §2.1). */
export const PUBLIC_PATHS = ['/login', '/lock', '/404', '/403', '/500'];
export const HOME_PATH = '/wel/index';

/** Title keys of the layout's own routes (spec §2.1), which no menu names; their tabs carry these titles. */
export const FIXED_TITLES: Record<string, string> = {
  '/info/index': 'common.userInfo',
  '/wel/dashboard': 'common.dashboard',
  '/test/index': 'common.testPage',
};

/** Title keys of routes with parameters (the leave pages of spec §2.1), by the path's beginning. */
const ROUTE_TITLES: Array<[string, string]> = [
  ['/work/process/leave/form/', 'flow.leaveForm'],
  ['/work/process/leave/handle/', 'flow.leaveHandle'],
  ['/work/process/leave/detail/', 'flow.leaveDetail'],
];

/** The title key of a route no menu names (FIXED_TITLES, then the routes with parameters), if it is one. */
export function fixedTitleOf(path: string): string | undefined {
  return FIXED_TITLES[path] ?? ROUTE_TITLES.find(([prefix]) => path.startsWith(prefix))?.[1];
}

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

/**
 * A route with a `target` query (e.g. `?target=_blank`) opens in a new window (spec §4): the
 * address to open there, without the `target` parameter, or null for an ordinary route.
 */
export function newWindowAddress(path: string, search: string): { url: string; target: string } | null {
  const params = new URLSearchParams(search);
  const target = params.get('target');
  if (!target) return null;
  params.delete('target');
  const rest = params.toString();
  return { url: rest ? `${path}?${rest}` : path, target };
}
