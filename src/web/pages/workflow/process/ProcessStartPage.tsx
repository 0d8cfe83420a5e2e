/**
 * 发起流程 /workflow/process/start/:params (params: {processDefinitionId} or {processDefinitionKey}): the start form
 * (GET getFormByProcessId / getFormByProcessDefKey, x-default values resolved by the server) drawn by FormilyForm, a
 * title, 提交 (startProcess / startProcessByKey with the form's values as variables, then 已发事务) and 存草稿
 * (process/draft/submit).
 */
import { App, Alert, Button, Card, Form, Input, Result, Space, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { decodeWorkflowParams } from '../../../../shared/workflowParams';
import { FormilyForm, useProcessForm } from './components/FormilyForm';
import { fetchStartForm, saveDraft, startProcess } from './processApi';
import { useLoaded } from './useLoaded';
import './process.css';

const TITLE_MAX = 200;
const SENT_LIST = '/work/send';

function hasFields(form: { properties?: Record<string, unknown> } | null | undefined): boolean {
  return Object.keys(form?.properties ?? {}).length > 0;
}

export function ProcessStartPage() {
  const { t } = useTranslation();
  const { params } = useParams();
  const decoded = decodeWorkflowParams(params);
  const by = decoded?.processDefinitionId ? { processDefinitionId: decoded.processDefinitionId } : { processDefinitionKey: decoded?.processDefinitionKey };
  const key = by.processDefinitionId || by.processDefinitionKey ? JSON.stringify(by) : null;
  const { value: startForm } = useLoaded(key, () => fetchStartForm(by));

  if (key === null) return <Result status="warning" title={t('workflowProcess.start.badAddress')} />;
  if (startForm === undefined) return <Spin className="crud-loading" />;
  if (startForm === null) return <Result status="404" title={t('workflowProcess.start.notFound')} />;
  return <StartForm startForm={startForm} />;
}

function StartForm({ startForm }: { startForm: NonNullable<Awaited<ReturnType<typeof fetchStartForm>>> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const form = useProcessForm();
  const [title, setTitle] = useState('');
  const [isSending, setSending] = useState(false);

  const run = async (send: (values: Record<string, unknown>) => Promise<unknown>, done: string, next?: string) => {
    try {
      await form.validate();
    } catch {
      return; // the messages are on the fields
    }
    setSending(true);
    try {
      await send({ ...(form.values as Record<string, unknown>) });
      void message.success(done);
      if (next) navigate(next);
    } catch {
      // the request layer showed the server's refusal
    } finally {
      setSending(false);
    }
  };

  const submit = () =>
    run(
      (variables) => startProcess({ processDefinitionId: startForm.processDefinitionId, variables, title: title.trim() || undefined }),
      t('workflowProcess.start.started'),
      SENT_LIST,
    );
  const draft = () =>
    run(
      (formData) =>
        saveDraft({ processDefinitionId: startForm.processDefinitionId, processKey: startForm.processKey, formData, title: title.trim() || startForm.name }),
      t('workflowProcess.start.draftSaved'),
    );

  return (
    <div className="process-page" data-testid="process-start">
      <Card title={t('workflowProcess.start.titleOf', { name: startForm.name })} className="process-start-form">
        <Form layout="vertical">
          <Form.Item label={t('workflowProcess.start.processTitle')}>
            <Input
              value={title}
              maxLength={TITLE_MAX}
              onChange={(event) => setTitle(event.target.value)}
              placeholder={t('workflowProcess.start.processTitlePlaceholder')}
              data-testid="process-start-title"
            />
          </Form.Item>
        </Form>
        {hasFields(startForm.form) ? (
          <FormilyForm schema={startForm.form!} form={form} />
        ) : (
          <Alert type="info" showIcon message={t('workflowProcess.start.noForm')} />
        )}
        <Space className="process-start-actions">
          <Button type="primary" loading={isSending} onClick={() => void submit()} data-testid="process-start-submit">
            {t('workflowProcess.start.submit')}
          </Button>
          <Button disabled={isSending} onClick={() => void draft()} data-testid="process-start-draft">
            {t('workflowProcess.start.draft')}
          </Button>
          <Button onClick={() => navigate(-1)}>{t('workflowProcess.action.back')}</Button>
        </Space>
      </Card>
    </div>
  );
}
