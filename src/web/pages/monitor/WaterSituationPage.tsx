/**
 * 水雨情监测 (/rain-monitoring/water-situation/index, tenant 173509's landing
 * page, contract 13 §F): four figures at the top (stations reporting, active
 * warnings, today's highest rainfall since 08:00, reservoirs above their
 * flood limit), every water-level station's latest level against its
 * reservoir's flood-limit, normal, design and check levels (the margin to the
 * flood limit in red above it), every rain station's rainfall today (since
 * 08:00), in the last 1, 3 and 24 hours, and the active warnings. A click on a
 * station opens its last 7 days: the level with the limit lines and the
 * reservoir's hourly rainfall as columns on a second axis, with a slider to zoom.
 */
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, List, Modal, Row, Space, Spin, Statistic, Table, Tag, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { dictionaryLabel } from '../../renderers/cellText';
import { useDictionaries } from '../../renderers/useDictionaries';
import { levelChart, rainChart } from './chartOptions';
import { useChartLabels } from './FamilyPage';
import { fetchActiveWarnings, fetchLatest, fetchReadings, type StationLatest, type WarningRow } from './monitorApi';
import { isAboveFloodLimit, levelState, quickRange, seriesOf, stationNow, wallMs, type LevelState } from './monitorChartData';
import { PlotChart } from './PlotChart';
import { situationOrder, situationSummary } from './situationSummary';
import './monitor.css';

const REFRESH_MS = 60_000;
const LEVEL_TAG: Record<LevelState, string | undefined> = {
  aboveCheck: 'red',
  aboveDesign: 'red',
  aboveFloodLimit: 'red',
  belowDead: 'orange',
  normal: undefined,
  unknown: undefined,
};
const WARNING_COLOURS: Record<number, string> = { 1: 'blue', 2: 'gold', 3: 'orange', 4: 'red' };

const fixed = (value: number | null | undefined, decimals: number) => (typeof value === 'number' && Number.isFinite(value) ? value.toFixed(decimals) : '');

type ChartTarget = { kind: 'level' | 'rain'; station: StationLatest };

/** A count that should be zero: red while it is not. */
function AlarmStatistic({ title, value, testId }: { title: string; value: number; testId: string }) {
  return <Statistic title={title} value={value} valueStyle={value > 0 ? { color: '#cf1322' } : undefined} data-testid={testId} />;
}

