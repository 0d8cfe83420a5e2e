/**
 * Adding or editing a data source: name, URL, user name, password (never
 * shown; left empty on edit it stays as stored) and remark, with a
 * connection test of what the form holds before anything is saved: its
 * outcome (the server's message) stays under the form until a value changes.
 */
import { ApiOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityRecord } from '../../renderers/entityApi';
import { saveDatasource } from './developApi';
import { showFieldErrors } from './formErrors';
import { useConnectionTest } from './useConnectionTest';

const URL_PATTERN = /^postgres(ql)?:\/\/[A-Za-z0-9.:[\]-]+(:[0-9]{1,5})?\/[A-Za-z0-9_$.-]{1,63}$/;
const FIELDS = ['name', 'url', 'username', 'password', 'remark'];

interface Values {
  name: string;
  url: string;
  username: string;
  password?: string;
  remark?: string;
}

export interface DatasourceDialogProps {
  record?: EntityRecord;
  onClose: () => void;
  onSaved: () => void;
}

export function DatasourceDialog({ record, onClose, onSaved }: DatasourceDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [isSaving, setSaving] = useState(false);
  const connection = useConnectionTest();
  const isEdit = !!record;
  const required = (key: string) => [{ required: true, whitespace: true, message: t('develop.required', { label: t(key) }) }];

  const test = async () => {
    let values: Values;
    try {
      values = await form.validateFields(['url', 'username']);
    } catch {
      return;
    }
    await connection.run({ id: record?.id, url: values.url, username: values.username, password: form.getFieldValue('password') || undefined });
  };

  const save = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await saveDatasource({ ...values, id: record?.id, version: record?.version });
      void message.success(t('develop.saved'));
      onSaved();
    } catch (error) {
      showFieldErrors(form, error, FIELDS);
      setSaving(false);
    }
  };

  return (
    <Modal open title={t(isEdit ? 'develop.datasource.dialogEdit' : 'develop.datasource.dialogAdd')} width={640} onCancel={onClose} footer={null} maskClosable={false} destroyOnHidden className="develop-dialog">
      <Form form={form} layout="horizontal" labelCol={{ flex: '96px' }} initialValues={record ?? {}} className="develop-form" data-testid="datasource-form" disabled={isSaving} onValuesChange={connection.clear}>
        <Form.Item name="name" label={t('develop.datasource.name')} rules={required('develop.datasource.name')}>
          <Input maxLength={64} allowClear />
        </Form.Item>
        <Form.Item
          name="url"
          label={t('develop.datasource.url')}
          rules={[...required('develop.datasource.url'), { pattern: URL_PATTERN, message: t('develop.datasource.urlInvalid') }]}
        >
          <Input maxLength={255} placeholder={t('develop.datasource.urlHint')} allowClear />
        </Form.Item>
        <Form.Item name="username" label={t('develop.datasource.username')} rules={required('develop.datasource.username')}>
          <Input maxLength={64} allowClear autoComplete="off" />
        </Form.Item>
        <Form.Item name="password" label={t('develop.datasource.password')}>
          <Input.Password maxLength={128} placeholder={isEdit ? t('develop.datasource.passwordKeep') : undefined} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="remark" label={t('develop.datasource.remark')}>
          <Input.TextArea maxLength={255} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
      {connection.result && (
        <Alert
          className="develop-connection-result"
          type={connection.result.isConnected ? 'success' : 'error'}
          showIcon
          message={connection.result.isConnected ? t('develop.datasource.testPassed') : t('develop.datasource.testFailed')}
          description={connection.result.detail}
          data-testid="datasource-test-result"
        />
      )}
      <div className="develop-dialog-footer">
        <Button icon={<ApiOutlined />} onClick={() => void test()} loading={connection.isTesting} data-testid="datasource-test">
          {t('develop.datasource.test')}
        </Button>
        <div className="develop-dialog-footer-end">
          <Button onClick={onClose} disabled={isSaving}>
            {t('develop.cancel')}
          </Button>
          <Button type="primary" onClick={() => void save()} loading={isSaving} data-testid="datasource-save">
            {t('develop.save')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
