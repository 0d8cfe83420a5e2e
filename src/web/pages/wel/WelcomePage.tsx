/** /wel/index, the workbench: who is signed in, where, and the functions their roles open. */
import { Card, Col, Descriptions, Row, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import type { Envelope } from '../../../shared/envelope';
import { request } from '../../api/http';
import { website } from '../../config/website';
import { openScreen } from '../../screens/openScreen';
import { screenOfPath } from '../../screens/screenPaths';
import { MenuIcon } from '../../shell/MenuIcon';
import { flattenMenus, isExternal, menuLabel, visibleMenus } from '../../shell/menuTree';
import { sessionStore } from '../../stores/sessionStore';
import { WorkbenchTodos } from './WorkbenchTodos';
import './welcome.css';

/** The names of the signed-in user's roles (the token carries their aliases); the aliases until they arrive. */
function useRoleNames(userId: string | undefined): string[] {
  const { data } = useSWR(userId ? ['role-select', userId] : null, async () => {
    const response = await request<Envelope<{ roleName: string }[]>>({ url: '/blade-system/role/select', params: { userId }, meta: { isSilent: true } });
    return response.data.data.map((role) => role.roleName);
  });
  return data ?? sessionStore.roles;
}

export const WelcomePage = observer(function WelcomePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const user = sessionStore.userInfo;
  const sections = visibleMenus(sessionStore.menus).filter((menu) => menu.children?.length);
  const roleNames = useRoleNames(user?.user_id);

  const open = (path: string, isOpen: number) => {
    if (screenOfPath(path)) void openScreen(path);
    else if (isExternal(path) || isOpen === 2) window.open(path, '_blank', 'noopener');
    else navigate(path);
  };

  return (
    <div className="welcome">
      <Card className="welcome-hero">
        <Typography.Title level={3}>{t('wel.greeting', { name: user?.nick_name || user?.account, title: t('app.title') })}</Typography.Title>
        <Descriptions column={{ xs: 1, md: 3 }} size="small">
          <Descriptions.Item label={t('wel.tenant')}>{user?.tenant_id}</Descriptions.Item>
          <Descriptions.Item label={t('wel.roles')}>{roleNames.join(', ')}</Descriptions.Item>
          <Descriptions.Item label={t('wel.menus')}>{flattenMenus(sections).filter((m) => !m.children?.length).length}</Descriptions.Item>
        </Descriptions>
        <Typography.Text type="secondary">{t('wel.version', { version: website.version, date: website.releaseDate })}</Typography.Text>
      </Card>
      <WorkbenchTodos />
      <Row gutter={[16, 16]}>
        {sections.map((section) => (
          <Col key={section.id} xs={24} md={12} xl={8}>
            <Card
              title={
                <span>
                  <MenuIcon name={section.source} /> {menuLabel(section, i18n.language)}
                </span>
              }
              size="small"
              className="welcome-section"
            >
              {flattenMenus(section.children ?? [])
                .filter((m) => !m.children?.length)
                .slice(0, 8)
                .map((menu) => (
                  <a key={menu.id} className="welcome-link" onClick={() => open(menu.path, menu.isOpen)}>
                    {menuLabel(menu, i18n.language)}
                  </a>
                ))}
            </Card>
          </Col>
        ))}
      </Row>
    </div>
  );
});