export function WaterSituationPage() {
  const { t } = useTranslation();
  const [target, setTarget] = useState<ChartTarget>();
  const swr = { refreshInterval: REFRESH_MS, revalidateOnFocus: false };
  const levels = useSWR('situation-levels', () => fetchLatest('waterLevel'), swr);
  const rains = useSWR('situation-rains', () => fetchLatest('rainfall'), swr);
  const warnings = useSWR('situation-warnings', () => fetchActiveWarnings().catch(() => undefined), swr);
  const dictionaries = useDictionaries(['warning_level']);
  const now = stationNow();
  const summary = useMemo(
    () => situationSummary(levels.data ?? [], rains.data ?? [], warnings.data?.total, now),
    // `now` changes every render; the summary follows the data (refreshed every minute).
    [levels.data, rains.data, warnings.data], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const reload = () => void Promise.all([levels.mutate(), rains.mutate(), warnings.mutate()]);
  // What the duty staff act on first: levels above their flood limit, then the stations by their last report.
  const levelRows = useMemo(() => situationOrder(levels.data ?? [], (row) => isAboveFloodLimit(row.latest?.ZU?.value, row)), [levels.data]);
  const rainRows = useMemo(() => situationOrder(rains.data ?? [], (row) => (row.h1 ?? 0) > 0), [rains.data]);

  const levelColumns = [
    { key: 'reservoir', title: t('monitor.situation.reservoir'), dataIndex: 'reservoirName', width: 110, ellipsis: true },
    {
      key: 'station',
      title: t('monitor.situation.station'),
      width: 150,
      ellipsis: true,
      render: (_: unknown, row: StationLatest) => (
        <a onClick={() => setTarget({ kind: 'level', station: row })} data-testid="situation-level-station">
          {row.stationName}
        </a>
      ),
    },
    {
      key: 'level',
      title: t('monitor.situation.latestLevel'),
      width: 100,
      align: 'right' as const,
      render: (_: unknown, row: StationLatest) => <strong>{fixed(row.latest?.ZU?.value, 2)}</strong>,
    },
    { key: 'time', title: t('monitor.situation.latestTime'), width: 150, render: (_: unknown, row: StationLatest) => row.latest?.ZU?.time ?? '' },
    {
      key: 'change',
      title: t('monitor.situation.change24h'),
      width: 100,
      align: 'right' as const,
      render: (_: unknown, row: StationLatest) => {
        const change = row.change24h;
        if (typeof change !== 'number') return '';
        return (
          <span
            className={change > 0 ? 'monitor-rise' : change < 0 ? 'monitor-fall' : ''}
          >{`${change > 0 ? '↑ +' : change < 0 ? '↓ ' : ''}${change.toFixed(2)}`}</span>
        );
      },
    },
    {
      key: 'flood',
      title: t('monitor.situation.floodLimit'),
      width: 90,
      align: 'right' as const,
      render: (_: unknown, row: StationLatest) => fixed(row.floodLimitWaterLevel, 2),
    },
    {
      key: 'normal',
      title: t('monitor.situation.normal'),
      width: 90,
      align: 'right' as const,
      render: (_: unknown, row: StationLatest) => fixed(row.normalWaterLevel, 2),
    },
    {
      key: 'design',
      title: t('monitor.situation.design'),
      width: 90,
      align: 'right' as const,
      render: (_: unknown, row: StationLatest) => fixed(row.designFloodLevel, 2),
    },
    {
      key: 'check',
      title: t('monitor.situation.check'),
      width: 90,
      align: 'right' as const,
      render: (_: unknown, row: StationLatest) => fixed(row.checkFloodLevel, 2),
    },
    {
      key: 'margin',
      title: t('monitor.situation.margin'),
      width: 140,
      align: 'right' as const,
      render: (_: unknown, row: StationLatest) => {
        const { state, margin } = levelState(row.latest?.ZU?.value, row);
        if (margin === null) return '';
        const colour = LEVEL_TAG[state];
        const text = `${margin > 0 ? '+' : ''}${margin.toFixed(2)}`;
        return colour ? (
          <Tag color={colour} data-testid="situation-margin-alert" data-state={state}>
            {text} {t(`monitor.situation.${state === 'aboveFloodLimit' ? 'aboveFlood' : state}`)}
          </Tag>
        ) : (
          <span className="monitor-margin-ok">{text}</span>
        );
      },
    },
  ];

  const rainColumns = [
    { key: 'reservoir', title: t('monitor.situation.reservoir'), dataIndex: 'reservoirName', width: 130, ellipsis: true },
    {
      key: 'station',
      title: t('monitor.situation.station'),
      width: 170,
      render: (_: unknown, row: StationLatest) => (
        <a onClick={() => setTarget({ kind: 'rain', station: row })} data-testid="situation-rain-station">
          {row.stationName}
        </a>
      ),
    },
    ...(['today', 'h1', 'h3', 'h24'] as const).map((key) => ({
      key,
      title: t(`monitor.situation.${key}`),
      width: 100,
      align: 'right' as const,
      render: (_: unknown, row: StationLatest) => {
        const value = row[key];
        return <span className={typeof value === 'number' && value >= 50 ? 'monitor-heavy-rain' : ''}>{fixed(value, 1)}</span>;
      },
    })),
    { key: 'time', title: t('monitor.situation.latestTime'), width: 160, render: (_: unknown, row: StationLatest) => row.latest?.PJ?.time ?? '' },
  ];

  return (
    <div className="monitor-situation" data-testid="water-situation-page">
      <div className="monitor-situation-head">
        <h2 className="crud-title">{t('monitor.situation.title')}</h2>
        <Tooltip title={t('monitor.situation.refresh')}>
          <Button shape="circle" icon={<ReloadOutlined />} onClick={reload} aria-label={t('monitor.situation.refresh')} />
        </Tooltip>
      </div>
      <Row gutter={[16, 16]} className="monitor-summary" data-testid="situation-summary">
        <Col xs={12} lg={6}>
          <Card size="small">
            <Statistic title={t('monitor.situation.stationsReporting')} value={summary.reporting} suffix={`/ ${summary.stations}`} />
            <div className="monitor-hint">{t('monitor.situation.stationsReportingHint')}</div>
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card size="small">
            <AlarmStatistic title={t('monitor.situation.activeWarnings')} value={summary.activeWarnings} testId="situation-active-warnings" />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card size="small">
            <Statistic title={t('monitor.situation.maxRainToday')} value={summary.maxRain?.value ?? 0} precision={1} suffix="mm" />
            <div className="monitor-hint">
              {t('monitor.situation.maxRainTodayHint')}
              {summary.maxRain ? ` · ${summary.maxRain.stationName}` : ''}
            </div>
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card size="small">
            <AlarmStatistic title={t('monitor.situation.aboveFloodLimit')} value={summary.reservoirsAboveFloodLimit} testId="situation-above-flood" />
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} xxl={17}>
          <Card size="small" title={t('monitor.situation.levelTable')} extra={<span className="monitor-hint">{t('monitor.situation.clickHint')}</span>}>
            <Table<StationLatest>
              rowKey="stationId"
              size="small"
              bordered
              loading={levels.isLoading}
              columns={levelColumns}
              dataSource={levelRows}
              rowClassName={(row) => (isAboveFloodLimit(row.latest?.ZU?.value, row) ? 'monitor-row-alert' : '')}
              pagination={false}
              scroll={{ x: 1110, y: 420 }}
              locale={{ emptyText: <Empty description={t('monitor.situation.noStations')} /> }}
              data-testid="situation-levels"
            />
          </Card>
          <Card size="small" title={t('monitor.situation.rainTable')} className="monitor-card-gap">
            <Table<StationLatest>
              rowKey="stationId"
              size="small"
              bordered
              loading={rains.isLoading}
              columns={rainColumns}
              dataSource={rainRows}
              pagination={false}
              scroll={{ x: 860, y: 360 }}
              locale={{ emptyText: <Empty description={t('monitor.situation.noStations')} /> }}
              data-testid="situation-rains"
            />
          </Card>
        </Col>
        <Col xs={24} xxl={7}>
          <Card size="small" title={t('monitor.situation.warningList')} data-testid="situation-warnings">
            <List<WarningRow>
              size="small"
              loading={warnings.isLoading}
              dataSource={warnings.data?.records ?? []}
              locale={{ emptyText: t('monitor.situation.noWarnings') }}
              renderItem={(row) => (
                <List.Item>
                  <Space direction="vertical" size={2} style={{ width: '100%' }}>
                    <Space wrap>
                      <Tag color={WARNING_COLOURS[row.warningLevel]}>{dictionaryLabel(dictionaries.warning_level, row.warningLevel) ?? row.warningLevel}</Tag>
                      <strong>{[row.reservoirName, row.stationName].filter(Boolean).join(' · ')}</strong>
                    </Space>
                    <span>{row.content ?? row.limitName}</span>
                    <span className="monitor-hint">
                      {t('monitor.situation.warningTime')} {row.startTime}
                    </span>
                  </Space>
                </List.Item>
              )}
            />
          </Card>
        </Col>
      </Row>
      {target && <StationChartDialog target={target} rainStations={rains.data ?? []} onClose={() => setTarget(undefined)} />}
    </div>
  );
}

