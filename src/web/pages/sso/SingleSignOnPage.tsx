/**
 * The three single sign-on pages (platform-core §2): /singleloginsk
 * (reservoir edition), /singleloginHh (river-and-lake edition),
 * /singleloginJz (reservoir matrix edition). Opened plainly, a page starts
 * the authorization-code flow at its edition's provider; opened by the
 * provider with code and state, it completes the sign-in (grant
 * authorization_code with the page itself as redirect_uri) and lands like a
 * password sign-in. An identity without a local account may register.
 */
import LoadingOutlined from '@ant-design/icons/es/icons/LoadingOutlined';
import { Button, Result, Spin } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { RequestError } from '../../api/request';
import { signInBySso } from '../../api/ssoApi';
import { landingPath } from '../../config/tenantRules';
import { SPECIAL_TENANTS } from '../../../shared/constants';
import { LanguageSwitch } from '../../shell/LanguageSwitch';
import { RegisterDialog } from '../login/RegisterDialog';
import { beginSignIn, checkReturn, completeSignIn, registrationOfferOf, type RegistrationOffer } from './oidcFlow';
import './sso.css';

export type SsoEdition = 'sk' | 'Hh' | 'Jz';

/** Each edition's provider source (server configuration), tenant, and login page variant. */
export const SSO_EDITIONS: Record<SsoEdition, { source: string; tenantId: string; loginPath: string }> = {
  sk: { source: 'sk', tenantId: SPECIAL_TENANTS.reservoir, loginPath: '/login?user=reservoir' },
  Hh: { source: 'hh', tenantId: SPECIAL_TENANTS.river, loginPath: '/login?user=zf' },
  Jz: { source: 'jz', tenantId: SPECIAL_TENANTS.matrix, loginPath: '/login?user=jz' },
};

type Phase = { name: 'redirecting' } | { name: 'completing' } | { name: 'failed'; reason: string };

function failureText(error: unknown, t: (key: string) => string): string {
  return error instanceof RequestError && !error.isNetwork ? error.message : t('sso.unreachable');
}

export function SingleSignOnPage({ edition }: { edition: SsoEdition }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const { source, tenantId, loginPath } = SSO_EDITIONS[edition];
  const redirectUri = `${window.location.origin}${location.pathname}`;
  const [initial] = useState(() => {
    const result = checkReturn(searchParams, 'authorization_code');
    // A return for another page (another edition, another address) is not this page's to complete.
    return result.kind === 'ok' && (result.pending.source !== source || result.pending.redirectUri !== redirectUri) ? ({ kind: 'mismatch' } as const) : result;
  });
  const [phase, setPhase] = useState<Phase>(() => {
    if (initial.kind === 'error') return { name: 'failed', reason: t('sso.providerError', { error: initial.error }) };
    if (initial.kind === 'mismatch') return { name: 'failed', reason: t('sso.stateMismatch') };
    return { name: initial.kind === 'ok' ? 'completing' : 'redirecting' };
  });
  const [offer, setOffer] = useState<RegistrationOffer>();
  const isHandled = useRef(false);

  const redirect = useCallback(() => {
    beginSignIn(source, 'authorization_code', tenantId, redirectUri).catch((error: unknown) => setPhase({ name: 'failed', reason: failureText(error, t) }));
  }, [redirectUri, source, t, tenantId]);

  useEffect(() => {
    if (isHandled.current) return;
    isHandled.current = true;
    if (initial.kind === 'none') {
      redirect();
      return;
    }
    // The code and state leave the address bar whatever happens next.
    navigate(location.pathname, { replace: true });
    if (initial.kind !== 'ok') return;
    const { pending, code } = initial;
    signInBySso({ tenantId: pending.tenantId, code, state: pending.state, redirectUri: pending.redirectUri }).then(
      (response) => {
        const user = completeSignIn(response);
        navigate(landingPath(user.tenant_id), { replace: true });
      },
      (error: unknown) => {
        const registration = error instanceof RequestError ? registrationOfferOf(error.body, pending.tenantId) : undefined;
        if (registration) setOffer(registration);
        setPhase({ name: 'failed', reason: failureText(error, t) });
      },
    );
  }, [initial, location.pathname, navigate, redirect, t]);

  const retry = () => {
    setPhase({ name: 'redirecting' });
    redirect();
  };

  const editionName = t(`sso.editions.${edition}`);
  return (
    <div className="sso-page" data-testid="sso-page">
      <div className="sso-language">
        <LanguageSwitch />
      </div>
      <div className="sso-card">
        <header>
          <h1>{t('app.title')}</h1>
          <p>{t('sso.title', { edition: editionName })}</p>
        </header>
        {phase.name !== 'failed' ? (
          <div className="sso-progress" data-testid={`sso-${phase.name}`}>
            <Spin indicator={<LoadingOutlined style={{ fontSize: 36 }} spin />} />
            <span>{phase.name === 'redirecting' ? t('sso.redirecting') : t('sso.signingIn')}</span>
          </div>
        ) : (
          <Result
            status="warning"
            title={t('sso.failed')}
            subTitle={<span data-testid="sso-failure">{phase.reason}</span>}
            extra={[
              <Button key="retry" type="primary" onClick={retry}>
                {t('sso.retry')}
              </Button>,
              <Button key="password" onClick={() => navigate(loginPath)}>
                {t('sso.passwordSignIn')}
              </Button>,
            ]}
          />
        )}
      </div>
      {offer && <RegisterDialog offer={offer} onClose={() => setOffer(undefined)} afterRegistered={loginPath} />}
    </div>
  );
}
