/** The avatar dropdown: personal info, switch department/role (only when switchMode is on), log out with confirmation. */
import { DownOutlined, LogoutOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { website } from '../../config/website';
import { sessionStore } from '../../stores/sessionStore';
import { useLogout } from '../useLogout';
import { SwitchRoleDialog } from './SwitchRoleDialog';

export const DEFAULT_AVATAR = '/img/avatar.svg';

export const UserMenu = observer(function UserMenu({ isCompact = false }: { isCompact?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [isSwitchOpen, setSwitchOpen] = useState(false);
  const user = sessionStore.userInfo;

  const { confirmLogout } = useLogout();

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