/** A station's last 7 days: a level with its lines and the reservoir's rainfall, or a rain station's columns and running total. */
function StationChartDialog({ target, rainStations, onClose }: { target: ChartTarget; rainStations: StationLatest[]; onClose: () => void }) {
  const { t } = useTranslation();
  const levelLabels = useChartLabels('waterLevel');
  const rainLabels = useChartLabels('rainfall');
  const [range] = useState(() => quickRange('days7', stationNow()));
  const { station } = target;
  const rainStation = target.kind === 'rain' ? station : rainStations.find((row) => row.reservoirId === station.reservoirId);
  const level = useSWR(target.kind === 'level' ? ['situation-chart-level', station.stationId, range[0]] : null, () =>
    fetchReadings('waterLevel', { stationId: station.stationId, startTime: range[0], endTime: range[1] }),
  );
  const rain = useSWR(rainStation ? ['situation-chart-rain', rainStation.stationId, range[0]] : null, () =>
    fetchReadings('rainfall', { stationId: rainStation!.stationId, startTime: range[0], endTime: range[1] }).catch(() => []),
  );
  const isLoading = (target.kind === 'level' && level.isLoading) || (!!rainStation && rain.isLoading);
  const spec = useMemo(() => {
    if (isLoading) return undefined;
    const rainSeries = seriesOf(rain.data ?? [], 2).filter((point) => wallMs(point.time) > wallMs(range[0]));
    if (target.kind === 'rain') return rainChart(rainSeries, rainLabels, range);
    return levelChart(seriesOf(level.data ?? [], 1), station, rainSeries, levelLabels, range);
  }, [isLoading, target.kind, level.data, rain.data, station, range, levelLabels, rainLabels]);

  return (
    <Modal
      open
      title={t('monitor.situation.chartTitle', { station: `${station.reservoirName ?? ''} ${station.stationName}`.trim() })}
      width={1040}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <Spin spinning={isLoading}>
        <PlotChart spec={spec} height={420} testId="situation-chart" />
      </Spin>
    </Modal>
  );
}
