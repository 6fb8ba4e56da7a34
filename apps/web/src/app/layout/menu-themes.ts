import type { ThemeConfig } from 'antd';
import { readableShade, sidebarSelection } from '../contrast';
import type { ThemePreset } from './themes';

/*
 * The menus' own themes over the console's, one place for the shell and the build's static styles
 * (build/static-styles.tsx): antd keys a component's styles by the tokens in force, so the sidebar and
 * the top menus are styled at build time only if the catalogue renders them under these same themes —
 * otherwise each menu's whole style sheet (about 50 KB of CSS) is built at run time on the first screen.
 */

/** The sidebar menu in a theme preset: the selected item in a shade of `colorPrimary` that reads on it (contrast.ts). */
export function sideMenuTheme(colorPrimary: string, preset: ThemePreset): ThemeConfig {
  const selected = sidebarSelection(colorPrimary, preset.sider);
  return {
    components: {
      Menu: {
        itemBg: preset.sider,
        subMenuItemBg: preset.sider,
        popupBg: preset.sider,
        itemColor: preset.siderText,
        itemHoverColor: preset.siderText,
        itemSelectedBg: selected.background,
        itemSelectedColor: selected.text,
        darkItemBg: preset.sider,
        darkSubMenuItemBg: 'rgba(0, 0, 0, 0.18)',
        darkPopupBg: preset.sider,
        darkItemColor: preset.siderText,
        darkItemHoverColor: '#ffffff',
        darkItemSelectedBg: selected.background,
        darkItemSelectedColor: selected.text,
      },
    },
  };
}

/** The header's top menus: the selected item in the shade of `colorPrimary` that reads on the header's colour. */
export function topMenuTheme(colorPrimary: string, header: string): ThemeConfig {
  return { components: { Menu: { horizontalItemSelectedColor: readableShade(colorPrimary, header) } } };
}
