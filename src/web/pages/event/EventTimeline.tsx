/**
 * An event's log as a timeline, oldest first: when, what (the action's
 * label), who (and to whom it was assigned), the state it moved from and
 * to, the opinion or result written with the step and the step's photos.
 */
import { Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PictureList } from '../../renderers/PictureList';
import type { EventLog } from './eventApi';
import { actionName, photoList, statusColour, stepColour } from './eventFacts';
import { useEventLabels } from './useEventLabels';

/** The steps that hand the event to someone: only these name the assignee (a sign-for names its own operator). */
const ASSIGNING = new Set(['assign', 'aiPhotoAssign']);

export interface EventTimelineProps {
  logs: readonly EventLog[];
  testId?: string;
}

function StepBody({ log }: { log: EventLog }) {
  const { t } = useTranslation();
  const label = useEventLabels();
  const photos = photoList(log.photos);
  const name = actionName(log.action);
  const title = label('event_action', log.action, log.actionLabel) || t(`eventDetail.action.${name}`);
  const moved = log.fromStatus !== null && log.fromStatus !== undefined && String(log.fromStatus) !== String(log.toStatus);
  return (
    <div className="event-step" data-testid={`event-step-${name}`}>
      <div className="event-step-head">
        <span className="event-step-action">{title}</span>
        <span className="event-step-time">{log.createTime}</span>
      </div>
      <div className="event-step-meta">
        {t('eventDetail.log.operator')}
        {t('eventDetail.colon')}
        {log.operatorName || t('eventDetail.log.system')}
        {log.targetUserName && ASSIGNING.has(name) ? (
          <span className="event-step-assignee">
            {t('eventDetail.log.assignee')}
            {t('eventDetail.colon')}
            {log.targetUserName}
          </span>
        ) : null}
      </div>
      {log.toStatus !== null && log.toStatus !== undefined && (
        <div className="event-step-status">
          {moved && (
            <>
              <Tag color={statusColour(log.fromStatus)}>{label('event_status', log.fromStatus, log.fromStatusLabel)}</Tag>→{' '}
            </>
          )}
          <Tag color={statusColour(log.toStatus)}>{label('event_status', log.toStatus, log.toStatusLabel)}</Tag>
        </div>
      )}
      {log.result ? (
        <Typography.Paragraph className="event-step-text">
          <span className="event-step-label">
            {t('eventDetail.log.result')}
            {t('eventDetail.colon')}
          </span>
          {log.result}
        </Typography.Paragraph>
      ) : null}
      {log.opinion ? (
        <Typography.Paragraph className="event-step-text">
          <span className="event-step-label">
            {t('eventDetail.log.opinion')}
            {t('eventDetail.colon')}
          </span>
          {log.opinion}
        </Typography.Paragraph>
      ) : null}
      {photos.length > 0 && <PictureList urls={photos} size={72} label={`${title} ${t('eventDetail.log.photos')}`} />}
    </div>
  );
}

export function EventTimeline({ logs, testId = 'event-timeline' }: EventTimelineProps) {
  const { t } = useTranslation();
  if (logs.length === 0) return <Typography.Text type="secondary">{t('eventDetail.section.noLogs')}</Typography.Text>;
  return (
    <Timeline
      data-testid={testId}
      className="event-timeline"
      items={logs.map((log) => ({ key: log.id, color: stepColour(log.action, log.toStatus), children: <StepBody log={log} /> }))}
    />
  );
}
