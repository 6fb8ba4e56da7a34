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
/** antd's red-7: the error colour that reads on white (its red-6, #ff4d4f, does not). */
export const ERROR_RED = '#cf1322';
/** antd's red-8: under the pointer, danger text darkens rather than lightens (a lighter red would not read). */
export const ERROR_RED_HOVER = '#a8071a';

export function consoleTheme(colour: string): ThemeConfig {
  const palette = paletteOf(colour);
  return {
    // Links (row actions such as 查看 and 修改, 展开) take the chosen colour too: antd derives them from
    // its info colour otherwise, and they stayed blue under every other colour.
    // Red text (danger buttons, form messages) and grey descriptions (the home page's statistic titles) in antd's
    // own shades read at 3.3:1 on white: red-7 and 65 % black read at 5.9:1 and 7:1 (the danger fill keeps white text).
    token: {
      colorPrimary: palette.fill,
      colorLink: palette.text,
      // Under the pointer and pressed, links darken to the tint's shade: antd lightens them (2.5:1 for #409EFF).
      colorLinkHover: palette.textOnTint,
      colorLinkActive: palette.textOnTint,
      colorError: ERROR_RED,
      colorErrorHover: ERROR_RED_HOVER,
      colorTextDescription: 'rgba(0, 0, 0, 0.65)',
      // A select's placeholder (请选择) is text on the page: antd's 25 % black reads at 1.8:1 on white, 55 % at 4.7:1.
      colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    },
    components: {
      // An outlined button under the pointer takes the colour's text shade (antd's lighter hover was 2.1:1).
      Button: {
        primaryColor: palette.onFill,
        defaultHoverColor: palette.textOnTint,
        defaultHoverBorderColor: palette.textOnTint,
        defaultActiveColor: palette.textOnTint,
        defaultActiveBorderColor: palette.textOnTint,
      },
      Menu: { itemSelectedColor: palette.textOnTint, horizontalItemSelectedColor: palette.text },
      Tabs: { itemSelectedColor: palette.text, itemActiveColor: palette.text, itemHoverColor: palette.text },
      Pagination: { itemActiveColor: palette.text, itemActiveColorHover: palette.text },
      Radio: { buttonSolidCheckedColor: palette.onFill },
      Steps: { colorTextLightSolid: palette.onFill },
      // The chosen and hovered dates are drawn on the colour: their numbers take the text that reads on it.
      DatePicker: { colorTextLightSolid: palette.onFill },
    },
  };
}
