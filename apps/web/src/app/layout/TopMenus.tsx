import { menuName } from '@property/domain';
import { useQuery } from '@tanstack/react-query';
import { ConfigProvider, Menu, theme } from 'antd';
import { createElement } from 'react';
import { useTranslation } from '../i18n';
import type { TopMenu } from '../answers';
import { api } from '../http';
import { menuIcon } from './menu-icons';
import { topMenuTheme } from './menu-themes';

/**
 * The header's top menus (spec §2.2): each narrows the sidebar to the menus granted to it
 * (menu/routes?topMenuId=); the first item shows every menu. Hidden when the tenant has none.
 */
export function TopMenus({
  selected,
  onSelect,
  header,
}: {
  selected?: string;
  onSelect: (topMenuId?: string) => void;
  /** The header's colour: the selected item takes the shade of the chosen colour that reads on it. */
  header: string;
}) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const locale = i18n.language === 'en' ? 'en' : 'zh';
  const topMenus = useQuery({
    queryKey: ['top-menus'],
    queryFn: () => api.get<TopMenu[]>('/blade-system/menu/top-menu'),
  });
  if (!topMenus.data?.length) return null;
  const ALL = 'all';
  return (
    <ConfigProvider theme={topMenuTheme(token.colorPrimary, header)}>
      <Menu
        mode="horizontal"
        aria-label={t('common.topMenus')}
        selectedKeys={[selected ?? ALL]}
        onClick={({ key }) => onSelect(key === ALL ? undefined : key)}
        style={{ borderBottom: 'none', background: 'transparent', minWidth: 0, flex: 1 }}
        items={[
          { key: ALL, label: t('common.allMenus'), icon: createElement(menuIcon('AppstoreOutlined')) },
          ...topMenus.data.map((m) => ({
            key: m.id,
            label: menuName(locale, m.code, m.name),
            icon: createElement(menuIcon(m.source)),
          })),
        ]}
      />
    </ConfigProvider>
  );
}
