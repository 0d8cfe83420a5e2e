/**
 * /login: tenant id, account, password (sent as md5), captcha image with
 * refresh (always when captcha mode is on; otherwise once the server asks for
 * one, after too many failed sign-ins of the account). `?user=reservoir|jz|zf` shows that edition and presets its tenant.
 * Below the form, the tenant's social sign-in buttons; a social sign-in
 * returning here is completed, and an unknown identity may register.
 */
import LockOutlined from '@ant-design/icons/es/icons/LockOutlined';
import SafetyOutlined from '@ant-design/icons/es/icons/SafetyOutlined';
import TeamOutlined from '@ant-design/icons/es/icons/TeamOutlined';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import { Button } from 'antd';
// The input modules themselves: antd's input index also brings the text area, search and one-time-code inputs.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { lazy, Suspense, useCallback, useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { fetchCaptcha, fetchPublicSettings, type PublicSettings } from '../../api/authApi';
import { RequestError } from '../../api/request';
import { landingPath, tenantOfLoginVariant } from '../../config/tenantRules';
import { website } from '../../config/website';
import { LanguageSwitch } from '../../shell/LanguageSwitch';
import { sessionStore } from '../../stores/sessionStore';
import { LoginField } from './LoginField';
import { loginFieldProblem, type LoginFieldName, type LoginValues } from './loginForm';
import { SocialButtons, SocialCompleting, useSocialReturn } from './SocialSignIn';
import './login.css';

// Only an unknown social identity needs it: its code loads when it opens.
const RegisterDialog = lazy(() => import('./RegisterDialog').then((m) => ({ default: m.RegisterDialog })));

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const variant = searchParams.get('user');
  const [settings, setSettings] = useState<PublicSettings>();
  const [captcha, setCaptcha] = useState<{ key: string; image: string }>();
  // The server asked for a captcha (captcha_required) although captcha mode is off.
  const [isCaptchaAsked, setCaptchaAsked] = useState(false);
  const showsCaptcha = (settings?.captchaMode ?? false) || isCaptchaAsked;
  const [isSubmitting, setSubmitting] = useState(false);
  const social = useSocialReturn();
  const [values, setValues] = useState<LoginValues>(() => ({
    tenantId: social.tenantId ?? tenantOfLoginVariant(variant) ?? website.defaultTenantId,
    username: '',
    password: '',
    code: '',
  }));
  // A field's check shows once the field was edited or the form sent, as with antd's form.
  const [checked, setChecked] = useState<ReadonlySet<LoginFieldName>>(new Set());
  const fields: LoginFieldName[] = [...(website.tenantMode ? ['tenantId' as const] : []), 'username', 'password', ...(showsCaptcha ? ['code' as const] : [])];
  const problemOf = (field: LoginFieldName) => {
    const problem = checked.has(field) ? loginFieldProblem(field, values[field]) : undefined;
    return problem && t(problem);
  };
  const edit = (field: LoginFieldName) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    setChecked((current) => new Set(current).add(field));
  };

  const refreshCaptcha = useCallback(() => {
    fetchCaptcha().then(setCaptcha, () => undefined);
  }, []);

  useEffect(() => {
    fetchPublicSettings().then(
      (loaded) => {
        setSettings(loaded);
        if (loaded.captchaMode) refreshCaptcha();
      },
      () => undefined,
    );
  }, [refreshCaptcha]);

  /** What every field's input shares: its id, size, value, change handler and error state. */
  const inputOf = (field: LoginFieldName) => ({
    id: field,
    size: 'large' as const,
    value: values[field],
    onChange: edit(field),
    status: problemOf(field) ? ('error' as const) : undefined,
  });

  const send = (event: FormEvent) => {
    event.preventDefault();
    setChecked(new Set(fields));
    if (fields.every((field) => !loginFieldProblem(field, values[field]))) void submit();
  };

  const submit = async () => {
    setSubmitting(true);
    try {
      const user = await sessionStore.signIn(
        {
          tenantId: values.tenantId,
          username: values.username,
          password: values.password,
          captchaKey: captcha?.key,
          captchaCode: showsCaptcha ? values.code : undefined,
        },
        (settings?.captchaMode ?? true) || isCaptchaAsked,
      );
      navigate(landingPath(user.tenant_id), { replace: true });
    } catch (error) {
      // The request layer has shown the message; a captcha is single use.
      setValues((current) => ({ ...current, code: '' }));
      setChecked((current) => new Set([...current].filter((field) => field !== 'code')));
      const isAsked = error instanceof RequestError && (error.body as { captcha_required?: unknown } | null)?.captcha_required === true;
      if (isAsked) setCaptchaAsked(true);
      if (showsCaptcha || isAsked) refreshCaptcha();
      setSubmitting(false);
    }
  };

  const edition = variant === 'reservoir' || variant === 'jz' || variant === 'zf' ? t(`login.editions.${variant}`) : undefined;

  return (
    <div className="login-page">
      <div className="login-language">
        <LanguageSwitch />
      </div>
      <section className="login-hero">
        <h1>{t('app.title')}</h1>
        <p>
          {t('login.subtitle')}
          {edition ? ` · ${edition}` : ''}
        </p>
        <div className="login-waves" aria-hidden />
      </section>
      <section className="login-card">
        <h2>{t('login.title')}</h2>
        <form className="login-form" onSubmit={send} noValidate>
          {website.tenantMode && (
            <LoginField id="tenantId" label={t('login.tenantId')} error={problemOf('tenantId')}>
              <Input {...inputOf('tenantId')} prefix={<TeamOutlined />} placeholder={t('login.tenantIdPlaceholder')} autoComplete="organization" />
            </LoginField>
          )}
          <LoginField id="username" label={t('login.account')} error={problemOf('username')}>
            <Input {...inputOf('username')} prefix={<UserOutlined />} placeholder={t('login.accountPlaceholder')} autoComplete="username" />
          </LoginField>
          <LoginField id="password" label={t('login.password')} error={problemOf('password')}>
            <Password {...inputOf('password')} prefix={<LockOutlined />} placeholder={t('login.passwordPlaceholder')} autoComplete="current-password" />
          </LoginField>
          {showsCaptcha && (
            <LoginField id="code" label={t('login.captcha')} error={problemOf('code')}>
              <div className="login-captcha">
                <Input {...inputOf('code')} prefix={<SafetyOutlined />} placeholder={t('login.captchaPlaceholder')} maxLength={5} autoComplete="off" />
                <button type="button" className="login-captcha-image" onClick={refreshCaptcha} title={t('login.refreshCaptcha')}>
                  {captcha && <img src={captcha.image} alt={t('login.captcha')} />}
                </button>
              </div>
            </LoginField>
          )}
          <Button type="primary" htmlType="submit" size="large" block loading={isSubmitting} data-testid="login-submit">
            {isSubmitting ? t('login.signingIn') : t('login.submit')}
          </Button>
        </form>
        <SocialButtons
          tenantId={website.tenantMode ? values.tenantId : website.defaultTenantId}
          returnQuery={variant ? `?user=${encodeURIComponent(variant)}` : ''}
        />
        {social.isCompleting && <SocialCompleting />}
        <footer>{t('wel.version', { version: website.version, date: website.releaseDate })}</footer>
      </section>
      {social.offer && (
        <Suspense>
          <RegisterDialog offer={social.offer} onClose={social.closeOffer} afterRegistered={`/login${social.returnQuery}`} />
        </Suspense>
      )}
    </div>
  );
}
