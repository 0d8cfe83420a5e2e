/**
 * 轮巡设置: whether the video wall rotates, every how many seconds (10–600),
 * how many pictures at once (1, 4, 9 or 16) and through which cameras in which
 * order (the order they are chosen in). Saved for the whole tenant.
 */
import { App, Form, InputNumber, Modal, Radio, Select, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TreeNode } from '../../../shared/envelope';
import { cameraOptions } from './warningFilters';
import { savePollingParams, type PollingParams } from './videoMonitorApi';

export function PollingSettingsDialog({ params, tree, onDone }: { params: PollingParams; tree: TreeNode[]; onDone: (saved?: PollingParams) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PollingParams>();
  const [saving, setSaving] = useState(false);
  const enabled = Form.useWatch('enabled', form);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const saved = await savePollingParams({ ...values, cameraIds: values.cameraIds ?? [] });
      void message.success(t('videoMonitor.polling.saved'));
      onDone(saved);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open title={t('videoMonitor.polling.title')} onCancel={() => onDone()} onOk={() => void submit()} confirmLoading={saving} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={params} data-testid="polling-form">
        <Form.Item name="enabled" label={t('videoMonitor.polling.enabled')} valuePropName="checked">
          <Switch data-testid="polling-enabled" />
        </Form.Item>
        <Form.Item
          name="intervalSeconds"
          label={t('videoMonitor.polling.interval')}
          rules={[{ required: true, type: 'integer', min: 10, max: 600, message: t('videoMonitor.polling.intervalRange') }]}
        >
          <InputNumber data-testid="polling-interval" min={10} max={600} precision={0} addonAfter={t('videoMonitor.polling.seconds')} />
        </Form.Item>
        <Form.Item name="split" label={t('videoMonitor.polling.split')}>
          <Radio.Group
            data-testid="polling-split"
            options={[1, 4, 9, 16].map((n) => ({ value: n, label: t('videoMonitor.polling.pictures', { count: n }) }))}
            optionType="button"
          />
        </Form.Item>
        <Form.Item
          name="cameraIds"
          label={t('videoMonitor.polling.cameras')}
          extra={t('videoMonitor.polling.order')}
          rules={[{ required: !!enabled, type: 'array', min: enabled ? 1 : 0, message: t('videoMonitor.polling.chooseCameras') }]}
        >
          <Select data-testid="polling-cameras" mode="multiple" options={cameraOptions(tree)} optionFilterProp="label" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
