import type { EntityDef } from '@property/domain';
import { prefetchGet } from '../app/http';
import { SCREEN_BY_CODE } from '../app/screen-entity';
import { menuAt, type MenuNode } from '../app/menus';
import { SCREENS } from '../app/screens';
import { loadDictionary } from './dictionaries';
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
): { entity: EntityDef; path: string; params: Record<string, unknown> } | undefined {
  const code = menuAt(menus, pathname)?.code;
  if (!code || SCREENS[code]) return undefined;
  const entity = SCREEN_BY_CODE.get(code);
  if (!entity || entity.tree) return undefined;
  if ([...search.keys()].some((key) => key !== 'current' && key !== 'size')) return undefined;
  const current = Number(search.get('current') ?? 1);
  const size = Number(search.get('size') ?? FIRST_PAGE_SIZE);
  return { entity, path: `${entity.base}/list`, params: { current, size } };
}

/**
 * Starts the first list call of the screen being opened (a signed-in start), so its rows do not wait for its
 * code; and that code, when the screen is a module's own.
 */
export function prefetchFirstList(menus: MenuNode[], location: Location): void {
  const code = menuAt(menus, location.pathname)?.code;
  if (code && SCREENS[code]) void SCREENS[code].preload().catch(() => undefined); // rendering it reports a failure
  const call = firstListCall(menus, location.pathname, new URLSearchParams(location.search));
  if (!call) return;
  prefetchGet(call.path, call.params);
  // Its dictionaries too: the rows are shown at once only with their cells' names (CrudPage, useCellLabels).
  for (const field of Object.values(call.entity.fields)) if (field.dict) void loadDictionary(field.dict).catch(() => undefined);
}
