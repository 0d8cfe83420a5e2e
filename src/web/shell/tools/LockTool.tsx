/**
 * Lock: a dialog sets the lock password (required, 锁屏密码不能为空), then the
 * session is flagged locked and the lock page opens after 100 ms (platform-core §4).
 */
import { LockOutlined } from '@ant-design/icons';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { website } from '../../config/website';
import { sessionStore } from '../../stores/sessionStore';
import { LOCK_DELAY_MS } from '../screen';
import { ToolButton } from './ToolButton';

export function LockTool() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [isOpen, setOpen] = useState(false);
  const [form] = Form.useForm<{ password: string }>();

  const lock = async () => {
    const { password } = await form.validateFields();
    sessionStore.setLockPassword(password);
    sessionStore.lock();
    setOpen(false);
    window.setTimeout(() => navigate(website.lockPage), LOCK_DELAY_MS);
  };

  return (
    <>
      <ToolButton title={t('shell.tools.lock')} testId="tool-lock" onClick={() => setOpen(true)}>
        <LockOutlined className="shell-tool-icon" />
      </ToolButton>
      <Modal
        open={isOpen}
        title={t('shell.lock.title')}
        width={400}
        okText={t('shell.lock.submit')}
        cancelText={t('shell.cancel')}
        onOk={() => void lock().catch(() => undefined)}
        onCancel={() => setOpen(false)}
        afterClose={() => form.resetFields()}
        destroyOnHidden
        data-testid="lock-dialog"
      >
        <Form form={form} layout="vertical" onFinish={() => void lock()} preserve={false}>
          <Form.Item name="password" label={t('shell.lock.password')} rules={[{ required: true, whitespace: true, message: t('shell.lock.passwordRequired') }]}>
            <Input.Password placeholder={t('shell.lock.passwordPlaceholder')} autoFocus autoComplete="new-password" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
