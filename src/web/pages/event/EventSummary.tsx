/**
 * What an event is: its number, where, what kind and how grave, where it
 * came from, who reported it and who handles it by when (an unfinished
 * event past its deadline is marked), then its description and location.
 * Labels, never ids: coded fields read through their dictionaries and
 * references through the titles the detail answer carries.
 */
import { Descriptions, Tag, Typography } from 'antd';
import type { DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EventDetail } from './eventApi';
import { isOverdue, levelColour } from './eventFacts';
import { useEventLabels } from './useEventLabels';

/** Two columns of label and value on a desktop, one on a phone; three only on the widest screens (antd falls back to 3 for an unnamed breakpoint). */
export const DESCRIPTION_COLUMNS = { xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 3 };

const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

export function DeadlineText({ event }: { event: EventDetail }) {
  const { t } = useTranslation();
  const deadline = text(event.deadline);
  if (!deadline) return <>{t('eventDetail.none')}</>;
  const overdue = isOverdue(deadline, event.status);
  return (
    <span data-testid="event-deadline" className={overdue ? 'event-overdue' : undefined}>
      {deadline.slice(0, 10)}
      {overdue && (
        <Tag color="error" className="event-overdue-tag">
          {t('eventDetail.overdue')}
        </Tag>
      )}
    </span>
  );
}

export function EventSummary({ event, extra = [] }: { event: EventDetail; extra?: DescriptionsProps['items'] }) {
  const { t } = useTranslation();
  const label = useEventLabels();
  const or = (value: unknown) => text(value) || t('eventDetail.none');
  const items: DescriptionsProps['items'] = [
    { key: 'eventNo', label: t('eventDetail.field.eventNo'), children: <Typography.Text copyable>{event.eventNo}</Typography.Text> },
    { key: 'reservoir', label: t('eventDetail.field.reservoir'), children: or(event.reservoirName) },
    { key: 'eventType', label: t('eventDetail.field.eventType'), children: or(label('event_type', event.eventType, event.eventTypeLabel)) },
    {
      key: 'level',
      label: t('eventDetail.field.level'),
      children: <Tag color={levelColour(event.level)}>{or(label('event_level', event.level, event.levelLabel))}</Tag>,
    },
    { key: 'source', label: t('eventDetail.field.source'), children: or(label('event_source', event.source, event.sourceLabel)) },
    { key: 'damPart', label: t('eventDetail.field.damPart'), children: or(label('dam_part', event.damPart, event.damPartLabel)) },
    { key: 'reporter', label: t('eventDetail.field.reporter'), children: or(event.reporterName) },
    { key: 'reportTime', label: t('eventDetail.field.reportTime'), children: or(event.createTime) },
    { key: 'handler', label: t('eventDetail.field.handler'), children: or(event.handlerName) },
    { key: 'handlerDept', label: t('eventDetail.field.handlerDept'), children: or(event.handlerDeptName) },
    { key: 'deadline', label: t('eventDetail.field.deadline'), children: <DeadlineText event={event} /> },
    { key: 'acceptTime', label: t('eventDetail.field.acceptTime'), children: or(event.acceptTime) },
    ...(event.finishTime ? [{ key: 'finishTime', label: t('eventDetail.field.finishTime'), children: text(event.finishTime) }] : []),
    ...(Number(event.falseAlarm) === 1
      ? [{ key: 'falseAlarm', label: t('eventDetail.field.falseAlarm'), children: or(label('yes_no', event.falseAlarm, event.falseAlarmLabel)) }]
      : []),
    ...extra,
    { key: 'location', label: t('eventDetail.field.location'), span: 'filled', children: or(event.location) },
    {
      key: 'description',
      label: t('eventDetail.field.description'),
      span: 'filled',
      children: <Typography.Paragraph className="event-long-text">{or(event.description)}</Typography.Paragraph>,
    },
    ...(event.result
      ? [
          {
            key: 'result',
            label: t('eventDetail.field.result'),
            span: 'filled' as const,
            children: <Typography.Paragraph className="event-long-text">{text(event.result)}</Typography.Paragraph>,
          },
        ]
      : []),
    ...(event.opinion ? [{ key: 'opinion', label: t('eventDetail.field.opinion'), span: 'filled' as const, children: text(event.opinion) }] : []),
  ];
  return <Descriptions data-testid="event-summary" className="event-summary" column={DESCRIPTION_COLUMNS} size="middle" bordered items={items} />;
}
