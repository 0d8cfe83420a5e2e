/**
 * One table for the day, month and year reports: the period's label column,
 * the report's columns, then its summary lines in bold (total, mean, max, min …).
 */
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReportTable as Report } from './monitorApi';
import { reportColumns, reportRows, type ReportTableRow } from './reportTable';

export function ReportTable({ report }: { report: Report }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'zh';
  const rows = reportRows(report, language);
  const columns = [
    { key: 'label', title: t('monitor.report.period'), dataIndex: 'label', width: 110, fixed: 'left' as const },
    ...reportColumns(report, language).map((column) => ({
      key: column.key,
      title: column.title,
      align: 'right' as const,
      width: 96,
      render: (_: unknown, row: ReportTableRow) => row.cells[column.key],
    })),
  ];
  return (
    <Table<ReportTableRow>
      rowKey="key"
      size="small"
      bordered
      pagination={false}
      columns={columns}
      dataSource={rows}
      rowClassName={(row) => (row.isSummary ? 'monitor-report-summary' : '')}
      scroll={{ x: 110 + 96 * report.columns.length, y: 560 }}
      data-testid="monitor-report-table"
    />
  );
}
