/**
 * Social sign-in on the login page: one button per social source the
 * tenant may use (from the server's provider configuration), and the
 * completion when the provider sends the browser back to /login with code
 * and state (grant social). An identity without a local account opens the
 * registration dialog.
 */
import LoginOutlined from '@ant-design/icons/es/icons/LoginOutlined';
import { Button, Divider, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { RequestError } from '../../api/request';
import { fetchSocialSources, signInBySocial, type SocialSource } from '../../api/ssoApi';
import { landingPath } from '../../config/tenantRules';
import { beginSignIn, checkReturn, completeSignIn, registrationOfferOf, type RegistrationOffer } from '../sso/oidcFlow';

/** A toast like the request layer's; antd's message loads with it, so the sign-in page does not carry it. */
function showError(text: string): void {
  void import('antd/es/message').then(({ default: message }) => message.error(text));
}

export function SocialButtons({ tenantId, returnQuery }: { tenantId: string | undefined; returnQuery: string }) {
  const { t } = useTranslation();
  const [found, setFound] = useState<{ tenantId: string; sources: SocialSource[] }>();
  const [starting, setStarting] = useState<string>();
  const isTenantId = !!tenantId && /^\d{6}$/.test(tenantId);

  useEffect(() => {
    if (!isTenantId) return;
    let isCurrent = true;
    const timer = setTimeout(() => {
      fetchSocialSources(tenantId).then(
        (sources) => isCurrent && setFound({ tenantId, sources }),
        () => isCurrent && setFound({ tenantId, sources: [] }),
      );
    }, 300);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [isTenantId, tenantId]);

  const sources = isTenantId && found?.tenantId === tenantId ? found.sources : [];
  if (sources.length === 0) return null;
  const start = (source: string) => {
    setStarting(source);
    beginSignIn(source, 'social', tenantId!, `${window.location.origin}/login`, returnQuery).catch(() => setStarting(undefined));
  };
  return (
    <div className="login-social" data-testid="social-sign-in">
      <Divider plain>{t('sso.social.title')}</Divider>
      <div className="login-social-buttons">
        {sources.map((s) => (
          <Button key={s.source} icon={<LoginOutlined />} loading={starting === s.source} onClick={() => start(s.source)} data-testid={`social-${s.source}`}>
            {s.name}
          </Button>
        ))}
      </div>
    </div>
  );
}

/** Completes a social sign-in the provider returned to /login with; answers the registration offer of an unknown identity. */
export function useSocialReturn(): {
  isCompleting: boolean;
  offer: RegistrationOffer | undefined;
  closeOffer: () => void;
  returnQuery: string;
  tenantId: string | undefined;
} {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [initial] = useState(() => checkReturn(searchParams, 'social'));
  const [isCompleting, setCompleting] = useState(initial.kind === 'ok');
  const [offer, setOffer] = useState<RegistrationOffer>();
  const isHandled = useRef(false);
  const returnQuery = initial.kind === 'ok' ? (initial.pending.returnQuery ?? '') : '';

  useEffect(() => {
    if (isHandled.current || initial.kind === 'none') return;
    isHandled.current = true;
    // The code and state leave the address bar whatever happens next.
    navigate(`/login${returnQuery}`, { replace: true });
    if (initial.kind === 'error') {
      showError(t('sso.providerError', { error: initial.error }));
      return;
    }
    if (initial.kind === 'mismatch') {
      showError(t('sso.stateMismatch'));
      return;
    }
    const { pending, code } = initial;
    signInBySocial({ tenantId: pending.tenantId, source: pending.source, code, state: pending.state }).then(
      (response) => {
        const user = completeSignIn(response);
        navigate(landingPath(user.tenant_id), { replace: true });
      },
      (error: unknown) => {
        // The request layer has shown the server's message.
        setCompleting(false);
        const registration = error instanceof RequestError ? registrationOfferOf(error.body, pending.tenantId) : undefined;
        if (registration) setOffer(registration);
      },
    );
  }, [initial, navigate, returnQuery, t]);

  // The form shows the tenant the social sign-in was for.
  const tenantId = initial.kind === 'ok' ? initial.pending.tenantId : undefined;
  return { isCompleting, offer, closeOffer: () => setOffer(undefined), returnQuery, tenantId };
}

export function SocialCompleting() {
  const { t } = useTranslation();
  return (
    <div className="login-completing" data-testid="social-completing">
      <Spin size="large" />
      <span>{t('sso.socialSigningIn')}</span>
    </div>
  );
}
