/** 误报: marks unhandled alarms as false alarms without an event, with an optional reason. */
import { App, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ignoreWarnings } from './videoMonitorApi';

export function IgnoreDialog({ ids, onDone }: { ids: string[]; onDone: (ignored: boolean) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [opinion, setOpinion] = useState('');
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    setSaving(true);
    try {
      await ignoreWarnings(ids, opinion.trim() || undefined);
      void message.success(t('videoMonitor.ignore.done', { count: ids.length }));
      onDone(true);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={t('videoMonitor.ignore.title')} onCancel={() => onDone(false)} onOk={() => void submit()} confirmLoading={saving} destroyOnHidden>
      <p>{t('videoMonitor.ignore.confirm', { count: ids.length })}</p>
      <Input.TextArea
        data-testid="ignore-opinion"
        rows={3}
        maxLength={500}
        showCount
        placeholder={t('videoMonitor.ignore.reason')}
        value={opinion}
        onChange={(event) => setOpinion(event.target.value)}
      />
    </Modal>
  );
}
