/**
 * /river/inspect/detail?id=: one river patrol — who walked which river when, how long and how far (the
 * server's figures from the track), the track on the offline map with its start and end and the problems'
 * photos where they were taken, and the problems with links to the events they raised.
 */
import { Alert, Button, Card, Descriptions, Space, Spin } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { TrackMap } from '../../map';
import type { TrackPhoto } from '../../map';
import { dictionaryLabel } from '../../renderers/cellText';
import { useDictionaries } from '../../renderers/useDictionaries';
import { PatrolProblems } from './PatrolProblems';
import { fetchPatrolDetail, type PatrolDetail } from './riverApi';

const DICTIONARIES = ['river_level', 'river_problem_type', 'event_status'];

/** Each problem's first photo, at the problem's position. */
function photosOf(patrol: PatrolDetail): TrackPhoto[] {
  return patrol.problems.flatMap((problem) =>
    typeof problem.lng === 'number' && typeof problem.lat === 'number' && problem.photos?.[0]
      ? [{ lng: problem.lng, lat: problem.lat, url: problem.photos[0], title: problem.description ?? undefined }]
      : [],
  );
}

function PatrolFacts({ patrol, levelLabel }: { patrol: PatrolDetail; levelLabel?: string }) {
  const { t } = useTranslation();
  return (
    <Descriptions size="small" column={3} bordered data-testid="detail-fields">
      <Descriptions.Item label={t('river.field.river')}>{patrol.riverName ?? '–'}</Descriptions.Item>
      <Descriptions.Item label={t('river.field.section')}>{patrol.section ?? '–'}</Descriptions.Item>
      <Descriptions.Item label={t('river.field.chief')}>{[patrol.chiefName, levelLabel].filter(Boolean).join(' · ') || '–'}</Descriptions.Item>
      <Descriptions.Item label={t('river.field.startTime')}>{patrol.startTime ?? '–'}</Descriptions.Item>
      <Descriptions.Item label={t('river.field.endTime')}>{patrol.endTime ?? '–'}</Descriptions.Item>
      <Descriptions.Item label={t('river.field.duration')}>{t('river.value.minutes', { value: patrol.durationMinutes })}</Descriptions.Item>
      <Descriptions.Item label={t('river.field.length')}>{t('river.value.kilometres', { value: (patrol.lengthMetres / 1000).toFixed(2) })}</Descriptions.Item>
      <Descriptions.Item label={t('river.field.points')}>
        <span data-testid="patrol-point-count">{patrol.pointCount}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('river.field.problems')}>{patrol.problemCount}</Descriptions.Item>
      <Descriptions.Item label={t('river.field.remark')} span={3}>
        {patrol.remark ?? '–'}
      </Descriptions.Item>
    </Descriptions>
  );
}

export function PatrolDetailPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { data, error } = useSWR(id ? ['river-patrol', id, i18n.language] : null, () => fetchPatrolDetail(id), { revalidateOnFocus: false });
  const dictionaries = useDictionaries(DICTIONARIES);
  const patrol = data?.kind === 'found' ? data.patrol : undefined;
  const photos = useMemo(() => (patrol ? photosOf(patrol) : []), [patrol]);
  const back = (
    <Button onClick={() => navigate('/river/inspect/index')} data-testid="patrol-back">
      {t('river.back')}
    </Button>
  );
  if (!id || data?.kind === 'notFound' || error) {
    return <Alert type="warning" showIcon message={t('river.notFound')} action={back} data-testid="patrol-not-found" />;
  }
  if (!patrol) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  return (
    // detail-page-<schema> around detail-fields: the generic detail page's marks (this page is the patrol register's detail page).
    <div data-testid="detail-page-river/patrol">
      <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="patrol-detail-page">
        <Card title={t('river.title')} size="small" extra={back}>
          <PatrolFacts patrol={patrol} levelLabel={dictionaryLabel(dictionaries.river_level, patrol.chiefLevel)} />
        </Card>
        <Card title={t('river.section.track')} size="small">
          <TrackMap points={patrol.track} photos={photos} height={480} />
        </Card>
        <Card title={t('river.section.problems')} size="small">
          <PatrolProblems problems={patrol.problems} dictionaries={dictionaries} />
        </Card>
      </Space>
    </div>
  );
}

export default PatrolDetailPage;
