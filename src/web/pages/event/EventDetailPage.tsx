/**
 * /event/detail?id= and /inspect/inspectEvent/detail?id=: one event in
 * full — what, where, who, by when; the site before and after; where it came
 * from (an inspection record, a camera AI alarm); its history as a timeline
 * with each step's photos; and the steps the signed-in user may take now.
 */
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { EventActions } from './EventActions';
import { EventHeading } from './EventHeading';
import { EventOrigin, hasOrigin } from './EventOrigin';
import { EventPageFrame } from './EventPageFrame';
import { EventPhotos } from './EventPhotos';
import { EventSummary } from './EventSummary';
import { EventWithHistory } from './EventWithHistory';

export function EventDetailPage() {
  const { t } = useTranslation();
  return (
    <EventPageFrame
      testId="event-detail-page"
      listPath="/event/received/index"
      heading={(event) => <EventHeading event={event} numberLabel={t('eventDetail.field.eventNo')} />}
      actions={(event, reload) => <EventActions event={event} onChanged={reload} />}
    >
      {(event) => (
        // The generic detail page's marks (detail-page-<schema>, detail-fields): this page is the event register's detail page.
        <EventWithHistory event={event} testId="detail-page-inspect/event">
          <Card title={t('eventDetail.section.basic')} size="small" data-testid="detail-fields">
            <EventSummary event={event} />
          </Card>
          <Card title={t('eventDetail.section.photos')} size="small">
            <EventPhotos event={event} />
          </Card>
          {hasOrigin(event) && (
            <Card title={t('eventDetail.section.origin')} size="small">
              <EventOrigin event={event} />
            </Card>
          )}
        </EventWithHistory>
      )}
    </EventPageFrame>
  );
}
