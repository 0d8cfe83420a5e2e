/** Top bar: logo and app name (trial tag in `pre`), collapse toggle, language and the user dropdown. */
import { DownOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, Modal, Tag } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { logoutPath } from '../config/tenantRules';
import { sessionStore } from '../stores/sessionStore';
import { LanguageSwitch } from './LanguageSwitch';

interface TopBarProps {
  isCollapsed: boolean;
  onToggleCollapse?: () => void;
}

export const TopBar = observer(function TopBar({ isCollapsed, onToggleCollapse }: TopBarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = sessionStore.userInfo;

  const confirmLogout = () =>
    Modal.confirm({
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
    <header className="shell-top">
      <div className="shell-logo">
        <img src="/favicon.svg" alt="" />
        <span>{t('app.title')}</span>
        {user?.environment === 'pre' && <Tag color="orange">{t('app.trial')}</Tag>}
      </div>
      {onToggleCollapse && (
        <span className="shell-tool" role="button" onClick={onToggleCollapse} title={isCollapsed ? t('shell.expand') : t('shell.collapse')}>
          {isCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        </span>
      )}
      <div className="shell-spacer" />
      <LanguageSwitch />
      <Dropdown
        menu={{
          items: [
            { key: 'info', icon: <UserOutlined />, label: t('shell.personalInfo'), onClick: () => navigate('/info/index') },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: t('shell.logout'), onClick: confirmLogout },
          ],
        }}
      >
        <span className="shell-tool shell-user" data-testid="user-menu">
          <Avatar size={28} src={user?.avatar} />
          <span>{user?.nick_name || user?.account}</span>
          <DownOutlined />
        </span>
      </Dropdown>
    </header>
  );
});
