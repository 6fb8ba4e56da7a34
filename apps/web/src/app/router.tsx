import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { useSession } from './use-session';
import { FIXED_TITLES, guardRedirect, newWindowAddress, PUBLIC_PATHS } from './guard';
import { prefetchGet, setUnauthorizedHandler } from './http';
import { MENU_BUTTONS, MENU_ROUTES } from './menu-calls';
import { languageReady } from './i18n';
import { preloadAntd, WithAntd } from './WithAntd';
import { preloadable } from './preloadable';
import { session } from './session';
import { LeaveDetailPage, LeaveFormPage, LeaveHandlePage } from '../modules/workflow/screens';
import { DashboardPage } from '../modules/dashboard/screens';
// The sign-in page is part of the first script (a phone on a slow network would wait a round trip more for
// its chunk; it is small: plain elements, no antd). Every other screen is its own chunk.
import LoginPage from '../modules/login/LoginPage';
const LockPage = lazy(() => import('../pages/LockPage'));
// The first screen's levels: fetched together on a signed-in start, rendered in one pass once they are in.
const Shell = preloadable(() => import('./layout/Shell'));
const Welcome = preloadable(() => import('../modules/wel/Welcome'));
const InfoPage = lazy(() => import('../modules/info/InfoPage'));
const MenuScreen = preloadable(() => import('./MenuScreen'));
const EmbeddedPage = lazy(() => import('../pages/EmbeddedPage'));
const DictSplitPage = lazy(() => import('../modules/system/DictSplitPage'));
const ComingSoonPage = lazy(() => import('../pages/ComingSoon').then((m) => ({ default: m.ComingSoonPage })));
// antd's Result carries large illustrations: the error pages load on their own.
const ErrorPage = lazy(() => import('../pages/ErrorPage').then((m) => ({ default: m.ErrorPage })));

// A spinner of plain CSS (index.html), so the first page does not wait for antd's Spin.
const loading = (
  <div style={{ display: 'grid', placeItems: 'center', height: '60vh' }}>
    <span className="page-loading" role="progressbar" aria-label="loading" />
  </div>
);
const lazyPage = (node: ReactNode) => <Suspense fallback={loading}>{node}</Suspense>;

// A signed-in start asks for the menus and buttons first, then fetches the code: antd's providers, the shell's
// chunk, and on a menu screen the screen's chunk and its first page, all together, not one after the other.
// Order matters: the browser sends at most six requests at a time to the server, and dozens of chunks follow;
// the calls, and the small chunk that names the first list call, go out ahead of them.
if (session.token() && !PUBLIC_PATHS.includes(window.location.pathname)) {
  prefetchGet(MENU_ROUTES);
  prefetchGet(MENU_BUTTONS);
  const { pathname } = window.location;
  const menuScreen = !/^\/(wel|info|myiframe)\b|^\/$/.test(pathname);
  const firstList = menuScreen ? import('../crud/first-list-call') : undefined;
  preloadAntd();
  // Imported, not bundled here: the sign-in page does not carry the menus module. It takes the calls above.
  const menus = import('./menus').then((m) => m.prefetchMenus());
  void Shell.preload();
  if (pathname === '/' || pathname.startsWith('/wel/index')) void Welcome.preload();
  if (firstList) {
    void MenuScreen.preload();
    // A list screen's first page is asked for as soon as the menus say which screen the address opens.
    void Promise.all([menus, firstList, languageReady])
      .then(([tree, first]) => first.prefetchFirstList(tree, window.location))
      .catch(() => undefined); // the shell reports a menus failure when it takes the call
  }
} else if (window.location.pathname !== '/login') {
  // Every page but the sign-in page renders antd: its providers and styles load with the page's own code.
  preloadAntd();
}

/** The route guard of spec §4 on every navigation. */
function Guard() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { signedIn, locked } = useSession();
  const target = guardRedirect({ path: pathname, signedIn, locked });
  const newWindow = target ? null : newWindowAddress(pathname, search);
  useEffect(() => {
    if (!newWindow) return;
    window.open(newWindow.url, newWindow.target);
    void navigate(-1);
  }, [newWindow?.url, newWindow?.target]);
  // A 401 from any call signs out and returns to the sign-in page.
  useEffect(() => setUnauthorizedHandler(() => void navigate('/login', { replace: true })), [navigate]);
  if (newWindow) return null;
  return target && target !== pathname ? <Navigate to={target} replace /> : <Outlet />;
}

/**
 * The console's routes (declared in JSX under App's BrowserRouter: the console uses no loaders or
 * actions, and the declarative router keeps the sign-in page's scripts smaller than the data router).
 */
export function ConsoleRoutes() {
  return (
    <Routes>
      <Route element={<Guard />}>
        <Route path="/login" element={<LoginPage />} />
        {/* Every page but the sign-in page renders antd: its providers and styles load first. */}
        <Route
          element={lazyPage(
            <WithAntd>
              <Outlet />
            </WithAntd>,
          )}
        >
          <Route path="/lock" element={lazyPage(<LockPage />)} />
          <Route path="/404" element={lazyPage(<ErrorPage status="404" />)} />
          <Route path="/403" element={lazyPage(<ErrorPage status="403" />)} />
          <Route path="/500" element={lazyPage(<ErrorPage status="500" />)} />
          <Route path="/" element={<Navigate to="/wel/index" replace />} />
          <Route path="/wel" element={<Navigate to="/wel/index" replace />} />
          <Route element={lazyPage(<Shell />)}>
            <Route path="/wel/index" element={lazyPage(<Welcome />)} />
            {/* The console's dashboard (spec §2.1, hidden from the menu): the 统计看板 menu's screen. */}
            <Route path="/wel/dashboard" element={lazyPage(<DashboardPage />)} />
            {/* The test page of spec §2.1: the spec names the route and nothing of its content. */}
            <Route path="/test/index" element={lazyPage(<ComingSoonPage titleKey={FIXED_TITLES['/test/index']!} />)} />
            <Route path="/info/index" element={lazyPage(<InfoPage />)} />
            <Route path="/myiframe/*" element={lazyPage(<EmbeddedPage />)} />
            {/* Dictionary management with parents and entries side by side (spec §2.1); no menu routes these. */}
            <Route path="/dict-horizontal/index" element={lazyPage(<DictSplitPage layout="horizontal" />)} />
            <Route path="/dict-vertical/index" element={lazyPage(<DictSplitPage layout="vertical" />)} />
            {/* The leave process's pages (spec §2.1); the `flow` dictionary routes a process's key here. */}
            <Route path="/work/process/leave/form/:processDefinitionId" element={lazyPage(<LeaveFormPage />)} />
            <Route
              path="/work/process/leave/handle/:taskId/:processInstanceId/:businessId"
              element={lazyPage(<LeaveHandlePage />)}
            />
            <Route path="/work/process/leave/detail/:processInstanceId/:businessId" element={lazyPage(<LeaveDetailPage />)} />
            {/* Menu routes come from the user's menus (menu/routes); unknown paths end on /404. */}
            <Route path="*" element={lazyPage(<MenuScreen />)} />
          </Route>
        </Route>
      </Route>
    </Routes>
  );
}
