/** An event's heading: a kicker (事件编号 / 工单号 and the number), its title, then its state, grade and whether it is overdue. */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EventDetail } from './eventApi';
import { isOverdue, levelColour, statusColour } from './eventFacts';
import { useEventLabels } from './useEventLabels';

export function EventHeading({ event, numberLabel }: { event: EventDetail; numberLabel: string }) {
  const { t } = useTranslation();
  const label = useEventLabels();
  return (
    <>
      <div className="event-kicker" data-testid="event-number">
        {numberLabel} {event.eventNo}
      </div>
      <h2 className="event-title">
        <span data-testid="event-title">{event.title}</span>
        <Tag color={statusColour(event.status)} data-testid="event-status">
          {label('event_status', event.status, event.statusLabel)}
        </Tag>
        {event.level !== undefined && event.level !== null && <Tag color={levelColour(event.level)}>{label('event_level', event.level, event.levelLabel)}</Tag>}
        {isOverdue(event.deadline, event.status) && <Tag color="error">{t('eventDetail.overdue')}</Tag>}
      </h2>
    </>
  );
}
