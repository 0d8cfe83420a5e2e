/**
 * Where the event came from, when not a plain report: the inspection record
 * whose abnormal item raised it or the river patrol whose problem raised it
 * (a link to its detail), or the camera AI alarm it was assigned from — the
 * alarm's photo beside what the AI drew on it (POST
 * /api/v2/inspect/aiPhoto/aiPhoto/list {eventId}).
 */
import { FileSearchOutlined } from '@ant-design/icons';
import { Alert, Button, Col, Image, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { fetchAiPhotos, type EventDetail } from './eventApi';
import { EVENT_SOURCE, photoList } from './eventFacts';
import { useSignedInImages } from '../../renderers/useSignedInImages';

/** A record the event links back to: the reference field, its title beside it (the list's `<name>Name`), its detail page. */
interface LinkedOrigin {
  field: 'recordId' | 'riverPatrolId';
  titleField: string;
  detailPath: string;
  /** Keys under eventDetail.origin: what raised it, and the button. */
  message: 'record' | 'riverPatrol';
  open: 'openRecord' | 'openRiverPatrol';
  testId: string;
}

const LINKED_ORIGINS: LinkedOrigin[] = [
  {
    field: 'recordId',
    titleField: 'recordName',
    detailPath: '/inspect/inspectRecord/detail',
    message: 'record',
    open: 'openRecord',
    testId: 'event-open-record',
  },
  {
    field: 'riverPatrolId',
    titleField: 'riverPatrolName',
    detailPath: '/river/inspect/detail',
    message: 'riverPatrol',
    open: 'openRiverPatrol',
    testId: 'event-open-river-patrol',
  },
];

const linkedOriginOf = (event: EventDetail) => LINKED_ORIGINS.find((origin) => !!event[origin.field]);

export function hasOrigin(event: EventDetail): boolean {
  return !!linkedOriginOf(event) || !!event.cameraWarningId || Number(event.source) === EVENT_SOURCE.aiAlarm;
}

function LinkedOriginAlert({ event, origin }: { event: EventDetail; origin: LinkedOrigin }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = event[origin.titleField];
  return (
    <Alert
      type="info"
      showIcon
      message={t(`eventDetail.origin.${origin.message}`)}
      description={title ? String(title) : undefined}
      action={
        <Button
          icon={<FileSearchOutlined />}
          onClick={() => navigate(`${origin.detailPath}?id=${encodeURIComponent(String(event[origin.field]))}`)}
          data-testid={origin.testId}
        >
          {t(`eventDetail.origin.${origin.open}`)}
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
  const linked = linkedOriginOf(event);
  if (linked) return <LinkedOriginAlert event={event} origin={linked} />;
  return <CameraOrigin event={event} />;
}
