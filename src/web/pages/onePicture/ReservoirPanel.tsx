/**
 * The chosen reservoir beside the map: characteristic levels, the latest level against the flood limit and today's
 * rain, the three responsible persons, the operation figures (screen statistics) and the cameras.
 */
import { CloseOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Divider, Spin, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { CameraList } from './CameraList';
import { legendKeyOf, stateColour } from './mapColours';
import { fetchPanelCameras, fetchPanelStatistics, fetchPeople, fetchSafeDays, type StatisticRow } from './onePictureApi';

const LEVEL_FIELDS = ['deadWaterLevel', 'floodLimitWaterLevel', 'normalWaterLevel', 'designFloodLevel', 'checkFloodLevel', 'damCrestElevation'] as const;
const REFRESH = { refreshInterval: 60_000, revalidateOnFocus: false };

const metres = (value: number | null) => (value === null || value === undefined ? '-' : `${Number(value).toFixed(2)} m`);

function LiveFigures({ row }: { row: StatisticRow }) {
  const { t } = useTranslation();
  const above = row.aboveFloodLimit;
  return (
    <div className="op-live">
      <div>
        <Statistic
          title={t('onePicture.panel.latestLevel')}
          value={row.latestLevel === null ? t('onePicture.panel.noData') : row.latestLevel.toFixed(2)}
          suffix={row.latestLevel === null ? undefined : 'm'}
          valueStyle={above !== null && above > 0 ? { color: '#cf1322' } : undefined}
          data-testid="op-latest-level"
        />
        {above !== null && (
          <Tag color={above > 0 ? 'red' : 'green'}>
            {above > 0
              ? t('onePicture.panel.aboveFloodLimit', { value: above.toFixed(2) })
              : t('onePicture.panel.belowFloodLimit', { value: (-above).toFixed(2) })}
          </Tag>
        )}
        {row.latestLevelTime && <div className="op-muted">{t('onePicture.panel.observedAt', { time: row.latestLevelTime.slice(5, 16) })}</div>}
      </div>
      <Statistic
        title={t('onePicture.panel.todayRainfall')}
        value={row.todayRainfall === null ? t('onePicture.panel.noData') : row.todayRainfall.toFixed(1)}
        suffix={row.todayRainfall === null ? undefined : 'mm'}
      />
    </div>
  );
}

function People({ reservoirId }: { reservoirId: string }) {
  const { t } = useTranslation();
  const people = useSWR(['op-people', reservoirId], () => fetchPeople(reservoirId));
  return (
    <Descriptions size="small" column={1} data-testid="op-people">
      {(people.data ?? []).map(({ duty, person }) => (
        <Descriptions.Item key={duty} label={t(`onePicture.panel.duty${duty}`)}>
          {person ? (
            <span>
              {person.name} <Typography.Text type="secondary">{person.phone}</Typography.Text>
            </span>
          ) : (
            <Typography.Text type="warning">{t('onePicture.panel.missing')}</Typography.Text>
          )}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

function Figures({ row, reservoirId }: { row: StatisticRow; reservoirId: string }) {
  const { t } = useTranslation();
  const days = useSWR(['op-days', reservoirId], () => fetchSafeDays(reservoirId), REFRESH);
  const items: [string, number | string][] = [
    ['inspectionsThisMonth', row.inspectionsThisMonth],
    ['openEvents', row.openEvents],
    ['activeWarnings', row.activeWarnings],
    ['stationCount', row.stationCount],
    ['cameraCount', row.cameraCount],
    ['safeDays', days.data?.days ?? '-'],
  ];
  return (
    <div className="op-figures" data-testid="op-figures">
      {items.map(([key, value]) => (
        <Statistic key={key} title={t(`onePicture.panel.${key}`)} value={value} />
      ))}
    </div>
  );
}

export function ReservoirPanel({ reservoirId, onClose }: { reservoirId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const statistics = useSWR(['op-panel', reservoirId], () => fetchPanelStatistics(reservoirId), REFRESH);
  const cameras = useSWR(['op-cameras', reservoirId], () => fetchPanelCameras(reservoirId));
  const row = statistics.data;
  return (
    <Card
      size="small"
      className="op-panel"
      data-testid="op-panel"
      title={
        row ? (
          <span>
            <span className="op-dot" style={{ background: stateColour(row) }} />
            <span data-testid="op-panel-name">{row.name}</span> <Tag>{t(`onePicture.state.${row.state}`)}</Tag>
          </span>
        ) : (
          <Spin size="small" />
        )
      }
      extra={<Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('onePicture.panel.close')} onClick={onClose} />}
      data-state={row ? legendKeyOf(row) : undefined}
    >
      {row && (
        <>
          <LiveFigures row={row} />
          <Divider orientation="left" plain>
            {t('onePicture.panel.levels')}
          </Divider>
          <Descriptions size="small" column={2} contentStyle={{ whiteSpace: 'nowrap' }} data-testid="op-levels">
            {LEVEL_FIELDS.map((field) => (
              <Descriptions.Item key={field} label={t(`onePicture.panel.${field}`)}>
                <span data-testid={`op-level-${field}`}>{metres(row[field])}</span>
              </Descriptions.Item>
            ))}
            <Descriptions.Item label={t('onePicture.panel.totalCapacity')}>
              {row.totalCapacity === null ? '-' : `${row.totalCapacity} ${t('onePicture.panel.capacityUnit')}`}
            </Descriptions.Item>
            <Descriptions.Item label={t('onePicture.panel.damHeight')}>{metres(row.damHeight)}</Descriptions.Item>
          </Descriptions>
          <Divider orientation="left" plain>
            {t('onePicture.panel.people')}
          </Divider>
          <People reservoirId={reservoirId} />
          <Divider orientation="left" plain>
            {t('onePicture.panel.statistics')}
          </Divider>
          <Figures row={row} reservoirId={reservoirId} />
          <Divider orientation="left" plain>
            {t('onePicture.panel.cameras')}
          </Divider>
          <CameraList cameras={cameras.data ?? []} />
        </>
      )}
    </Card>
  );
}
