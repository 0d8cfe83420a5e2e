/**
 * /myiframe/:routerPath: an external page embedded in the console (platform-core §2, a public route).
 * Signed in, the address comes from the user's menu item (`${token}` in it is filled in). Without a
 * session — a link from outside the console, /myiframe/<name>?src=<address> — the server is asked
 * whether the address is an external menu item's; only then is it embedded, so the console's frame
 * never lends its name to an arbitrary page.
 */
import { ExportOutlined } from '@ant-design/icons';
import { Button, Result, Spin } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import type { Envelope } from '../../shared/envelope';
import { request } from '../api/http';
import { getToken } from '../api/storage';
import { externalUrl, menuLabel, resolveMenuPath } from '../router/menuRoutes';
import { sessionStore } from '../stores/sessionStore';
import { navigationStore } from './navigationStore';

function EmbeddedFrame({ title, url }: { title: string; url: string }) {
  const { t } = useTranslation();
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
}

async function isEmbeddable(url: string): Promise<boolean> {
  const response = await request<Envelope<{ embeddable: boolean }>>({ url: '/blade-system/menu/embeddable', params: { url }, meta: { isToken: false } });
  return response.data.data.embeddable === true;
}

/** An address given in the link (?src=), embedded only when it is an external menu item's. */
function LinkedFrame({ src, name }: { src: string | null; name: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: embeddable, isLoading } = useSWR(src ? ['embeddable', src] : null, () => isEmbeddable(src!));
  if (isLoading) return <Spin className="shell-loading" />;
  if (src && embeddable) return <EmbeddedFrame title={name} url={src} />;
  return (
    <div data-testid="iframe-missing">
      <Result
        status="404"
        title="404"
        subTitle={t('shell.iframe.missing')}
        extra={
          sessionStore.isSignedIn ? undefined : (
            <Button type="primary" onClick={() => navigate('/login')}>
              {t('shell.iframe.signIn')}
            </Button>
          )
        }
      />
    </div>
  );
}

export const IframePage = observer(function IframePage() {
  const { i18n } = useTranslation();
  const location = useLocation();
  const query = new URLSearchParams(location.search);
  const resolution = sessionStore.isSignedIn ? resolveMenuPath(navigationStore.routeMenus, location.pathname) : undefined;
  if (resolution?.kind === 'iframe')
    return <EmbeddedFrame title={menuLabel(resolution.route.menu, i18n.language)} url={externalUrl(resolution.url, getToken())} />;
  const name = query.get('name') ?? decodeURIComponent(location.pathname.split('/').pop() ?? '');
  return <LinkedFrame src={query.get('src')} name={name} />;
});
