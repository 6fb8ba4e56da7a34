/**
 * The menu tree as menu/routes answers it, and the pure rules the console reads it by (no calls here: the
 * end-to-end tests use these in Node too).
 */
import { menuName, type Locale, type MenuRoute } from '@property/domain';

/** A menu of menu/routes (and of menu/buttons): the route declaration's answer, every field but the id nullable. */
export type MenuNode = MenuRoute;
/** A menu that opens a screen: a leaf with a path (code and name may still be null). */
export type MenuPage = MenuNode & { path: string };

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

const isPage = (m: MenuNode): m is MenuPage => !m.children?.length && !!m.path;

/** The pages (leaf menus with a path) below these menus, at any depth: what the sidebar lets one open. */
export function pagesOf(nodes: MenuNode[]): MenuPage[] {
  return flattenMenus(nodes).filter(isPage);
}

/** The menu (at any depth) whose path this is. */
export function menuAt(nodes: MenuNode[], path: string): MenuNode | undefined {
  return flattenMenus(nodes).find((m) => m.path === path);
}

/** The codes of these menus at any depth (a menu without a code grants nothing). */
export function menuCodes(nodes: MenuNode[]): Set<string> {
  return new Set(flattenMenus(nodes).flatMap((m) => (m.code ? [m.code] : [])));
}

/** Leaf menus whose name starts with the query, ignoring case (the header's menu search). */
export function searchMenus(nodes: MenuNode[], query: string): MenuPage[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  return pagesOf(nodes).filter((m) => (m.name ?? '').toLowerCase().startsWith(q));
}
