/** /myiframe/:routerPath: an external menu page embedded in the layout (`${token}` in its address is filled in). */
import { ExportOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { getToken } from '../api/storage';
import { externalUrl, menuLabel, resolveMenuPath } from '../router/menuRoutes';
import { navigationStore } from './navigationStore';

export const IframePage = observer(function IframePage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const resolution = resolveMenuPath(navigationStore.routeMenus, location.pathname);
  if (resolution.kind !== 'iframe') return <Result status="404" title="404" subTitle={t('shell.iframe.missing')} />;
  const url = externalUrl(resolution.url, getToken());
  const title = menuLabel(resolution.route.menu, i18n.language);
  return (
    <div className="shell-iframe">
      <div className="shell-iframe-bar">
        <span>{title}</span>
        <Button size="small" type="link" icon={<ExportOutlined />} onClick={() => window.open(url, '_blank', 'noopener')}>
          {t('shell.iframe.openInWindow')}
        </Button>
      </div>
      <iframe title={title} src={url} className="shell-iframe-frame" data-testid="menu-iframe" />
    </div>
  );
});
