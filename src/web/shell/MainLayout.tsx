/**
 * The main layout: runs the guard on every navigation (router/guard.ts),
 * loads the menus once per page load, restores each route's scroll position,
 * and lays out the top bar, side menu (hidden on the full-width pages), tab
 * bar and page.
 */
import { Spin } from 'antd';
import { untracked } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect, useLayoutEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useMatches, useNavigate } from 'react-router-dom';
import { ChatPetSlot } from '../chat/ChatPetSlot';
import { runGuard, ScrollMemory, type RouteMeta } from '../router/guard';
import { openScreen } from '../screens/openScreen';
import { screenOfPath } from '../screens/screenPaths';
import { buildMenuRoutes, menuLabel, metaOf, routeTable } from '../router/menuRoutes';
import { errorLogStore } from '../stores/errorLogStore';
import { sessionStore } from '../stores/sessionStore';
import { settingsStore } from '../stores/settingsStore';
import { tabsStore } from '../stores/tabsStore';
import { isEmbedded } from './embeddedMode';
import { LiveWarnings } from './LiveWarnings';
import { ErrorBoundary } from './ErrorBoundary';
import { MenuSearchOverlay } from './MenuSearch';
import { navigationStore } from './navigationStore';
import { hidesSideMenu, SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from './screen';
import { ShellTheme } from './ShellTheme';
import { SideMenu } from './SideMenu';
import { TabBar } from './TabBar';
import { TopBar } from './TopBar';
import './shell.css';

if (typeof window !== 'undefined') {
  errorLogStore.install(window);
  const onResize = () => settingsStore.setWidth(window.innerWidth);
  window.addEventListener('resize', onResize);
}

const scrollMemory = new ScrollMemory();

/** The route's meta: its own handle, else the menu item's meta for server-driven pages. */
function useRouteInfo(pathname: string): { meta: RouteMeta; name: string } {
  const { t, i18n } = useTranslation();
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as { meta?: RouteMeta } | undefined;
  const routeMenus = navigationStore.routeMenus;
  const table = useMemo(() => routeTable(buildMenuRoutes(routeMenus)), [routeMenus]);
  const menu = table.get(pathname)?.menu;
  const meta: RouteMeta = useMemo(() => ({ ...(menu ? (metaOf(menu) as RouteMeta) : {}), ...handle?.meta }), [menu, handle]);
  // Names need the menus: until they are loaded a page gets no tab (the guard adds it once they are).
  if (!navigationStore.isReady) return { meta, name: '' };
  const name = meta.i18n ? t(meta.i18n) : menu ? menuLabel(menu, i18n.language) : '';
  return { meta, name };
}

/**
 * Scroll restore per route: a route shown again returns to where it was left,
 * any other starts at the top. Pages load their data after mounting, so the
 * position is re-applied for a moment until the page is tall enough (or the
 * user scrolls by themselves).
 */
function useScrollRestore(pathname: string): void {
  useLayoutEffect(() => {
    const target = scrollMemory.restore(pathname);
    window.scrollTo(0, target);
    if (target === 0) return;
    const started = performance.now();
    let frame = 0;
    let isCancelled = false;
    const cancel = () => (isCancelled = true);
    const events = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
    events.forEach((name) => window.addEventListener(name, cancel, { passive: true }));
    const step = () => {
      if (isCancelled || Math.abs(window.scrollY - target) < 2 || performance.now() - started > 2000) return;
      window.scrollTo(0, target);
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => {
      cancelAnimationFrame(frame);
      events.forEach((name) => window.removeEventListener(name, cancel));
    };
  }, [pathname]);
  useEffect(() => {
    const save = () => scrollMemory.save(pathname, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, [pathname]);
}

/** The page, once the menus (which name and gate it) are loaded. */
const PageOutlet = observer(function PageOutlet({ pathname }: { pathname: string }) {
  return navigationStore.isReady ? (
    <ErrorBoundary key={pathname}>
      <Outlet />
    </ErrorBoundary>
  ) : (
    <Spin className="shell-loading" />
  );
});

/**
 * The page without the shell's chrome: inside a mini-program's web view (/appView), where the host app
 * draws its own, and for a public page of the layout opened without a session (no menus to load).
 */
const BareLayout = observer(function BareLayout({ pathname, hasSession }: { pathname: string; hasSession: boolean }) {
  return (
    <ShellTheme className="shell is-embedded">
      <main className="shell-main" data-testid="bare-main">
        <div className="shell-content">
          {hasSession ? (
            <PageOutlet pathname={pathname} />
          ) : (
            <ErrorBoundary key={pathname}>
              <Outlet />
            </ErrorBoundary>
          )}
        </div>
      </main>
    </ShellTheme>
  );
});

export const MainLayout = observer(function MainLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { meta, name } = useRouteInfo(location.pathname);

  // The guard runs per navigation, like a router hook: the session is read when the location changes, so
  // locking waits its 100 ms before /lock, and a logout that has already navigated is not overtaken by a
  // second redirect when the token disappears under a layout that is still unmounting.
  const session = useMemo(() => untracked(() => ({ key: location.key, isSignedIn: sessionStore.isSignedIn, isLocked: sessionStore.isLocked })), [location.key]);
  const decision = useMemo(
    () => runGuard({ pathname: location.pathname, search: location.search, name, meta }, session),
    [location.pathname, location.search, name, meta, session],
  );

  useEffect(() => {
    if (decision.kind === 'redirect' && decision.logout) sessionStore.clearSession();
    if (decision.kind === 'openWindow') {
      if (screenOfPath(decision.url)) void openScreen(decision.url);
      else window.open(decision.url, '_blank', 'noopener');
      navigate(-1);
      return;
    }
    settingsStore.setMenu(decision.isMenu);
    if (decision.kind === 'allow' && decision.tab) {
      const { path, search, label, i18n, query, meta: tabMeta } = decision.tab;
      tabsStore.open({ path, search, label, i18n, query, meta: tabMeta });
    }
  }, [decision, navigate]);

  useEffect(() => {
    if (name) document.title = `${name} | ${t('app.title')}`;
  }, [name, t]);

  useEffect(() => {
    if (!sessionStore.isSignedIn) return;
    tabsStore.ensureHome();
    void navigationStore.load().catch(() => undefined);
  }, []);

  useScrollRestore(location.pathname);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  // A public page of the layout (an embedded external page) opened without a session is shown alone too.
  if (isEmbedded() || !session.isSignedIn) return <BareLayout pathname={location.pathname} hasSession={session.isSignedIn} />;

  const hasSideMenu = settingsStore.isMenu && !hidesSideMenu(location.pathname);
  const sideWidth = settingsStore.isCollapse ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH;
  return (
    <ShellTheme className="shell">
      <TopBar hasSideMenu={hasSideMenu} />
      <div className="shell-body">
        {hasSideMenu && (
          <aside
            className={`shell-side${settingsStore.isCollapse ? ' is-collapsed' : ''}`}
            style={{ width: sideWidth, flexBasis: sideWidth }}
            data-testid="side-bar"
          >
            <SideMenu />
          </aside>
        )}
        <main className="shell-main">
          <TabBar />
          <div className="shell-content">
            <PageOutlet pathname={location.pathname} />
          </div>
        </main>
      </div>
      <MenuSearchOverlay />
      <LiveWarnings />
      <ChatPetSlot />
    </ShellTheme>
  );
});
