/**
 * 流程详情 /workflow/process/detail/:params (params: {processInstanceId, taskId?}; a notice link carries the task
 * alone): the instance's facts, the tabs 表单 (the instance's form with its values; the caller's task form editable
 * unless the node makes it read-only), 流转记录 (ProcessHistory) and 流程图 (ProcessDiagram), and — when the caller
 * holds an open task — its TaskActionBar; 撤回 / 催办 when the server offers them.
 */
import { App, Button, Card, Descriptions, Popconfirm, Result, Space, Spin, Tabs, Empty } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { decodeWorkflowParams } from '../../../../shared/workflowParams';
import { FormilyForm, useProcessForm } from './components/FormilyForm';
import { flagLabel } from './components/historyText';
import { ProcessDiagram } from './components/ProcessDiagram';
import { ProcessHistory } from './components/ProcessHistory';
import { TaskActionBar } from './components/TaskActionBar';
import { fetchProcessDetail, urgeTask, withdrawTask } from './processApi';
import { leavePageOf } from './leaveRedirect';
import { detailPath } from './processLinks';
import type { ProcessDetail } from './processTypes';
import { ProcessStatusTag } from './ProcessStatusTag';
import { useLoaded } from './useLoaded';
import { sessionStore } from '../../../stores/sessionStore';
import './process.css';

const OPEN_TASK = 1;

export function ProcessDetailPage() {
  const { t } = useTranslation();
  const { params } = useParams();
  const decoded = decodeWorkflowParams(params);
  const processInstanceId = decoded?.processInstanceId;
  const taskId = decoded?.taskId;
  const key = processInstanceId || taskId ? `${processInstanceId ?? ''}:${taskId ?? ''}` : null;
  const { value: detail, reload } = useLoaded(key, () => fetchProcessDetail(processInstanceId, taskId));

  if (key === null) return <Result status="warning" title={t('workflowProcess.detail.badAddress')} />;
  if (detail === undefined) return <Spin className="crud-loading" />;
  if (detail === null) return <Result status="404" title={t('workflowProcess.detail.notFound')} />;
  // A leave is approved and read on its own pages (an inbox message or a list's 查看 lands here first).
  const leavePage = leavePageOf(detail, sessionStore.userInfo?.user_id);
  if (leavePage) return <Navigate to={leavePage} replace />;
  return <DetailView detail={detail} reload={reload} />;
}

/** The caller's task when it is still open (a finished task named in the address is history, not an action). */
function openTaskOf(detail: ProcessDetail) {
  const task = detail.task;
  return task && Number(task.status ?? OPEN_TASK) === OPEN_TASK ? task : undefined;
}

function DetailView({ detail, reload }: { detail: ProcessDetail; reload: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { process } = detail;
  const instanceId = String(process.processInstanceId ?? process.id);
  const task = openTaskOf(detail);
  const taskId = task ? String(task.taskId ?? task.id ?? '') : '';
  const isTaskFormEditable = !!task?.assigneeId && !!task.form && !task.formReadonly && Object.keys(task.form.properties ?? {}).length > 0;
  const shownForm = (isTaskFormEditable ? task?.form : (process.form ?? task?.form)) ?? undefined;
  const values = useMemo(() => ({ ...(detail.variables ?? {}) }), [detail.variables]);
  const form = useProcessForm(values);

  const afterAction = () => {
    // The task is done with: show the instance (no longer through the task) with its new history.
    if (taskId) navigate(detailPath(instanceId), { replace: true });
    else reload();
  };

  const getVariables = async () => {
    if (!isTaskFormEditable) return undefined;
    await form.validate();
    return { ...(form.values as Record<string, unknown>) };
  };

  const act = async (run: () => Promise<unknown>) => {
    try {
      await run();
      void message.success(t('workflowProcess.done'));
      reload();
    } catch {
      // the request layer showed the server's refusal
    }
  };

  const facts = [
    { key: 'startUser', label: t('workflowProcess.detail.startUser'), children: process.startUserName },
    { key: 'startTime', label: t('workflowProcess.detail.startTime'), children: process.startTime },
    { key: 'status', label: t('workflowProcess.detail.status'), children: <ProcessStatusTag status={process.status} /> },
    { key: 'currentNodes', label: t('workflowProcess.detail.currentNodes'), children: process.currentNodeNames },
    { key: 'endTime', label: t('workflowProcess.detail.endTime'), children: process.endTime },
    { key: 'outcome', label: t('workflowProcess.detail.outcome'), children: flagLabel(t, process.outcome) },
  ].filter((fact) => fact.children !== null && fact.children !== undefined && fact.children !== '');

  const tabs = [
    {
      key: 'form',
      label: t('workflowProcess.detail.tabForm'),
      children: shownForm ? (
        <FormilyForm schema={shownForm} form={form} readOnly={!isTaskFormEditable} />
      ) : (
        <Empty description={t('workflowProcess.detail.noForm')} />
      ),
    },
    {
      key: 'history',
      label: t('workflowProcess.detail.tabHistory'),
      children: <ProcessHistory processInstanceId={instanceId} history={detail.history} />,
    },
    { key: 'diagram', label: t('workflowProcess.detail.tabDiagram'), children: <ProcessDiagram processInstanceId={instanceId} /> },
  ];

  const title = [process.processDefinitionName ?? process.processName, process.title].filter(Boolean).join(' · ');
  return (
    <div className="process-page" data-testid="process-detail" data-instance={instanceId}>
      <Card
        className="process-detail-header"
        title={title || t('workflowProcess.detail.title')}
        extra={
          <Space>
            {detail.canWithdraw && (
              <Popconfirm title={t('workflowProcess.confirm.withdraw')} onConfirm={() => act(() => withdrawTask({ processInstanceId: instanceId }))}>
                <Button data-testid="detail-withdraw">{t('workflowProcess.action.withdraw')}</Button>
              </Popconfirm>
            )}
            {detail.canUrge && (
              <Popconfirm
                title={t('workflowProcess.confirm.urge')}
                onConfirm={() => act(() => urgeTask({ processInstanceId: instanceId, comment: t('workflowProcess.urgeComment') }))}
              >
                <Button data-testid="detail-urge">{t('workflowProcess.action.urge')}</Button>
              </Popconfirm>
            )}
            <Button onClick={() => navigate(-1)}>{t('workflowProcess.action.back')}</Button>
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} items={facts} />
        {task && (
          <div className="process-detail-task" data-testid="process-detail-task">
            <strong>{t('workflowProcess.detail.yourTask', { name: task.taskName ?? task.name ?? '' })}</strong>
            {!task.assigneeId && <div className="process-history-meta">{t('workflowProcess.detail.claimFirst')}</div>}
            <TaskActionBar taskId={taskId} detail={detail} onDone={task.assigneeId ? afterAction : reload} getVariables={getVariables} />
          </div>
        )}
      </Card>
      <Card>
        <Tabs items={tabs} data-testid="process-detail-tabs" />
      </Card>
    </div>
  );
}
