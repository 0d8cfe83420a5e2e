/**
 * 控制台 (/wel/dashboard, menu dashboard): the tenant's work at a glance —
 * inspections planned and done per week over the last 8 weeks, the open
 * events by how long ago they were reported (by state), and this week's
 * monitoring warnings per day by level, each with its headline numbers.
 * The figures come from the server (src/server/actions/dashboard) and
 * refresh every minute.
 */
import { Card, Col, Row, Space, Statistic } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { DashboardChart, type ChartRow } from './DashboardChart';
import { fetchInspections, fetchOpenEvents, fetchWarnings } from './dashboardApi';
import './dashboard.css';

const WEEKS = 8;
const REFRESH = { refreshInterval: 60_000, revalidateOnFocus: false };
/** Warning levels blue, yellow, orange, red (dictionary warning_level 1–4). */
const LEVEL_COLORS = ['#1677ff', '#fadb14', '#fa8c16', '#f5222d'];
const STATE_COLORS = ['#faad14', '#1677ff', '#722ed1'];

function InspectionsCard() {
  const { t } = useTranslation();
  const { data } = useSWR(['dashboard-inspections', WEEKS], () => fetchInspections(WEEKS), REFRESH);
  const rows = useMemo<ChartRow[]>(
    () =>
      (data?.weeks ?? []).flatMap((week) => {
        const x = dayjs(week.weekStart).format('MM-DD');
        return [
          { x, series: t('dashboard.inspections.planned'), value: week.planned },
          { x, series: t('dashboard.inspections.done'), value: week.done },
        ];
      }),
    [data, t],
  );
  return (
    <Card title={t('dashboard.inspections.title', { weeks: WEEKS })} data-testid="dashboard-inspections">
      <Space size={48} className="dashboard-figures">
        <Statistic title={t('dashboard.inspections.planned')} value={data?.planned ?? '-'} />
        <Statistic title={t('dashboard.inspections.done')} value={data?.done ?? '-'} />
        <Statistic title={t('dashboard.inspections.rate')} value={data?.rate ?? '-'} suffix={data?.rate === null ? undefined : '%'} />
      </Space>
      <DashboardChart data={rows} colors={['#bfbfbf', '#52c41a']} testId="chart-inspections" />
    </Card>
  );
}

function EventsCard() {
  const { t } = useTranslation();
  const { data } = useSWR('dashboard-open-events', fetchOpenEvents, REFRESH);
  const rows = useMemo<ChartRow[]>(
    () => (data?.buckets ?? []).map((b) => ({ x: t(`dashboard.events.buckets.${b.bucket}`), series: b.statusLabel, value: b.count })),
    [data, t],
  );
  return (
    <Card title={t('dashboard.events.title')} data-testid="dashboard-events">
      <Space size={48} className="dashboard-figures">
        <Statistic title={t('dashboard.events.total')} value={data?.total ?? '-'} />
        <Statistic title={t('dashboard.events.olderThanWeek')} value={data?.olderThanWeek ?? '-'} />
        <Statistic title={t('dashboard.events.overdue')} value={data?.overdue ?? '-'} valueStyle={{ color: '#cf1322' }} />
      </Space>
      <DashboardChart data={rows} stacked colors={STATE_COLORS} testId="chart-events" />
    </Card>
  );
}

function WarningsCard() {
  const { t } = useTranslation();
  const { data } = useSWR('dashboard-warnings', fetchWarnings, REFRESH);
  const rows = useMemo<ChartRow[]>(() => (data?.days ?? []).map((d) => ({ x: dayjs(d.day).format('MM-DD'), series: d.levelLabel, value: d.count })), [data]);
  return (
    <Card title={t('dashboard.warnings.title')} data-testid="dashboard-warnings">
      <Space size={48} className="dashboard-figures">
        <Statistic title={t('dashboard.warnings.total')} value={data?.total ?? '-'} />
        <Statistic title={t('dashboard.warnings.active')} value={data?.active ?? '-'} />
      </Space>
      <DashboardChart data={rows} stacked colors={LEVEL_COLORS} testId="chart-warnings" />
    </Card>
  );
}

export function DashboardPage() {
  return (
    <div className="dashboard-page" data-testid="dashboard-page">
      <Row gutter={[16, 16]}>
        <Col span={24}>
          <InspectionsCard />
        </Col>
        <Col xs={24} xl={12}>
          <EventsCard />
        </Col>
        <Col xs={24} xl={12}>
          <WarningsCard />
        </Col>
      </Row>
    </div>
  );
}
