import { ConfigProvider, Menu, theme as antdTheme, type MenuProps } from 'antd';
import { createElement, useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { MenuNode } from '../menus';
import { menuIcon } from './menu-icons';
import { isDark } from '../contrast';
import { sideMenuTheme } from './menu-themes';
import type { ThemePreset } from './themes';

type Items = NonNullable<MenuProps['items']>;

/**
 * Menus → Menu items: folders by id, pages by path; external pages (isOpen 2) open in a new window.
 * A leaf without a path opens nothing and is left out.
 */
function toItems(nodes: MenuNode[]): Items {
  return nodes.flatMap((m): Items => {
    const icon = createElement(menuIcon(m.source));
    if (m.children?.length) return [{ key: m.id, icon, label: m.name, children: toItems(m.children) }];
    if (!m.path) return [];
    const label =
      m.isOpen === 2 ? (
        <a href={m.path} target="_blank" rel="noreferrer">
          {m.name}
        </a>
      ) : (
        <Link to={m.path}>{m.name}</Link>
      );
    return [{ key: m.path, icon, label }];
  });
}

/** The ids of the folders above the menu at `path`, outermost first; null when no menu has that path. */
function foldersAbove(nodes: MenuNode[], path: string): string[] | null {
  for (const m of nodes) {
    if (m.path === path && !m.children?.length) return [];
    const below = m.children?.length ? foldersAbove(m.children, path) : null;
    if (below) return [m.id, ...below];
  }
  return null;
}

/**
 * The sidebar's menu tree in the chosen theme's colours; the folders above the open page
 * open with it. Closed folders render no items (antd renders a folder's items when it opens).
 */
export function SideMenu({ tree, preset, collapsed }: { tree: MenuNode[]; preset: ThemePreset; collapsed: boolean }) {
  const { pathname } = useLocation();
  const { token } = antdTheme.useToken();
  const items = useMemo(() => toItems(tree), [tree]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => foldersAbove(tree, pathname) ?? []);
  // Opening a page (from a tab, the search or a link) opens the folders above it, keeping the others.
  useEffect(() => {
    const above = foldersAbove(tree, pathname) ?? [];
    setOpenKeys((open) => (above.every((k) => open.includes(k)) ? open : [...new Set([...open, ...above])]));
  }, [tree, pathname]);

  return (
    <ConfigProvider theme={sideMenuTheme(token.colorPrimary, preset)}>
      <Menu
        mode="inline"
        theme={isDark(preset.sider) ? 'dark' : 'light'}
        items={items}
        selectedKeys={[pathname]}
        {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      />
    </ConfigProvider>
  );
}
