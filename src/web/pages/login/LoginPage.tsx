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
import { Button, Form, Input } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { fetchCaptcha, fetchPublicSettings, type PublicSettings } from '../../api/authApi';
import { RequestError } from '../../api/request';
import { landingPath, tenantOfLoginVariant } from '../../config/tenantRules';
import { website } from '../../config/website';
import { LanguageSwitch } from '../../shell/LanguageSwitch';
import { sessionStore } from '../../stores/sessionStore';
import { RegisterDialog } from './RegisterDialog';
import { SocialButtons, SocialCompleting, useSocialReturn } from './SocialSignIn';
import './login.css';

interface LoginValues {
  tenantId: string;
  username: string;
  password: string;
  code?: string;
}

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
  const [form] = Form.useForm<LoginValues>();
  const typedTenantId = Form.useWatch('tenantId', form);
  const social = useSocialReturn();

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

  const submit = async (values: LoginValues) => {
    setSubmitting(true);
    try {
      const user = await sessionStore.signIn(
        { tenantId: values.tenantId, username: values.username, password: values.password, captchaKey: captcha?.key, captchaCode: values.code },
        (settings?.captchaMode ?? true) || isCaptchaAsked,
      );
      navigate(landingPath(user.tenant_id), { replace: true });
    } catch (error) {
      // The request layer has shown the message; a captcha is single use.
      form.setFieldValue('code', '');
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
        <Form<LoginValues>
          form={form}
          layout="vertical"
          size="large"
          initialValues={{ tenantId: social.tenantId ?? tenantOfLoginVariant(variant) ?? website.defaultTenantId }}
          onFinish={submit}
          requiredMark={false}
        >
          {website.tenantMode && (
            <Form.Item name="tenantId" label={t('login.tenantId')} rules={[{ required: true, message: t('login.tenantRequired') }]}>
              <Input prefix={<TeamOutlined />} placeholder={t('login.tenantIdPlaceholder')} autoComplete="organization" />
            </Form.Item>
          )}
          <Form.Item name="username" label={t('login.account')} rules={[{ required: true, message: t('login.accountRequired') }]}>
            <Input prefix={<UserOutlined />} placeholder={t('login.accountPlaceholder')} autoComplete="username" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('login.password')}
            rules={[
              { required: true, message: t('login.passwordRequired') },
              { min: 5, message: t('login.passwordTooShort') },
            ]}
          >
            <Input.Password prefix={<LockOutlined />} placeholder={t('login.passwordPlaceholder')} autoComplete="current-password" />
          </Form.Item>
          {showsCaptcha && (
            <Form.Item label={t('login.captcha')} required>
              <div className="login-captcha">
                <Form.Item
                  name="code"
                  noStyle
                  rules={[
                    { required: true, message: t('login.captchaRequired') },
                    { len: 5, message: t('login.captchaLength') },
                  ]}
                >
                  <Input prefix={<SafetyOutlined />} placeholder={t('login.captchaPlaceholder')} maxLength={5} autoComplete="off" />
                </Form.Item>
                <button type="button" className="login-captcha-image" onClick={refreshCaptcha} title={t('login.refreshCaptcha')}>
                  {captcha && <img src={captcha.image} alt={t('login.captcha')} />}
                </button>
              </div>
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" block loading={isSubmitting} data-testid="login-submit">
            {isSubmitting ? t('login.signingIn') : t('login.submit')}
          </Button>
        </Form>
        <SocialButtons
          tenantId={website.tenantMode ? typedTenantId : website.defaultTenantId}
          returnQuery={variant ? `?user=${encodeURIComponent(variant)}` : ''}
        />
        {social.isCompleting && <SocialCompleting />}
        <footer>{t('wel.version', { version: website.version, date: website.releaseDate })}</footer>
      </section>
      {social.offer && <RegisterDialog offer={social.offer} onClose={social.closeOffer} afterRegistered={`/login${social.returnQuery}`} />}
    </div>
  );
}
