/**
 * /province/detail?id=: a public report (舆情, event source 5) as a notice
 * of order type 1 opens it — what the public reported, how to reach the
 * reporter (the phone masked), how it was handled and the reply (the
 * event's result), and the history. An event from another source is shown
 * the same way with a note saying where it came from.
 */
import { Alert, Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EventDetail } from './eventApi';
import { EVENT_SOURCE, maskPhone } from './eventFacts';
import { DeadlineText, DESCRIPTION_COLUMNS } from './EventSummary';
import { NoticeEventFrame } from './NoticeEventFrame';
import { EventPhotos } from './EventPhotos';
import { EventWithHistory } from './EventWithHistory';
import { useEventLabels } from './useEventLabels';

function ReportCard({ event }: { event: EventDetail }) {
  const { t } = useTranslation();
  const label = useEventLabels();
  const none = t('eventDetail.none');
  const phone = maskPhone(event.reporterPhone);
  return (
    <Descriptions
      data-testid="public-report"
      bordered
      size="middle"
      column={DESCRIPTION_COLUMNS}
      items={[
        { key: 'reservoir', label: t('eventDetail.field.reservoir'), children: String(event.reservoirName ?? '') || none },
        { key: 'eventType', label: t('eventDetail.field.eventType'), children: label('event_type', event.eventType, event.eventTypeLabel) || none },
        { key: 'reportTime', label: t('eventDetail.field.reportTime'), children: String(event.createTime ?? '') || none },
        {
          key: 'contact',
          label: t('eventDetail.publicReport.contact'),
          children: <span data-testid="public-report-phone">{phone || t('eventDetail.publicReport.anonymous')}</span>,
        },
        { key: 'location', label: t('eventDetail.field.location'), span: 'filled', children: String(event.location ?? '') || none },
        {
          key: 'reported',
          label: t('eventDetail.publicReport.reported'),
          span: 'filled',
          children: <Typography.Paragraph className="event-long-text">{String(event.description ?? '') || none}</Typography.Paragraph>,
        },
      ]}
    />
  );
}

function HandlingCard({ event }: { event: EventDetail }) {
  const { t } = useTranslation();
  const none = t('eventDetail.none');
  return (
    <Descriptions
      data-testid="public-report-handling"
      bordered
      size="middle"
      column={DESCRIPTION_COLUMNS}
      items={[
        { key: 'handler', label: t('eventDetail.field.handler'), children: String(event.handlerName ?? '') || none },
        { key: 'handlerDept', label: t('eventDetail.field.handlerDept'), children: String(event.handlerDeptName ?? '') || none },
        { key: 'deadline', label: t('eventDetail.field.deadline'), children: <DeadlineText event={event} /> },
        { key: 'finishTime', label: t('eventDetail.field.finishTime'), children: String(event.finishTime ?? '') || none },
        {
          key: 'reply',
          label: t('eventDetail.publicReport.reply'),
          span: 'filled',
          children: event.result ? (
            <Typography.Paragraph className="event-long-text" data-testid="public-report-reply">
              {String(event.result)}
            </Typography.Paragraph>
          ) : (
            <Typography.Text type="secondary">{t('eventDetail.publicReport.noReply')}</Typography.Text>
          ),
        },
      ]}
    />
  );
}

function SourceNote({ event }: { event: EventDetail }) {
  const { t } = useTranslation();
  const label = useEventLabels();
  if (Number(event.source) === EVENT_SOURCE.publicReport) return null;
  return <Alert type="info" showIcon message={t('eventDetail.publicReport.notPublic', { source: label('event_source', event.source, event.sourceLabel) })} />;
}

export function PublicReportPage() {
  const { t } = useTranslation();
  return (
    <NoticeEventFrame testId="public-report-page">
      {(event) => (
        <EventWithHistory event={event}>
          <SourceNote event={event} />
          <Card title={t('eventDetail.publicReport.report')} size="small">
            <ReportCard event={event} />
          </Card>
          <Card title={t('eventDetail.publicReport.handling')} size="small">
            <HandlingCard event={event} />
          </Card>
          <Card title={t('eventDetail.section.photos')} size="small">
            <EventPhotos event={event} />
          </Card>
        </EventWithHistory>
      )}
    </NoticeEventFrame>
  );
}
