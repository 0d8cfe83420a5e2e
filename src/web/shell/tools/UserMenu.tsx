/** The avatar dropdown: personal info, switch department/role (only when switchMode is on), log out with confirmation. */
import { DownOutlined, LogoutOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Dropdown } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { logoutPath } from '../../config/tenantRules';
import { website } from '../../config/website';
import { sessionStore } from '../../stores/sessionStore';
import { SwitchRoleDialog } from './SwitchRoleDialog';

export const DEFAULT_AVATAR = '/img/avatar.svg';

export const UserMenu = observer(function UserMenu({ isCompact = false }: { isCompact?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const [isSwitchOpen, setSwitchOpen] = useState(false);
  const user = sessionStore.userInfo;

  const confirmLogout = () =>
    modal.confirm({
      title: t('shell.tip'),
      content: t('shell.logoutConfirm'),
      okText: t('shell.confirm'),
      cancelText: t('shell.cancel'),
      onOk: async () => {
        // Leave the layout first, so its "no token → /login" guard cannot overtake the tenant's destination.
        navigate(logoutPath(user?.tenant_id), { replace: true });
        await sessionStore.logout();
      },
    });

  return (
    <>
      <Dropdown
        placement="bottomRight"
        menu={{
          items: [
            { key: 'info', icon: <UserOutlined />, label: t('shell.personalInfo'), onClick: () => navigate('/info/index') },
            ...(website.switchMode ? [{ key: 'switch', icon: <SwapOutlined />, label: t('shell.switchDeptRole'), onClick: () => setSwitchOpen(true) }] : []),
            { type: 'divider' as const },
            { key: 'logout', icon: <LogoutOutlined />, label: t('shell.logout'), onClick: confirmLogout },
          ],
        }}
      >
        <span className="shell-tool shell-user" data-testid="user-menu">
          <Avatar size={30} src={user?.avatar || DEFAULT_AVATAR} />
          {!isCompact && <span className="shell-user-name">{user?.nick_name || user?.real_name || user?.account}</span>}
          {!isCompact && <DownOutlined className="shell-user-caret" />}
        </span>
      </Dropdown>
      {website.switchMode && <SwitchRoleDialog open={isSwitchOpen} onClose={() => setSwitchOpen(false)} />}
    </>
  );
});
