/** The 11 themes of the theme chooser: sidebar and header colours over the same console. */
export interface ThemePreset {
  key: string;
  zh: string;
  en: string;
  sider: string;
  siderText: string;
  header: string;
}

export const THEMES: ThemePreset[] = [
  { key: 'default', zh: '默认主题', en: 'Default', sider: '#20222a', siderText: '#c0c4cc', header: '#ffffff' },
  { key: 'white', zh: '白色主题', en: 'White', sider: '#ffffff', siderText: '#303133', header: '#ffffff' },
  { key: 'dark', zh: '炫黑主题', en: 'Dark', sider: '#000000', siderText: '#a6adb4', header: '#141414' },
  { key: 'ocean', zh: '海洋主题', en: 'Ocean', sider: '#0b3d91', siderText: '#d6e4ff', header: '#ffffff' },
  { key: 'forest', zh: '森林主题', en: 'Forest', sider: '#1d3b2a', siderText: '#cfe8d5', header: '#ffffff' },
  { key: 'violet', zh: '紫罗兰主题', en: 'Violet', sider: '#2f1b4e', siderText: '#e2d5f8', header: '#ffffff' },
  { key: 'sunset', zh: '落日主题', en: 'Sunset', sider: '#5c2018', siderText: '#ffd8bf', header: '#ffffff' },
  { key: 'steel', zh: '钢蓝主题', en: 'Steel', sider: '#2b3a4a', siderText: '#d0d7de', header: '#f5f7fa' },
  { key: 'teal', zh: '青碧主题', en: 'Teal', sider: '#0e4b4f', siderText: '#c5f0ee', header: '#ffffff' },
  { key: 'coffee', zh: '咖啡主题', en: 'Coffee', sider: '#3e2c23', siderText: '#eadbc8', header: '#ffffff' },
  { key: 'graphite', zh: '石墨主题', en: 'Graphite', sider: '#333333', siderText: '#dddddd', header: '#fafafa' },
];
