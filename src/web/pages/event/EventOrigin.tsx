/**
 * Where the event came from, when not a plain report: the inspection record
 * whose abnormal item raised it (a link to its detail), or the camera AI
 * alarm it was assigned from — the alarm's photo beside what the AI drew on
 * it (POST /api/v2/inspect/aiPhoto/aiPhoto/list {eventId}).
 */
import { FileSearchOutlined } from '@ant-design/icons';
import { Alert, Button, Col, Image, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { fetchAiPhotos, type EventDetail } from './eventApi';
import { EVENT_SOURCE, photoList } from './eventFacts';
import { useSignedInImages } from '../../renderers/useSignedInImages';

export function hasOrigin(event: EventDetail): boolean {
  return !!event.recordId || !!event.cameraWarningId || Number(event.source) === EVENT_SOURCE.aiAlarm;
}

function RecordOrigin({ event }: { event: EventDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Alert
      type="info"
      showIcon
      message={t('eventDetail.origin.record')}
      description={event.recordName ? String(event.recordName) : undefined}
      action={
        <Button
          icon={<FileSearchOutlined />}
          onClick={() => navigate(`/inspect/inspectRecord/detail?id=${encodeURIComponent(String(event.recordId))}`)}
          data-testid="event-open-record"
        >
          {t('eventDetail.origin.openRecord')}
        </Button>
      }
    />
  );
}

function CameraOrigin({ event }: { event: EventDetail }) {
  const { t } = useTranslation();
  const ai = useSWR(['event-ai-photos', event.id], () => fetchAiPhotos(event.id), { revalidateOnFocus: false });
  const originals = photoList(event.photos);
  const pairs = ai.data && ai.data.length > 0 ? ai.data : originals.map((url) => ({ originalUrl: url, annotatedUrl: null }));
  const shown = useSignedInImages(pairs.flatMap((pair) => [pair.originalUrl, pair.annotatedUrl ?? ''].filter(Boolean)));
  return (
    <div data-testid="event-camera-origin">
      <Alert
        type="warning"
        showIcon
        message={t('eventDetail.origin.camera')}
        description={event.cameraWarningName ? String(event.cameraWarningName) : undefined}
      />
      <Image.PreviewGroup>
        {pairs.map((pair, index) => (
          <Row gutter={16} key={`${pair.originalUrl}-${index}`} className="event-ai-pair">
            <Col xs={24} md={12}>
              <div className="event-photo-title">{t('eventDetail.origin.original')}</div>
              <Image src={shown[pair.originalUrl]} width="100%" className="event-ai-photo" alt={t('eventDetail.origin.original')} />
            </Col>
            <Col xs={24} md={12}>
              <div className="event-photo-title">{t('eventDetail.origin.annotated')}</div>
              {pair.annotatedUrl ? (
                <Image
                  src={pair.annotatedUrl}
                  width="100%"
                  className="event-ai-photo"
                  alt={t('eventDetail.origin.annotated')}
                  data-testid="event-ai-annotated"
                />
              ) : (
                <Typography.Text type="secondary">{t('eventDetail.origin.noAnnotated')}</Typography.Text>
              )}
            </Col>
          </Row>
        ))}
      </Image.PreviewGroup>
    </div>
  );
}

export function EventOrigin({ event }: { event: EventDetail }) {
  if (event.recordId) return <RecordOrigin event={event} />;
  return <CameraOrigin event={event} />;
}
