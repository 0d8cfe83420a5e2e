/** An event page's body: its cards on the left, its history (the log as a timeline) on the right. */
import { Card, Col, Row } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventDetail } from './eventApi';
import { EventTimeline } from './EventTimeline';

export function EventWithHistory({ event, testId, children }: { event: EventDetail; testId?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Row gutter={[16, 16]} data-testid={testId}>
      <Col xs={24} xl={16} className="event-column">
        {children}
      </Col>
      <Col xs={24} xl={8}>
        <Card title={t('eventDetail.section.timeline')} size="small" className="event-timeline-card">
          <EventTimeline logs={event.logs ?? []} />
        </Card>
      </Col>
    </Row>
  );
}
