/**
 * A path inside the main layout that has no page of its own: a route the
 * server's menu grants whose page is not built yet says so plainly; any other
 * path is a 404.
 */
import { Result } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { menuLabel, menuTrail } from '../shell/menuTree';
import { sessionStore } from '../stores/sessionStore';

export const MenuRoutePage = observer(function MenuRoutePage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const menu = menuTrail(sessionStore.menus, location.pathname).at(-1);
  if (!menu) return <Navigate to="/404" replace />;
  return <Result status="info" title={menuLabel(menu, i18n.language)} subTitle={t('errors.pending')} />;
});
