/** The personal-info tab: account, roles and departments read-only; nickname, name, avatar, phone and email editable. */
import { App, Avatar, Button, Form, Input, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_AVATAR } from '../../shell/tools/UserMenu';
import { fetchProfile, updateProfile, type ProfileChanges, type UserProfile } from './infoApi';

export function ProfileForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ProfileChanges>();
  const [profile, setProfile] = useState<UserProfile>();
  const [isSaving, setSaving] = useState(false);
  const avatar = Form.useWatch('avatar', form);

  useEffect(() => {
    let isCurrent = true;
    fetchProfile()
      .then((loaded) => {
        if (!isCurrent) return;
        setProfile(loaded);
        form.setFieldsValue(loaded);
      })
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [form]);

  const save = async (values: ProfileChanges) => {
    setSaving(true);
    try {
      const saved = await updateProfile(values);
      setProfile(saved);
      form.setFieldsValue(saved);
      void message.success(t('shell.info.saved'));
    } catch {
      // The request layer has shown the server's message; the form stays as typed.
    } finally {
      setSaving(false);
    }
  };

  if (!profile) return <Spin className="shell-loading" />;
  return (
    <Form
      form={form}
      layout="horizontal"
      labelCol={{ flex: '110px' }}
      wrapperCol={{ flex: '420px' }}
      onFinish={(values) => void save(values)}
      validateTrigger="onBlur"
      data-testid="profile-form"
    >
      <Form.Item label={t('shell.info.avatar')}>
        <Space align="center">
          <Avatar size={56} src={avatar || DEFAULT_AVATAR} />
          <Form.Item name="avatar" noStyle>
            <Input placeholder="https://" style={{ width: 340 }} />
          </Form.Item>
        </Space>
      </Form.Item>
      <Form.Item label={t('shell.info.account')}>
        <Input value={profile.account} disabled />
      </Form.Item>
      <Form.Item name="name" label={t('shell.info.name')} rules={[{ required: true, whitespace: true, message: t('shell.info.nameRequired') }, { max: 64 }]}>
        <Input />
      </Form.Item>
      <Form.Item
        name="realName"
        label={t('shell.info.realName')}
        rules={[{ required: true, whitespace: true, message: t('shell.info.realNameRequired') }, { max: 64 }]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="phone"
        label={t('shell.info.phone')}
        rules={[
          { len: 11, message: t('shell.info.phoneLength') },
          { pattern: /^1[0-9]{10}$/, message: t('shell.info.phoneFormat') },
        ]}
      >
        <Input maxLength={11} />
      </Form.Item>
      <Form.Item name="email" label={t('shell.info.email')} rules={[{ type: 'email', message: t('shell.info.emailFormat') }]}>
        <Input />
      </Form.Item>
      <Form.Item label={t('shell.info.roles')}>
        <Input value={profile.roleName ?? ''} disabled />
      </Form.Item>
      <Form.Item label={t('shell.info.dept')}>
        <Input value={profile.deptName ?? ''} disabled />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Space>
          <Button type="primary" htmlType="submit" loading={isSaving} data-testid="profile-save">
            {t('shell.info.save')}
          </Button>
          <Button onClick={() => form.setFieldsValue(profile)}>{t('shell.info.reset')}</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
