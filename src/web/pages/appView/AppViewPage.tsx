/**
 * /appView: the mini-program's web view (platform-core §2, public). The
 * mini-program opens /appView?token=<access token>&page=<console path>[&lang=en];
 * the token is taken off the address at once, checked with the server, and
 * starts a session in embedded mode (content only, no shell chrome), then the
 * page opens — behind the same menu gate as in the console. Without a token,
 * or once the session has ended, the page asks to reopen it from the app:
 * a sign-in form is of no use inside a web view.
 */
import { Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { fetchUserInfoOf } from '../../api/authApi';
import { dropTokenFromAddress } from '../../api/launchToken';
import { landingPath } from '../../config/tenantRules';
import { changeLanguage } from '../../i18n';
import { embeddedTarget, startEmbedded } from '../../shell/embeddedMode';
import { sessionStore } from '../../stores/sessionStore';
import '../../shell/shell.css';

type Outcome = 'checking' | 'noToken' | 'expired';

/** The query the page was opened with, read once; the token leaves the address bar before anything else happens. */
function takeQuery(): URLSearchParams {
  const query = new URLSearchParams(window.location.search);
  dropTokenFromAddress();
  return query;
}

export function AppViewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query] = useState(takeQuery);
  const token = query.get('token');
  const [outcome, setOutcome] = useState<Outcome>(query.get('expired') ? 'expired' : token ? 'checking' : 'noToken');

  useEffect(() => {
    const language = query.get('lang');
    if (language === 'en' || language === 'zh') void changeLanguage(language);
  }, [query]);

  useEffect(() => {
    if (outcome !== 'checking' || !token) return;
    let isCurrent = true;
    // Embedded before the check: a refused token then comes back here (marked expired), not to the sign-in page.
    startEmbedded();
    fetchUserInfoOf(token)
      .then((owner) => {
        if (!isCurrent) return;
        sessionStore.signInWith({ ...owner, access_token: token, refresh_token: '', expires_in: 0 });
        startEmbedded();
        navigate(embeddedTarget(query.get('page'), landingPath(owner.tenant_id)), { replace: true });
      })
      .catch(() => isCurrent && setOutcome('expired'));
    return () => {
      isCurrent = false;
    };
  }, [outcome, token, query, navigate]);

  return (
    <div className="app-view" data-testid={`app-view-${outcome}`}>
      {outcome === 'checking' ? (
        <Spin className="shell-loading" />
      ) : (
        <Result
          status={outcome === 'expired' ? 'warning' : 'info'}
          title={t(outcome === 'expired' ? 'appView.expired' : 'appView.noToken')}
          subTitle={t('appView.hint')}
        />
      )}
    </div>
  );
}
