/**
 * One table for the day, month and year reports: the station and period
 * above, the period's label column, the report's columns, then its summary
 * lines in bold (total, mean, max, min …) with when each figure was observed.
 */
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReportTable as Report } from './monitorApi';
import { reportColumns, reportRows, type ReportTableRow } from './reportTable';

export function ReportTable({ report }: { report: Report }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'zh';
  const rows = reportRows(report, language);
  // A year (12 months and the year) fits the page with narrower columns.
  const width = report.columns.length > 8 ? 72 : 96;
  const columns = [
    { key: 'label', title: t('monitor.report.period'), dataIndex: 'label', width: 110, fixed: 'left' as const },
    ...reportColumns(report, language).map((column) => ({
      key: column.key,
      title: column.title,
      align: 'right' as const,
      width,
      render: (_: unknown, row: ReportTableRow) =>
        row.times[column.key] ? (
          <span className="monitor-report-cell">
            {row.cells[column.key]}
            <span className="monitor-report-time">{row.times[column.key]}</span>
          </span>
        ) : (
          row.cells[column.key]
        ),
    })),
  ];
  const period = language === 'en' ? (report.period?.labelEn ?? report.period?.label) : report.period?.label;
  const caption = [report.station?.reservoirName, report.station?.name, period].filter(Boolean).join(' · ');
  return (
    <Table<ReportTableRow>
      title={caption ? () => <strong data-testid="monitor-report-caption">{caption}</strong> : undefined}
      rowKey="key"
      size="small"
      bordered
      pagination={false}
      columns={columns}
      dataSource={rows}
      rowClassName={(row) => (row.isSummary ? 'monitor-report-summary' : '')}
      scroll={{ x: 110 + width * report.columns.length, y: 560 }}
      data-testid="monitor-report-table"
    />
  );
}
