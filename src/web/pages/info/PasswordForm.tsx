/**
 * The change-password tab: each field required on blur (请输入原密码 /
 * 请输入新密码 / 请输入确认密码), the confirmation must match. The server
 * ends every session of the user, so a successful change signs out too.
 */
import { App, Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../../shell/useLogout';
import { updatePassword, type PasswordChange } from './infoApi';

export function PasswordForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { logout } = useLogout();
  const [form] = Form.useForm<PasswordChange>();
  const [isSaving, setSaving] = useState(false);

  const save = async (values: PasswordChange) => {
    setSaving(true);
    try {
      await updatePassword(values);
      void message.success(t('shell.info.passwordChanged'));
      // The server ended every session of the user, this one included.
      await logout();
    } catch {
      // The request layer has shown the server's message (wrong current password …).
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      form={form}
      labelCol={{ flex: '110px' }}
      wrapperCol={{ flex: '420px' }}
      validateTrigger="onBlur"
      onFinish={(values) => void save(values)}
      data-testid="password-form"
    >
      <Form.Item name="oldPassword" label={t('shell.info.oldPassword')} rules={[{ required: true, message: t('shell.info.oldPasswordRequired') }]}>
        <Input.Password autoComplete="current-password" data-testid="old-password" />
      </Form.Item>
      <Form.Item name="newPassword" label={t('shell.info.newPassword')} rules={[{ required: true, message: t('shell.info.newPasswordRequired') }]}>
        <Input.Password autoComplete="new-password" data-testid="new-password" />
      </Form.Item>
      <Form.Item
        name="newPassword1"
        label={t('shell.info.newPassword1')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('shell.info.newPassword1Required') },
          ({ getFieldValue }) => ({
            validator: (_rule, value: string | undefined) =>
              !value || value === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('shell.info.passwordMismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" data-testid="new-password1" />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Space>
          <Button type="primary" htmlType="submit" loading={isSaving} data-testid="password-save">
            {t('shell.info.save')}
          </Button>
          <Button onClick={() => form.resetFields()}>{t('shell.info.reset')}</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
