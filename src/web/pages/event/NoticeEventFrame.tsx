/**
 * The frame of the pages a notice opens about an event (the work order of order type 2, the public report of
 * order type 1): headed by the order number, back to the inbox, with the steps the user may take and a way to the
 * event's own page.
 */
import { FileTextOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { EventDetail } from './eventApi';
import { EventActions } from './EventActions';
import { EventHeading } from './EventHeading';
import { EventPageFrame } from './EventPageFrame';

function OpenEventButton({ event }: { event: EventDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button icon={<FileTextOutlined />} onClick={() => navigate(`/event/detail?id=${encodeURIComponent(event.id)}`)} data-testid="open-event-detail">
      {t('eventDetail.workOrder.openEvent')}
    </Button>
  );
}

export function NoticeEventFrame({ testId, children }: { testId: string; children: (event: EventDetail) => ReactNode }) {
  const { t } = useTranslation();
  return (
    <EventPageFrame
      testId={testId}
      listPath="/message/index"
      heading={(event) => <EventHeading event={event} numberLabel={t('eventDetail.workOrder.orderNo')} />}
      actions={(event, reload) => (
        <>
          <EventActions event={event} onChanged={reload} />
          <OpenEventButton event={event} />
        </>
      )}
    >
      {(event) => children(event)}
    </EventPageFrame>
  );
}
