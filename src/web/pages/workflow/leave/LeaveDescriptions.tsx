/**
 * One leave, read-only: type, dates, days, reason, applicant, when it was
 * applied for and decided, its approval status and — while in approval — the
 * step it waits at. Shown on the approval and detail pages.
 */
import { Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LeaveRecord } from './leaveApi';
import { leaveStatusColour } from './leaveStatus';
import { useLeaveDictionaries } from './useLeaveDictionaries';

export function LeaveDescriptions({ leave }: { leave: LeaveRecord }) {
  const { t } = useTranslation();
  const { typeLabel, statusLabel } = useLeaveDictionaries();
  const process = leave.process;
  const isRunning = process?.status === 1;
  return (
    <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} data-testid="leave-descriptions">
      <Descriptions.Item label={t('workflowLeave.field.applicant')}>{process?.startUserName ?? leave.createUserName ?? ''}</Descriptions.Item>
      <Descriptions.Item label={t('workflowLeave.field.leaveType')}>{typeLabel(leave.leaveType)}</Descriptions.Item>
      <Descriptions.Item label={t('workflowLeave.field.startTime')}>{leave.startTime}</Descriptions.Item>
      <Descriptions.Item label={t('workflowLeave.field.endTime')}>{leave.endTime}</Descriptions.Item>
      <Descriptions.Item label={t('workflowLeave.field.days')}>
        {leave.days !== null && leave.days !== undefined ? t('workflowLeave.days', { value: leave.days }) : ''}
      </Descriptions.Item>
      <Descriptions.Item label={t('workflowLeave.field.applyTime')}>{leave.applyTime ?? ''}</Descriptions.Item>
      <Descriptions.Item label={t('workflowLeave.field.approvalStatus')}>
        <Tag color={leaveStatusColour(leave.approvalStatus)} data-testid="leave-status">
          {statusLabel(leave.approvalStatus)}
        </Tag>
      </Descriptions.Item>
      {isRunning ? (
        <Descriptions.Item label={t('workflowLeave.field.currentNodes')}>{process?.currentNodeNames ?? ''}</Descriptions.Item>
      ) : (
        <Descriptions.Item label={t('workflowLeave.field.finishTime')}>{leave.finishTime ?? ''}</Descriptions.Item>
      )}
      <Descriptions.Item label={t('workflowLeave.field.reason')} span={2}>
        <span className="leave-reason">{leave.reason}</span>
      </Descriptions.Item>
    </Descriptions>
  );
}
