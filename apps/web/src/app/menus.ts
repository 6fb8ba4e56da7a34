import { api } from './http';
import { MENU_BUTTONS, MENU_ROUTES } from './menu-calls';
import type { MenuNode } from './menu-tree';

export * from './menu-tree';

export const loadMenus = (topMenuId?: string) => api.get<MenuNode[]>(MENU_ROUTES, topMenuId ? { topMenuId } : undefined);

/** Button codes of menu/buttons as a set of true flags (spec §6). */
export async function loadButtons(): Promise<Set<string>> {
  const owners = await api.get<MenuNode[]>(MENU_BUTTONS);
  const codes = new Set<string>();
  const walk = (nodes: MenuNode[]) =>
    nodes.forEach((n) => {
      if (n.children) walk(n.children);
      else if (n.code) codes.add(n.code);
    });
  walk(owners);
  return codes;
}

/** Menus and buttons asked for at start, before the shell's chunk has loaded; each is taken once. */
const prefetched: { menus?: Promise<MenuNode[]>; buttons?: Promise<Set<string>> } = {};

/** Starts the signed-in user's menus and buttons calls now (a signed-in start, router.tsx). */
export function prefetchMenus(): Promise<MenuNode[]> {
  const menus = loadMenus();
  prefetched.menus = menus;
  prefetched.buttons = loadButtons();
  // A failure reaches whoever takes the promise; unclaimed, it is not an unhandled rejection.
  prefetched.menus.catch(() => undefined);
  prefetched.buttons.catch(() => undefined);
  return menus;
}

/** The prefetched call, once: later loads (another top menu, a refetch) ask the server again. */
export function takePrefetched<K extends keyof typeof prefetched>(key: K): (typeof prefetched)[K] {
  const call = prefetched[key];
  prefetched[key] = undefined;
  return call;
}
