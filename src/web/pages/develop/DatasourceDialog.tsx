/**
 * Adding or editing a data source: name, URL, user name, password (never
 * shown; left empty on edit it stays as stored) and remark, with a
 * connection test of what the form holds before anything is saved: its
 * outcome (the server's message) stays under the form until a value changes.
 */
import { ApiOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { DevelopDialog, DevelopDialogFooter, type RecordDialogProps } from './DevelopDialog';
import { saveDatasource } from './developApi';
import { useConnectionTest } from './useConnectionTest';
import { useFormSave } from './useFormSave';

const URL_PATTERN = /^postgres(ql)?:\/\/[A-Za-z0-9.:[\]-]+(:[0-9]{1,5})?\/[A-Za-z0-9_$.-]{1,63}$/;
const FIELDS = ['name', 'url', 'username', 'password', 'remark'];

interface Values {
  name: string;
  url: string;
  username: string;
  password?: string;
  remark?: string;
}

export function DatasourceDialog({ record, onClose, onSaved }: RecordDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { isSaving, save } = useFormSave(form, FIELDS, onSaved);
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

  const submit = async (values: Values) => {
    await saveDatasource({ ...values, id: record?.id, version: record?.version });
  };

  return (
    <DevelopDialog title={t(isEdit ? 'develop.datasource.dialogEdit' : 'develop.datasource.dialogAdd')} width={640} onClose={onClose}>
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ flex: '96px' }}
        initialValues={record ?? {}}
        className="develop-form"
        data-testid="datasource-form"
        disabled={isSaving}
        onValuesChange={connection.clear}
      >
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
      <DevelopDialogFooter
        isSaving={isSaving}
        onCancel={onClose}
        onSave={() => void save(submit)}
        saveTestId="datasource-save"
        start={
          <Button icon={<ApiOutlined />} onClick={() => void test()} loading={connection.isTesting} data-testid="datasource-test">
            {t('develop.datasource.test')}
          </Button>
        }
      />
    </DevelopDialog>
  );
}
