import type { ThemeConfig } from 'antd';

/**
 * antd's theme for a chosen colour. One definition for the app and for the
 * build's static styles (build/static-styles.tsx): antd keys each component's
 * styles by the theme, and the file only helps when the keys match.
 */
export function consoleTheme(colour: string): ThemeConfig {
  return { token: { colorPrimary: colour } };
}
