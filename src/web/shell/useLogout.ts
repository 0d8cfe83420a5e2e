/**
 * Logging out, from wherever it is offered (user menu, lock page, after a
 * password change): leave for the tenant's login page first, so the layout's
 * "no token → /login" guard cannot overtake that destination, then end the
 * session (server logout revokes the refresh token).
 */
import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { logoutPath } from '../config/tenantRules';
import { sessionStore } from '../stores/sessionStore';

export function useLogout(): { logout: () => Promise<void>; confirmLogout: () => void } {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { modal } = App.useApp();

  const logout = useCallback(async () => {
    navigate(logoutPath(sessionStore.userInfo?.tenant_id), { replace: true });
    await sessionStore.logout();
  }, [navigate]);

  const confirmLogout = useCallback(() => {
    modal.confirm({ title: t('shell.tip'), content: t('shell.logoutConfirm'), okText: t('shell.confirm'), cancelText: t('shell.cancel'), onOk: logout });
  }, [modal, t, logout]);

  return { logout, confirmLogout };
}
