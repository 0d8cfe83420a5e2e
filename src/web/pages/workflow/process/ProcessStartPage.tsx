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
import { fetchNewestDraft, fetchStartForm, removeDraft, saveDraft, startProcess, type Draft } from './processApi';
import type { StartForm as StartFormAnswer } from './processTypes';
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
  // The start form and the caller's newest draft of the process (a failed draft read is no draft).
  const { value: loaded } = useLoaded(key, async () => {
    const startForm = await fetchStartForm(by);
    const draft = await fetchNewestDraft(startForm.processKey).catch(() => undefined);
    return { startForm, draft };
  });

  if (key === null) return <Result status="warning" title={t('workflowProcess.start.badAddress')} />;
  if (loaded === undefined) return <Spin className="crud-loading" />;
  if (loaded === null) return <Result status="404" title={t('workflowProcess.start.notFound')} />;
  return <StartForm startForm={loaded.startForm} draft={loaded.draft} />;
}

/** A draft's values, or none when its text is not a JSON object. */
function draftValues(draft: Draft | undefined): Record<string, unknown> | undefined {
  if (!draft) return undefined;
  try {
    const values = JSON.parse(draft.formData) as unknown;
    return values && typeof values === 'object' && !Array.isArray(values) ? (values as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function StartForm({ startForm, draft }: { startForm: StartFormAnswer; draft?: Draft }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [initialValues] = useState(() => draftValues(draft));
  const form = useProcessForm(initialValues);
  const [title, setTitle] = useState(initialValues ? (draft?.title ?? '') : '');
  const [draftId, setDraftId] = useState(initialValues ? draft?.id : undefined);
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
      async (variables) => {
        await startProcess({ processDefinitionId: startForm.processDefinitionId, variables, title: title.trim() || undefined });
        // The draft has served its purpose; a failure to remove it leaves an old draft, not a wrong process.
        if (draftId) await removeDraft(draftId).catch(() => undefined);
      },
      t('workflowProcess.start.started'),
      SENT_LIST,
    );
  const keepDraft = () =>
    run(async (formData) => {
      const answer = await saveDraft({
        id: draftId,
        processDefinitionId: startForm.processDefinitionId,
        processKey: startForm.processKey,
        formData,
        title: title.trim() || startForm.name,
      });
      if (answer.data?.id) setDraftId(answer.data.id);
    }, t('workflowProcess.start.draftSaved'));

  return (
    <div className="process-page" data-testid="process-start">
      <Card title={t('workflowProcess.start.titleOf', { name: startForm.name })} className="process-start-form">
        {initialValues && (
          <Alert
            type="info"
            showIcon
            className="process-start-draft"
            message={t('workflowProcess.start.draftLoaded', { time: draft?.updateTime ?? '' })}
            data-testid="process-start-draft-loaded"
          />
        )}
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
          <Button disabled={isSending} onClick={() => void keepDraft()} data-testid="process-start-draft">
            {t('workflowProcess.start.draft')}
          </Button>
          <Button onClick={() => navigate(-1)}>{t('workflowProcess.action.back')}</Button>
        </Space>
      </Card>
    </div>
  );
}
