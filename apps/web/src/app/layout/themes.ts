/** The 11 themes of the theme chooser: sidebar and header colours over the same console. */
export interface ThemePreset {
  /** Also the key of its name in the messages (`themes.<key>`). */
  key: string;
  sider: string;
  siderText: string;
  header: string;
}

export const THEMES: ThemePreset[] = [
  { key: 'default', sider: '#20222a', siderText: '#c0c4cc', header: '#ffffff' },
  { key: 'white', sider: '#ffffff', siderText: '#303133', header: '#ffffff' },
  { key: 'dark', sider: '#000000', siderText: '#a6adb4', header: '#141414' },
  { key: 'ocean', sider: '#0b3d91', siderText: '#d6e4ff', header: '#ffffff' },
  { key: 'forest', sider: '#1d3b2a', siderText: '#cfe8d5', header: '#ffffff' },
  { key: 'violet', sider: '#2f1b4e', siderText: '#e2d5f8', header: '#ffffff' },
  { key: 'sunset', sider: '#5c2018', siderText: '#ffd8bf', header: '#ffffff' },
  { key: 'steel', sider: '#2b3a4a', siderText: '#d0d7de', header: '#f5f7fa' },
  { key: 'teal', sider: '#0e4b4f', siderText: '#c5f0ee', header: '#ffffff' },
  { key: 'coffee', sider: '#3e2c23', siderText: '#eadbc8', header: '#ffffff' },
  { key: 'graphite', sider: '#333333', siderText: '#dddddd', header: '#fafafa' },
];
