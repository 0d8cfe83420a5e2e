/**
 * 监控地图 in its own window (business-domain §2: its menu item opens it in a new window, isOpen 2): the page alone,
 * filling the window, without the shell's top bar, menus and tabs, yet with the console's session, checked by the
 * guard of every page of the main layout (router/guard.ts): signed out → the sign-in page, locked → the lock page.
 * The menus are loaded as the layout loads them, so the menu gate still decides whether the user may open it.
 */
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { MenuGate } from '../../renderers/MenuGate';
import { runGuard } from '../../router/guard';
import { navigationStore } from '../../shell/navigationStore';
import { ShellTheme } from '../../shell/ShellTheme';
import { sessionStore } from '../../stores/sessionStore';
import { MonitorMapPage } from './MonitorMapPage';

export function MonitorMapWindow() {
  const { t } = useTranslation();
  const location = useLocation();
  // Read once per navigation, as the layout does: a forced logout is handled by the request layer's own redirect.
  const decision = useMemo(
    () =>
      runGuard(
        { pathname: location.pathname, search: location.search, name: '', meta: { isTab: false, menu: false } },
        { isSignedIn: sessionStore.isSignedIn, isLocked: sessionStore.isLocked },
      ),
    [location.pathname, location.search],
  );
  const isAllowed = decision.kind !== 'redirect';

  useEffect(() => {
    if (decision.kind === 'redirect' && decision.logout) sessionStore.clearSession();
    if (isAllowed) void navigationStore.load().catch(() => undefined);
  }, [decision, isAllowed]);

  useEffect(() => {
    document.title = `${t('mapViews.monitorTitle')} | ${t('app.title')}`;
  }, [t]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return (
    <ShellTheme>
      <MenuGate>
        <MonitorMapPage />
      </MenuGate>
    </ShellTheme>
  );
}
