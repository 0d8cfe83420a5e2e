/**
 * 请假审批 /work/process/leave/handle/:taskId/:processInstanceId/:businessId:
 * the leave read-only, the task's buttons (同意, 驳回, 转办 … — or 签收 while
 * the task waits for a candidate), the history and the coloured diagram.
 * After an action the page shows the leave as it now stands (the task's
 * buttons are gone once it is done).
 */
import { Alert, Card, Result, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { TaskActionBar } from '../process/components/TaskActionBar';
import { LeaveDescriptions } from './LeaveDescriptions';
import { LeaveProcessSections } from './LeaveProcessSections';
import { useLeave } from './useLeave';
import './leave.css';

export function LeaveHandlePage() {
  const { t } = useTranslation();
  const { taskId = '', processInstanceId = '', businessId } = useParams();
  const { leave, reload } = useLeave(businessId);
  const [round, setRound] = useState(0);
  const [isDone, setDone] = useState(false);

  if (leave === undefined) return <Spin className="shell-loading" />;
  if (leave === null) return <Result status="404" subTitle={t('workflowLeave.detail.notFound')} />;

  const afterAction = () => {
    setDone(true);
    setRound((n) => n + 1);
    reload();
  };

  return (
    <div className="leave-page" data-testid="leave-handle-page">
      <Card className="leave-section" size="small" title={t('workflowLeave.handle.title')}>
        <LeaveDescriptions leave={leave} />
      </Card>
      <Card className="leave-section" size="small" title={t('workflowLeave.section.actions')}>
        {isDone ? (
          <Alert type="success" showIcon message={t('workflowLeave.handle.done')} data-testid="leave-handled" />
        ) : (
          <TaskActionBar key={round} taskId={taskId} onDone={afterAction} />
        )}
      </Card>
      <LeaveProcessSections processInstanceId={leave.processInstanceId ?? processInstanceId} round={round} />
    </div>
  );
}

export default LeaveHandlePage;
