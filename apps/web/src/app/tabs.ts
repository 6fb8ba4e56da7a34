export interface Tab {
  path: string;
  title: string;
}

export const HOME_TAB: Tab = { path: '/wel/index', title: 'home' };

/** Opening a page adds its tab once; the home tab is always first. */
export function openTab(tabs: Tab[], tab: Tab): Tab[] {
  const withHome = tabs.some((t) => t.path === HOME_TAB.path) ? tabs : [HOME_TAB, ...tabs];
  return withHome.some((t) => t.path === tab.path) ? withHome : [...withHome, tab];
}

/** The home tab is never closable, nor the only remaining tab (spec §2.2). */
export function closable(tabs: Tab[], tab: Tab): boolean {
  return tab.path !== HOME_TAB.path && tabs.length > 1;
}

/** Closes a tab; answers the remaining tabs and where to go when the active one closed. */
export function closeTab(tabs: Tab[], path: string, active: string): { tabs: Tab[]; next: string } {
  const tab = tabs.find((t) => t.path === path);
  if (!tab || !closable(tabs, tab)) return { tabs, next: active };
  const index = tabs.indexOf(tab);
  const remaining = tabs.filter((t) => t.path !== path);
  const next = active === path ? (remaining[index - 1] ?? remaining[0]).path : active;
  return { tabs: remaining, next };
}

export function closeOthers(tabs: Tab[], active: string): Tab[] {
  return tabs.filter((t) => t.path === HOME_TAB.path || t.path === active);
}

/** Closing all returns to the welcome page. */
export function closeAll(): { tabs: Tab[]; next: string } {
  return { tabs: [HOME_TAB], next: HOME_TAB.path };
}
