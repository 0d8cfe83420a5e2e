/**
 * 请假详情 /work/process/leave/detail/:processInstanceId/:businessId: the
 * leave, its approval status, the history and the coloured diagram.
 */
import { Card, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { LeaveDescriptions } from './LeaveDescriptions';
import { LeaveProcessSections } from './LeaveProcessSections';
import { useLeave } from './useLeave';
import './leave.css';

export function LeaveDetailPage() {
  const { t } = useTranslation();
  const { processInstanceId = '', businessId } = useParams();
  const { leave } = useLeave(businessId);

  if (leave === undefined) return <Spin className="shell-loading" />;
  if (leave === null) return <Result status="404" subTitle={t('workflowLeave.detail.notFound')} />;
  const instanceId = leave.processInstanceId ?? processInstanceId;

  return (
    <div className="leave-page" data-testid="leave-detail-page">
      <Card className="leave-section" size="small" title={t('workflowLeave.detail.title')}>
        <LeaveDescriptions leave={leave} />
      </Card>
      {instanceId && instanceId !== '0' ? <LeaveProcessSections processInstanceId={instanceId} round={0} /> : null}
    </div>
  );
}

export default LeaveDetailPage;
