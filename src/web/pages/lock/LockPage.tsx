/**
 * /lock: the screen a locked session shows (platform-core §4). Unlocking
 * compares with the lock password set in the lock dialog, purely in the
 * browser (blade-contract §7.3); signing out from here is possible too.
 */
import LogoutOutlined from '@ant-design/icons/es/icons/LogoutOutlined';
import UnlockOutlined from '@ant-design/icons/es/icons/UnlockOutlined';
import { App, Avatar, Button, Form, Input } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { LanguageSwitch } from '../../shell/LanguageSwitch';
import { ShellTheme } from '../../shell/ShellTheme';
import { tabUrl } from '../../shell/tabRules';
import { DEFAULT_AVATAR } from '../../shell/tools/UserMenu';
import { useLogout } from '../../shell/useLogout';
import { sessionStore } from '../../stores/sessionStore';
import { tabsStore } from '../../stores/tabsStore';
import '../../shell/shell.css';
import './lock.css';

function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

const LockScreen = observer(function LockScreen() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const now = useNow();
  const [form] = Form.useForm<{ password: string }>();
  const user = sessionStore.userInfo;
  const locale = i18n.language === 'en' ? 'en-US' : 'zh-CN';

  useEffect(() => {
    document.title = `${t('shell.lock.locked')} | ${t('app.title')}`;
  }, [t]);

  const unlock = ({ password }: { password: string }) => {
    if (password !== sessionStore.lockPassword) {
      void message.error(t('shell.lock.wrongPassword'));
      form.setFieldValue('password', '');
      return;
    }
    const back = tabsStore.active ?? tabsStore.home;
    sessionStore.unlock();
    navigate(tabUrl(back), { replace: true });
  };

  const { confirmLogout: logout } = useLogout();

  return (
    <div className="lock-page" data-testid="lock-page">
      <div className="lock-language">
        <LanguageSwitch />
      </div>
      <div className="lock-clock">
        <div className="lock-time">{now.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', hour12: false })}</div>
        <div className="lock-date">{now.toLocaleDateString(locale, { year: 'numeric', month: 'long', day: 'numeric', weekday: 'long' })}</div>
      </div>
      <div className="lock-card">
        <Avatar size={76} src={user?.avatar || DEFAULT_AVATAR} className="lock-avatar" />
        <div className="lock-name">{user?.nick_name || user?.real_name || user?.account}</div>
        <div className="lock-state">{t('shell.lock.locked')}</div>
        <Form form={form} onFinish={unlock} className="lock-form">
          <Form.Item name="password" rules={[{ required: true, message: t('shell.lock.passwordRequired') }]}>
            <Input.Password
              size="large"
              autoFocus
              placeholder={t('shell.lock.passwordPlaceholder')}
              autoComplete="off"
              data-testid="unlock-password"
              suffix={null}
            />
          </Form.Item>
          <Button type="primary" size="large" htmlType="submit" icon={<UnlockOutlined />} block data-testid="unlock-submit">
            {t('shell.lock.unlock')}
          </Button>
        </Form>
        <Button type="link" icon={<LogoutOutlined />} onClick={logout} className="lock-logout" data-testid="lock-logout">
          {t('shell.lock.logout')}
        </Button>
      </div>
    </div>
  );
});

export const LockPage = observer(function LockPage() {
  if (!sessionStore.isSignedIn) return <Navigate to="/login" replace />;
  if (!sessionStore.isLocked) return <Navigate to={tabUrl(tabsStore.active ?? tabsStore.home)} replace />;
  return (
    <ShellTheme>
      <LockScreen />
    </ShellTheme>
  );
});
