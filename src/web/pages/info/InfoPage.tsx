/** /info/index, /userInfo and /securitySetting: personal info and change password, as two tabs. */
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';

export function InfoPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const tab = new URLSearchParams(location.search).get('tab');
  const isPassword = tab ? tab === 'password' : location.pathname === '/securitySetting';
  return (
    <Card className="info-page" data-testid="info-page">
      <Tabs
        activeKey={isPassword ? 'password' : 'profile'}
        onChange={(key) => navigate({ pathname: location.pathname, search: `?tab=${key}` }, { replace: true })}
        items={[
          { key: 'profile', label: t('shell.info.profileTab'), children: <ProfileForm /> },
          { key: 'password', label: t('shell.info.passwordTab'), children: <PasswordForm /> },
        ]}
      />
    </Card>
  );
}
