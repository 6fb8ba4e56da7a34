import { api } from './http';
import { session } from './session';
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
/** Their answers, once in: the shell's first render starts from them instead of rendering empty first. */
const arrived: { menus?: MenuNode[]; buttons?: Set<string> } = {};

/** Starts the signed-in user's menus and buttons calls now (a signed-in start, router.tsx). */
export function prefetchMenus(): Promise<MenuNode[]> {
  const menus = loadMenus();
  prefetched.menus = menus;
  prefetched.buttons = loadButtons();
  // A failure reaches whoever takes the promise; unclaimed, it is not an unhandled rejection.
  // Kept only while the call is still to be taken: taken, its answer is the query cache's.
  const buttons = prefetched.buttons;
  menus.then((tree) => prefetched.menus === menus && (arrived.menus = tree)).catch(() => undefined);
  buttons.then((codes) => prefetched.buttons === buttons && (arrived.buttons = codes)).catch(() => undefined);
  return menus;
}

/** The prefetched answer if it is in (its call is still taken once, by takePrefetched). */
export function arrivedPrefetched<K extends keyof typeof arrived>(key: K): (typeof arrived)[K] {
  return arrived[key];
}

/** The prefetched call, once: later loads (another top menu, a refetch) ask the server again. */
export function takePrefetched<K extends keyof typeof prefetched>(key: K): (typeof prefetched)[K] {
  const call = prefetched[key];
  prefetched[key] = undefined;
  arrived[key] = undefined;
  return call;
}

// One user's menus are never the next one's first render (a sign-out, then another sign-in in this tab).
session.subscribe(() => {
  if (session.token()) return;
  prefetched.menus = prefetched.buttons = undefined;
  arrived.menus = arrived.buttons = undefined;
});
