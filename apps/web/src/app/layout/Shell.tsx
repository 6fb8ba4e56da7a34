import { ProLayout, type MenuDataItem } from '@ant-design/pro-components';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { createElement, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { startTokenRefresh } from '../auth';
import { APP } from '../config';
import { GardenContext, useGardenState } from '../garden';
import { flattenMenus, loadButtons, loadMenus, localizeMenus, type MenuNode } from '../menus';
import { ButtonsContext } from '../permissions';
import { session } from '../session';
import { queryClient } from '../query-client';
import { useScreenClass } from '../screen';
import { storage } from '../storage';
import { ConsoleWatermark } from './ConsoleWatermark';
import { HeaderActions } from './HeaderActions';
import { menuIcon } from './menu-icons';
import { MenusContext } from './menus-context';
import { TabBar } from './TabBar';
import { TopMenus } from './TopMenus';
import { THEMES } from './themes';

/** Menus → ProLayout's route data; external items (isOpen 2) open in a new window. */
function toRoutes(nodes: MenuNode[]): MenuDataItem[] {
  return nodes.map((m) => ({
    key: m.id,
    path: m.path,
    name: m.name,
    icon: createElement(menuIcon(m.source)),
    ...(m.isOpen === 2 ? { target: '_blank' } : {}),
    ...(m.children?.length ? { children: toRoutes(m.children) } : {}),
  }));
}

/** The signed-in console, with its query cache. */
export default function Shell() {
  return (
    <QueryClientProvider client={queryClient}>
      <Frame />
    </QueryClientProvider>
  );
}

/** The console's frame: header, sidebar menu tree, tab bar, watermark, and the page. */
function Frame() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const [themeKey, setThemeKey] = useState(storage.get<string>('theme') ?? 'default');
  const theme = THEMES.find((th) => th.key === themeKey) ?? THEMES[0];
  const [topMenuId, setTopMenuId] = useState<string>();
  const menus = useQuery({ queryKey: ['menus', topMenuId], queryFn: () => loadMenus(topMenuId) });
  const buttons = useQuery({ queryKey: ['buttons'], queryFn: loadButtons });
  const user = session.user();

  useEffect(() => startTokenRefresh(), []);
  // Date pickers and dates speak the app's language (the shell holds every screen that shows dates).
  dayjs.locale(i18n.language === 'en' ? 'en' : 'zh-cn');
  const garden = useGardenState();
  const screen = useScreenClass();
  const locale = i18n.language === 'en' ? 'en' : 'zh';
  const tree = useMemo(() => (menus.data ? localizeMenus(menus.data, locale) : null), [menus.data, locale]);
  const routes = useMemo(() => toRoutes(tree ?? []), [tree]);
  const flat = useMemo(() => flattenMenus(tree ?? []), [tree]);
  const titleOf = useCallback(
    (path: string) => (path === '/info/index' ? t('common.userInfo') : flat.find((m) => m.path === path)?.name),
    [flat, t],
  );
  const chooseTheme = (key: string) => {
    storage.set('theme', key);
    setThemeKey(key);
  };

  return (
    <MenusContext.Provider value={tree}>
      <ButtonsContext.Provider value={buttons.data ?? new Set()}>
        <ProLayout
          title={t('common.appTitle')}
          logo={false}
          layout="mix"
          splitMenus={false}
          fixSiderbar
          fixedHeader
          location={{ pathname }}
          route={{ path: '/', routes }}
          menu={{ loading: menus.isLoading, locale: false }}
          menuItemRender={(item, dom) =>
            item.target === '_blank' ? (
              <a href={item.path} target="_blank" rel="noreferrer">
                {dom}
              </a>
            ) : (
              <Link to={item.path ?? '/'}>{dom}</Link>
            )
          }
          token={{
            colorPrimary: storage.get<string>('colour') ?? APP.colour,
            header: { colorBgHeader: theme.header },
            sider: {
              colorMenuBackground: theme.sider,
              colorTextMenu: theme.siderText,
              colorTextMenuSelected: '#ffffff',
              colorBgMenuItemSelected: storage.get<string>('colour') ?? APP.colour,
            },
          }}
          headerContentRender={() => <TopMenus selected={topMenuId} onSelect={setTopMenuId} />}
          actionsRender={() => [
            // The garden reaches the header's selector and the pages (useGarden).
            <GardenContext.Provider key="actions" value={garden}>
              <HeaderActions menus={tree ?? []} onTheme={chooseTheme} />
            </GardenContext.Provider>,
          ]}
          contentStyle={{ padding: 0 }}
        >
          <TabBar titleOf={titleOf} />
          <ConsoleWatermark content={[user?.real_name || user?.account || '', user?.tenant_id ?? '']}>
            <div style={{ padding: screen === 0 ? 8 : 16, minHeight: 'calc(100vh - 110px)' }}>
              <GardenContext.Provider value={garden}>
                <Outlet />
              </GardenContext.Provider>
            </div>
          </ConsoleWatermark>
        </ProLayout>
      </ButtonsContext.Provider>
    </MenusContext.Provider>
  );
}
