/**
 * Registration dialog for third-party sign-in users without a local account
 * (platform-core §2, §3, §5, §8): tenant id, name, account, password and its
 * confirmation, checked in the spec's order; submitted with the oauthId the
 * refused sign-in carried. Success shows the pending-approval message, then
 * logs out and returns to the login page.
 */
import { App, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { RequestError } from '../../api/request';
import { registerGuest } from '../../api/ssoApi';
import { website } from '../../config/website';
import { sessionStore } from '../../stores/sessionStore';
import type { RegistrationOffer } from '../sso/oidcFlow';

interface RegisterValues {
  tenantId: string;
  name: string;
  account: string;
  password: string;
  password2: string;
}

const CHECK_MESSAGE = 'register-check';

/** The first failed check of platform-core §5, as a translation key; undefined when the form may be sent. */
export function registrationProblem(values: RegisterValues, tenantMode: boolean): string | undefined {
  if (tenantMode && !values.tenantId.trim()) return 'sso.register.tenantRequired';
  if (!values.account.trim()) return 'sso.register.accountRequired';
  if (!values.password || !values.password2) return 'sso.register.passwordRequired';
  if (values.password !== values.password2) return 'sso.register.passwordMismatch';
  return undefined;
}

type RegisterDialogProps = { offer: RegistrationOffer; onClose: () => void; afterRegistered?: string };

/**
 * The dialog inside antd's App of its own (its toasts and the pending-approval notice): the pages that open it,
 * /login and the single sign-on pages, have none, so the sign-in page does not carry it until a dialog opens.
 */
export function RegisterDialog(props: RegisterDialogProps) {
  return (
    <App component={false}>
      <RegisterModal {...props} />
    </App>
  );
}

function RegisterModal({ offer, onClose, afterRegistered }: RegisterDialogProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterValues>();
  const [isSubmitting, setSubmitting] = useState(false);
  // After registering the dialog closes itself and tells the page only once the notice is confirmed: the notice lives in this App.
  const [isOpen, setOpen] = useState(true);

  const submit = async () => {
    const raw: Partial<RegisterValues> = form.getFieldsValue();
    // Without tenant mode the tenant field is hidden and the sign-in's tenant is used.
    const values: RegisterValues = {
      tenantId: raw.tenantId ?? offer.tenantId,
      name: raw.name ?? '',
      account: raw.account ?? '',
      password: raw.password ?? '',
      password2: raw.password2 ?? '',
    };
    const problem = registrationProblem(values, website.tenantMode);
    // One check message at a time, replaced in place as the user fixes the form.
    if (problem) {
      void message.warning({ content: t(problem), key: CHECK_MESSAGE });
      return;
    }
    message.destroy(CHECK_MESSAGE);
    setSubmitting(true);
    try {
      await registerGuest({
        tenantId: values.tenantId.trim(),
        name: values.name.trim(),
        account: values.account.trim(),
        password: values.password,
        oauthId: offer.oauthId,
      });
      setOpen(false);
      modal.success({
        title: t('sso.register.noticeTitle'),
        content: t('sso.register.submitted'),
        okText: t('sso.register.ok'),
        onOk: () => {
          // Registration ends in the logged-out state, on the login page (platform-core §4).
          sessionStore.clearSession();
          onClose();
          navigate(afterRegistered ?? '/login', { replace: true });
        },
      });
    } catch (error) {
      // The request layer has shown the server's message; without one (no answer) say that it failed.
      if (!(error instanceof RequestError) || error.isNetwork) void message.error(t('sso.register.failed'));
      setSubmitting(false);
    }
  };

  return (
    <Modal
      open={isOpen}
      title={t('sso.register.title')}
      onCancel={onClose}
      maskClosable={false}
      width={440}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('sso.register.cancel')}
        </Button>,
        <Button key="submit" type="primary" loading={isSubmitting} onClick={() => void submit()} data-testid="register-submit">
          {t('sso.register.submit')}
        </Button>,
      ]}
    >
      <p className="register-hint">{t('sso.register.hint')}</p>
      <Form<RegisterValues>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '92px' }}
        initialValues={{ tenantId: offer.tenantId, name: offer.name, account: offer.account, password: '', password2: '' }}
        requiredMark={false}
        data-testid="register-form"
      >
        {website.tenantMode && (
          <Form.Item name="tenantId" label={t('sso.register.tenantId')}>
            <Input placeholder={t('sso.register.tenantIdPlaceholder')} autoComplete="organization" />
          </Form.Item>
        )}
        <Form.Item name="name" label={t('sso.register.name')}>
          <Input placeholder={t('sso.register.namePlaceholder')} autoComplete="name" />
        </Form.Item>
        <Form.Item name="account" label={t('sso.register.account')}>
          <Input placeholder={t('sso.register.accountPlaceholder')} autoComplete="username" />
        </Form.Item>
        <Form.Item name="password" label={t('sso.register.password')}>
          <Input.Password placeholder={t('sso.register.passwordPlaceholder')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="password2" label={t('sso.register.password2')}>
          <Input.Password placeholder={t('sso.register.password2Placeholder')} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
