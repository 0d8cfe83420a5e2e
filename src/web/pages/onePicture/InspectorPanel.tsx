/** This month's inspections of the caller's reservoirs: the totals and the inspectors, busiest first. */
import { Card, Empty, Statistic, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { fetchInspectorCount, fetchInspectors, type InspectorFigures } from './onePictureApi';

const REFRESH = { refreshInterval: 300_000, revalidateOnFocus: false };

export function InspectorPanel() {
  const { t } = useTranslation();
  const totals = useSWR('op-inspector-count', fetchInspectorCount, REFRESH);
  const inspectors = useSWR('op-inspectors', fetchInspectors, REFRESH);
  const figures: [string, string | number][] = totals.data
    ? [
        ['inspectorCount', totals.data.inspectorCount],
        ['recordCount', totals.data.recordCount],
        ['problemCount', totals.data.problemCount],
        ['coverage', `${totals.data.inspectedReservoirCount}/${totals.data.reservoirCount}`],
      ]
    : [];
  return (
    <Card size="small" title={t('onePicture.inspectors.title')} className="op-inspectors" data-testid="op-inspectors">
      <div className="op-figures">
        {figures.map(([key, value]) => (
          <Statistic key={key} title={t(`onePicture.inspectors.${key}`)} value={value} />
        ))}
      </div>
      <Table<InspectorFigures>
        size="small"
        rowKey="inspectorId"
        pagination={false}
        loading={inspectors.isLoading}
        dataSource={(inspectors.data ?? []).slice(0, 8)}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('onePicture.inspectors.empty')} /> }}
        columns={[
          { title: t('onePicture.inspectors.name'), dataIndex: 'inspectorName' },
          { title: t('onePicture.inspectors.records'), dataIndex: 'recordCount', width: 64, align: 'right' },
          { title: t('onePicture.inspectors.problems'), dataIndex: 'problemCount', width: 64, align: 'right' },
        ]}
      />
    </Card>
  );
}
