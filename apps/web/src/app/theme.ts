import type { ThemeConfig } from 'antd';

/**
 * antd's theme for a chosen colour. One definition for the app and for the
 * build's static styles (build/static-styles.tsx): antd keys each component's
 * styles by the theme, and the file only helps when the keys match.
 */
export function consoleTheme(colour: string): ThemeConfig {
  // Links (row actions such as 查看 and 修改, 展开) take the chosen colour too: antd derives them from
  // its info colour otherwise, and they stayed blue under every other colour.
  return { token: { colorPrimary: colour, colorLink: colour } };
}
