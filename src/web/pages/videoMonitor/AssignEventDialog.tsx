/**
 * 转为事件: the alarm becomes an event assigned to a handler in one step
 * (POST /api/v2/inspect/event/aiPhotoAssign): the handler (picked from the
 * users), the deadline, the event type and level, a title (the alarm's type
 * and description by default) and the opinion for the handler.
 */
import { App, Button, DatePicker, Form, Input, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserPicker } from '../../components/UserPicker/UserPicker';
import type { PickedUser } from '../../components/UserPicker/userPickerApi';
import { useDictionaries } from '../../renderers/useDictionaries';
import { assignAsEvent, type CameraWarning } from './videoMonitorApi';

interface AssignValues {
  deadline?: Dayjs;
  eventType?: string;
  level?: string;
  title?: string;
  opinion?: string;
}

export function AssignEventDialog({ warning, defaultTitle, onDone }: { warning: CameraWarning; defaultTitle: string; onDone: (assigned: boolean) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<AssignValues>();
  const [handler, setHandler] = useState<PickedUser>();
  const [picking, setPicking] = useState(false);
  const [handlerMissing, setHandlerMissing] = useState(false);
  const [saving, setSaving] = useState(false);
  const dictionaries = useDictionaries(['event_type', 'event_level']);
  const options = (code: string) => (dictionaries[code] ?? []).map((entry) => ({ value: entry.dictKey, label: entry.label }));

  const submit = async () => {
    const values = await form.validateFields();
    if (!handler) {
      setHandlerMissing(true);
      return;
    }
    setSaving(true);
    try {
      await assignAsEvent({
        warningId: warning.id,
        handlerId: handler.id,
        deadline: values.deadline?.format('YYYY-MM-DD'),
        eventType: Number(values.eventType),
        level: Number(values.level),
        title: values.title?.trim() || undefined,
        opinion: values.opinion?.trim() || undefined,
      });
      void message.success(t('videoMonitor.assign.done'));
      onDone(true);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open title={t('videoMonitor.assign.title')} onCancel={() => onDone(false)} onOk={() => void submit()} confirmLoading={saving} destroyOnHidden>
      <Form form={form} layout="vertical" data-testid="assign-form" initialValues={{ title: defaultTitle, level: '1' }}>
        <Form.Item
          label={t('videoMonitor.assign.handler')}
          required
          validateStatus={handlerMissing ? 'error' : undefined}
          help={handlerMissing ? t('videoMonitor.assign.chooseHandler') : undefined}
        >
          <Button data-testid="assign-handler" onClick={() => setPicking(true)}>
            {handler ? (handler.realName ?? handler.name ?? handler.account) : t('videoMonitor.assign.pickHandler')}
          </Button>
        </Form.Item>
        <Form.Item name="eventType" label={t('videoMonitor.assign.eventType')} rules={[{ required: true, message: t('videoMonitor.assign.chooseType') }]}>
          <Select data-testid="assign-type" options={options('event_type')} showSearch optionFilterProp="label" />
        </Form.Item>
        <Form.Item name="level" label={t('videoMonitor.assign.level')} rules={[{ required: true, message: t('videoMonitor.assign.chooseLevel') }]}>
          <Select data-testid="assign-level" options={options('event_level')} />
        </Form.Item>
        <Form.Item name="deadline" label={t('videoMonitor.assign.deadline')}>
          <DatePicker data-testid="assign-deadline" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="title" label={t('videoMonitor.assign.eventTitle')} rules={[{ max: 100 }]}>
          <Input data-testid="assign-title" maxLength={100} />
        </Form.Item>
        <Form.Item name="opinion" label={t('videoMonitor.assign.opinion')}>
          <Input.TextArea data-testid="assign-opinion" rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
      <UserPicker
        open={picking}
        title={t('videoMonitor.assign.pickHandler')}
        onCancel={() => setPicking(false)}
        onConfirm={([user]) => {
          setHandler(user);
          setHandlerMissing(false);
          setPicking(false);
        }}
      />
    </Modal>
  );
}
