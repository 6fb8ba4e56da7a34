import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { gardenEntity, readsAsReference } from '@property/domain';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Button, Layout } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { startTransition, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../i18n';
import { Outlet, useLocation } from 'react-router-dom';
import { startTokenRefresh } from '../auth';
import { fixedTitleOf } from '../guard';
import { GardenContext, useGardenState } from '../garden';
import { arrivedPrefetched, flattenMenus, loadButtons, loadMenus, localizeMenus, menuCodes, takePrefetched } from '../menus';
import { ButtonsContext, ReadableContext, readableFrom, rememberReadable } from '../permissions';
import { session } from '../session';
import { queryClient } from '../query-client';
import { useScreenClass } from '../screen';
import { storage } from '../storage';
import { ConsoleWatermark } from './ConsoleWatermark';
import { HeaderActions } from './HeaderActions';
import { MenusContext } from './menus-context';
import { isDark } from '../contrast';
import { SideMenu } from './SideMenu';
import { TabBar } from './TabBar';
import { TopMenus } from './TopMenus';
import { THEMES } from './themes';
import './Shell.css';

const NO_BUTTONS = new Set<string>();

/**
 * The menus of one top menu (or all of them): the first, unnarrowed call was made before this chunk loaded.
 * Its answer, when in already, is the query's first data: the shell's first render then holds the sidebar
 * and the screen the address opens, rather than an empty frame and a second pass once the query settles.
 * (The query still runs on mount, taking that same answer: no second call.)
 */
const menusQuery = (topMenuId: string | undefined) => ({
  queryKey: ['menus', topMenuId],
  queryFn: () => (topMenuId ? undefined : takePrefetched('menus')) ?? loadMenus(topMenuId),
  initialData: topMenuId ? undefined : arrivedPrefetched('menus'),
});

/** The sidebar's widths, open and collapsed. */
const SIDER_WIDTH = 208;
const SIDER_COLLAPSED_WIDTH = 64;

/** The signed-in console, with its query cache. */
export default function Shell() {
  return (
    <QueryClientProvider client={queryClient}>
      <Frame />
    </QueryClientProvider>
  );
}

/**
 * The console's frame: a header (collapse toggle, title, top menus, actions), the sidebar's menu tree,
 * the tab bar, the watermark and the page. Plain antd Layout rather than ProLayout: its route matching,
 * its own style sheets and nested providers made the shell's chunk 142 KB and its first commit longer.
 */
function Frame() {
  const { t, i18n } = useTranslation();
  const [themeKey, setThemeKey] = useState(storage.get<string>('theme') ?? 'default');
  const preset = THEMES.find((th) => th.key === themeKey) ?? THEMES[0];
  const [topMenuId, setTopMenuId] = useState<string>();
  // The first menus and buttons were asked for before this chunk loaded (router.tsx).
  const menus = useQuery(menusQuery(topMenuId));
  // Every menu of the user, whichever top menu narrows the sidebar: what they may read (the same query without one).
  const everyMenu = useQuery(menusQuery(undefined));
  const buttons = useQuery({
    queryKey: ['buttons'],
    queryFn: () => takePrefetched('buttons') ?? loadButtons(),
    initialData: arrivedPrefetched('buttons'),
  });
  // Deferred like the buttons the screens are given (below), so that once what the user may read is known the
  // screen's buttons are too: a menu screen waits for it (MenuScreen) and never shows rows without their actions.
  const everyMenuData = useDeferredValue(everyMenu.data);
  const buttonCodes = useDeferredValue(buttons.data);
  const readable = useMemo(
    () => (everyMenuData && buttonCodes ? readableFrom(menuCodes(everyMenuData), buttonCodes) : null),
    [everyMenuData, buttonCodes],
  );
  // Reference fields' choices (outside React) ask only lists the user may read; set before the screen renders.
  rememberReadable(readable);
  const user = session.user();

  useEffect(() => startTokenRefresh(), []);
  // Date pickers and dates speak the app's language (the shell holds every screen that shows dates).
  dayjs.locale(i18n.language === 'en' ? 'en' : 'zh-cn');
  // The header's garden list is a reference read (the garden menu or any garden-bound screen's): without one, no
  // selector and no call that would be refused.
  const garden = useGardenState(readable ? readsAsReference(gardenEntity, readable) : null);
  const screen = useScreenClass();
  const [collapsed, setCollapsed] = useState(screen < 2);
  // On a phone the sidebar is out of the way (no width at all) until opened, and closes once a page is chosen.
  const phone = screen === 0;
  const { pathname } = useLocation();
  useEffect(() => {
    if (phone) setCollapsed(true);
  }, [phone, pathname]);
  const locale = i18n.language === 'en' ? 'en' : 'zh';
  // Query results arrive as urgent, unsliced renders (react-query updates through useSyncExternalStore).
  // Deferred, the arrival renders cheaply at once and the screen they open (the whole list screen, on a
  // first visit) mounts in a second, interruptible render that yields to the browser every few ms.
  const menuData = useDeferredValue(menus.data);
  const tree = useMemo(() => (menuData ? localizeMenus(menuData, locale) : null), [menuData, locale]);
  const flat = useMemo(() => flattenMenus(tree ?? []), [tree]);
  const titleOf = useCallback(
    (path: string) => {
      const fixed = fixedTitleOf(path);
      return fixed ? t(fixed) : (flat.find((m) => m.path === path)?.name ?? undefined);
    },
    [flat, t],
  );
  // The header's tools (colour picker, dropdowns, badges) render after the frame's first paint, in their own
  // lower-priority pass: the first task stays short, and their styles are generated once the page is on screen.
  const [toolsShown, setToolsShown] = useState(false);
  useEffect(() => startTransition(() => setToolsShown(true)), []);
  const chooseTheme = (key: string) => {
    storage.set('theme', key);
    setThemeKey(key);
  };
  // The theme's class on <body>, for styles outside the frame (popups).
  useEffect(() => {
    document.body.classList.add(`theme-${preset.key}`);
    return () => document.body.classList.remove(`theme-${preset.key}`);
  }, [preset.key]);

  return (
    <MenusContext.Provider value={tree}>
      <ReadableContext.Provider value={readable}>
        <ButtonsContext.Provider value={buttonCodes ?? NO_BUTTONS}>
          <GardenContext.Provider value={garden}>
            <Layout className={`console-shell theme-${preset.key}`}>
              {/* First in the Tab order: past the header's tools and the sidebar, straight to the page. */}
              <a
                className="skip-link"
                href="#main-content"
                onClick={(event) => {
                  event.preventDefault();
                  document.getElementById('main-content')?.focus();
                }}
              >
                {t('common.skipToContent')}
              </a>
              <Layout.Header
                className={`console-header${isDark(preset.header) ? ' is-dark' : ''}`}
                style={{ background: preset.header }}
              >
                <div className="console-brand">
                  <Button
                    type="text"
                    className="console-toggle"
                    aria-label={t(collapsed ? 'common.expand' : 'common.collapse')}
                    icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                    onClick={() => setCollapsed(!collapsed)}
                  />
                  <h1>{t('common.appTitle')}</h1>
                </div>
                <div className="console-top-menus">
                  <TopMenus selected={topMenuId} onSelect={setTopMenuId} header={preset.header} />
                </div>
                <div className="console-actions">{toolsShown && <HeaderActions menus={tree ?? []} onTheme={chooseTheme} />}</div>
              </Layout.Header>
              <Layout hasSider>
                {/* On a phone the open sidebar lies over the page; a tap beside it closes it. */}
                {phone && !collapsed && <div className="console-sider-backdrop" onClick={() => setCollapsed(true)} />}
                <Layout.Sider
                  className={`console-sider${phone ? ' is-overlay' : ''}`}
                  width={SIDER_WIDTH}
                  collapsedWidth={phone ? 0 : SIDER_COLLAPSED_WIDTH}
                  collapsed={collapsed}
                  trigger={null}
                  style={{ background: preset.sider }}
                >
                  {tree ? (
                    <SideMenu tree={tree} preset={preset} collapsed={collapsed} />
                  ) : (
                    <div className="console-menu-loading">
                      <span className="page-loading" role="progressbar" aria-label={t('common.loading')} />
                    </div>
                  )}
                </Layout.Sider>
                <Layout.Content className="console-main" id="main-content" tabIndex={-1}>
                  <TabBar titleOf={titleOf} />
                  <ConsoleWatermark content={[user?.real_name || user?.account || '', user?.tenant_id ?? '']}>
                    <div style={{ padding: screen === 0 ? 8 : 16, minHeight: 'calc(100vh - 110px)' }}>
                      <Outlet />
                    </div>
                  </ConsoleWatermark>
                </Layout.Content>
              </Layout>
            </Layout>
          </GardenContext.Provider>
        </ButtonsContext.Provider>
      </ReadableContext.Provider>
    </MenusContext.Provider>
  );
}
