import { menuName, type Locale } from '@property/domain';
import { api } from './http';

/** A menu of menu/routes. */
export interface MenuNode {
  id: string;
  parentId: string;
  code: string;
  name: string;
  alias?: string;
  path: string;
  source?: string;
  sort: number;
  category: number;
  isOpen?: number;
  children?: MenuNode[];
}

export const loadMenus = (topMenuId?: string) =>
  api.get<MenuNode[]>('/blade-system/menu/routes', topMenuId ? { topMenuId } : undefined);

/** Button codes of menu/buttons as a set of true flags (spec §6). */
export async function loadButtons(): Promise<Set<string>> {
  const owners = await api.get<Array<{ code: string; children?: Array<{ code: string }> }>>('/blade-system/menu/buttons');
  const codes = new Set<string>();
  const walk = (nodes: Array<{ code: string; children?: unknown[] }>) =>
    nodes.forEach((n) => {
      if (n.children) walk(n.children as never);
      else codes.add(n.code);
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

/** The tree with each menu's name in the chosen language (seeded menus have English names by code). */
export function localizeMenus(nodes: MenuNode[], locale: Locale): MenuNode[] {
  return nodes.map((m) => ({
    ...m,
    name: menuName(locale, m.code, m.name),
    ...(m.children ? { children: localizeMenus(m.children, locale) } : {}),
  }));
}

export function flattenMenus(nodes: MenuNode[]): MenuNode[] {
  return nodes.flatMap((n) => [n, ...flattenMenus(n.children ?? [])]);
}

/** Leaf menus whose name starts with the query, ignoring case (the header's menu search). */
export function searchMenus(nodes: MenuNode[], query: string): MenuNode[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  return flattenMenus(nodes).filter((m) => !m.children?.length && m.name.toLowerCase().startsWith(q));
}
