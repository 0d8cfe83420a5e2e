/**
 * The 报表 tab of a family page: the day, month or year report of the chosen
 * station (a date, a month or a year picked), rendered by one table component
 * whatever the period (the server answers one shape: columns, rows, summary),
 * and the .xlsx of the same report when the user holds the export button.
 * Rainfall days are hydrological days (08:00 to 08:00), as the server counts them.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, DatePicker, Empty, Segmented, Space, Spin } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { ClientSchema } from '../../../shared/clientSchema';
import { familyInfo, type MonitorFamily } from '../../../shared/monitorElements';
import { RequestError } from '../../api/request';
import { sessionStore } from '../../stores/sessionStore';
import { reportBindings, type ReportPeriod } from './familySchema';
import { downloadReport, fetchReport, type StationOption } from './monitorApi';
import { reportParams } from './reportTable';
import { ReportTable } from './ReportTable';
import { hydrologicalDay, stationNow } from './monitorChartData';

const PERIODS: readonly ReportPeriod[] = ['day', 'month', 'year'];
const PICKER: Record<ReportPeriod, 'date' | 'month' | 'year'> = { day: 'date', month: 'month', year: 'year' };
const FORMAT: Record<ReportPeriod, string> = { day: 'YYYY-MM-DD', month: 'YYYY-MM', year: 'YYYY' };

export interface ReportPanelProps {
  family: MonitorFamily;
  schema: ClientSchema;
  station: (StationOption & { reservoirName?: string }) | undefined;
}

export const ReportPanel = observer(function ReportPanel({ family, schema, station }: ReportPanelProps) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<ReportPeriod>('day');
  // Rainfall's "today" is the hydrological day that is running; the others' the calendar day.
  const [date, setDate] = useState<Dayjs>(() => dayjs(family === 'rainfall' ? hydrologicalDay(stationNow()) : stationNow().slice(0, 10)));
  const bindings = reportBindings(schema, family, period);
  const canExport = sessionStore.permission[`${familyInfo(family).menu}_export`] === true;
  const params = station ? reportParams(period, station.id, date.format(FORMAT[period])) : undefined;
  const { data, error, isLoading } = useSWR(bindings.report && params ? ['monitor-report', bindings.report.url, JSON.stringify(params)] : null, () =>
    fetchReport(bindings.report!.url, params!),
  );
  const notReady = error instanceof RequestError && (error.code === 501 || error.response?.status === 501);

  return (
    <div className="monitor-report" data-testid="monitor-report">
      <Space wrap size="middle" className="monitor-report-bar">
        <Segmented
          data-testid="monitor-report-period"
          value={period}
          onChange={(value) => setPeriod(value as ReportPeriod)}
          options={PERIODS.map((value) => ({ value, label: t(`monitor.report.${value}`) }))}
        />
        <DatePicker
          data-testid="monitor-report-date"
          picker={PICKER[period]}
          allowClear={false}
          value={date}
          format={FORMAT[period]}
          placeholder={t(`monitor.report.${period === 'day' ? 'pickDate' : period === 'month' ? 'pickMonth' : 'pickYear'}`)}
          onChange={(value) => value && setDate(value)}
        />
        {canExport && bindings.export && params && (
          <Button
            icon={<DownloadOutlined />}
            data-testid="monitor-report-export"
            onClick={() =>
              void downloadReport(bindings.export!.url, params, `${station?.stationName ?? ''}-${date.format(FORMAT[period])}.xlsx`).catch(() => undefined)
            }
          >
            {t(`monitor.report.export${period[0].toUpperCase()}${period.slice(1)}`)}
          </Button>
        )}
        {family === 'rainfall' && period === 'day' && <span className="monitor-hint">{t('monitor.report.hydrologicalDay')}</span>}
      </Space>
      {!station ? (
        <Empty description={t('monitor.report.empty')} />
      ) : notReady ? (
        <Alert type="info" showIcon message={t('monitor.report.notReady')} />
      ) : error ? (
        <Alert type="warning" showIcon message={error instanceof Error ? error.message : String(error)} data-testid="monitor-report-error" />
      ) : (
        <Spin spinning={isLoading}>{data ? <ReportTable report={data} /> : <div style={{ minHeight: 120 }} />}</Spin>
      )}
    </div>
  );
});
