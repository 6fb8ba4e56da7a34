import { prefetchGet } from '../app/http';
import { SCREEN_BY_CODE } from '../app/built-screens';
import { menuAt, type MenuNode } from '../app/menus';
import { SCREENS } from '../app/screens';
import { FIRST_PAGE_SIZE } from './paging';

/**
 * The first list call of the generic screen at `pathname`, as CrudPage makes it on opening: the page of the
 * address (or the first, FIRST_PAGE_SIZE rows) of the entity's `/list`. None for a module's own screen, a
 * tree, or an address with filters: those screens make calls of their own.
 */
export function firstListCall(
  menus: MenuNode[],
  pathname: string,
  search: URLSearchParams,
): { path: string; params: Record<string, unknown> } | undefined {
  const code = menuAt(menus, pathname)?.code;
  if (!code || SCREENS[code]) return undefined;
  const entity = SCREEN_BY_CODE.get(code);
  if (!entity || entity.tree) return undefined;
  if ([...search.keys()].some((key) => key !== 'current' && key !== 'size')) return undefined;
  const current = Number(search.get('current') ?? 1);
  const size = Number(search.get('size') ?? FIRST_PAGE_SIZE);
  return { path: `${entity.base}/list`, params: { current, size } };
}

/** Starts the first list call of the screen being opened (a signed-in start), so its rows do not wait for its code. */
export function prefetchFirstList(menus: MenuNode[], location: Location): void {
  const call = firstListCall(menus, location.pathname, new URLSearchParams(location.search));
  if (call) prefetchGet(call.path, call.params);
}
