/** The site before (the report's photos) and after (the handling's photos), side by side; each opens a preview. */
import { Col, Empty, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { PictureList } from '../../renderers/PictureList';
import type { EventDetail } from './eventApi';
import { photoList } from './eventFacts';

function PhotoColumn({ title, urls, testId }: { title: string; urls: string[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <Col xs={24} md={12} data-testid={testId}>
      <div className="event-photo-column">
        <div className="event-photo-title">{title}</div>
        {urls.length > 0 ? (
          <PictureList urls={urls} size={132} label={title} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('eventDetail.section.noPhotos')} />
        )}
      </div>
    </Col>
  );
}

export function EventPhotos({ event }: { event: EventDetail }) {
  const { t } = useTranslation();
  return (
    <Row gutter={16}>
      <PhotoColumn title={t('eventDetail.section.before')} urls={photoList(event.photos)} testId="event-photos-before" />
      <PhotoColumn title={t('eventDetail.section.after')} urls={photoList(event.afterPhotos)} testId="event-photos-after" />
    </Row>
  );
}
