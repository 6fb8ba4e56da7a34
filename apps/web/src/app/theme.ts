import type { ThemeConfig } from 'antd';
import { paletteOf } from './contrast';

/**
 * antd's theme for a chosen colour. One definition for the app and for the
 * build's static styles (build/static-styles.tsx): antd keys each component's
 * styles by the theme, and the file only helps when the keys match.
 *
 * The colour stays the fill (primary buttons, check boxes, ink bars); text never sits on a background at less
 * than 4.5:1 (WCAG 2.1 AA, issue 19): text on the fill is white or near-black (contrast.ts picks), and text in
 * the colour (links, the selected tab, menu item and page number) is the shade of it that reads on white or on
 * the colour's tint. With #409EFF, white on the 登录 button was 2.78:1 and the links 2.78:1 on white.
 */
export function consoleTheme(colour: string): ThemeConfig {
  const palette = paletteOf(colour);
  return {
    // Links (row actions such as 查看 and 修改, 展开) take the chosen colour too: antd derives them from
    // its info colour otherwise, and they stayed blue under every other colour.
    token: { colorPrimary: palette.fill, colorLink: palette.text },
    components: {
      Button: { primaryColor: palette.onFill },
      Menu: { itemSelectedColor: palette.textOnTint, horizontalItemSelectedColor: palette.text },
      Tabs: { itemSelectedColor: palette.text, itemActiveColor: palette.text, itemHoverColor: palette.text },
      Pagination: { itemActiveColor: palette.text, itemActiveColorHover: palette.text },
      Radio: { buttonSolidCheckedColor: palette.onFill },
      Steps: { colorTextLightSolid: palette.onFill },
    },
  };
}
