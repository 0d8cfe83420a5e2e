/**
 * AI历史告警 (/monitor/video/historyWarning): the cameras' AI alarms with
 * filters (reservoir, camera, type, handling, time range), the photo with
 * its AI-annotated preview, and per unhandled alarm 转为事件 (an event
 * assigned to a handler) and 误报; handled alarms link to their event.
 * Export answers the filtered alarms as an .xlsx.
 */
import { Button, Card, DatePicker, Form, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { dictionaryLabel } from '../../renderers/cellText';
import { useDictionaries } from '../../renderers/useDictionaries';
import { sessionStore } from '../../stores/sessionStore';
import { AssignEventDialog } from './AssignEventDialog';
import { IgnoreDialog } from './IgnoreDialog';
import { WarningPhoto } from './WarningPhoto';
import { cameraOptions, defaultEventTitle, reservoirOptions, warningQuery, type WarningFilterValues } from './warningFilters';
import { exportWarnings, fetchCameraTree, fetchWarnings, type CameraWarning, type WarningQuery } from './videoMonitorApi';
import './videoMonitor.css';

const UNHANDLED = 0;
const STATUS_COLORS: Record<number, string> = { 0: 'orange', 1: 'blue', 2: 'default' };

export function HistoryWarningPage() {
  const { t } = useTranslation();
  const granted = sessionStore.permission;
  const [form] = Form.useForm<WarningFilterValues>();
  const reservoirId = Form.useWatch('reservoirId', form);
  const [query, setQuery] = useState<WarningQuery>({});
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const [assigning, setAssigning] = useState<CameraWarning>();
  const [ignoring, setIgnoring] = useState<string[]>();
  const dictionaries = useDictionaries(['ai_alarm_type', 'camera_warning_status']);
  const { data: tree = [] } = useSWR('video-camera-tree', fetchCameraTree, { revalidateOnFocus: false });
  const { data, isLoading, mutate } = useSWR(
    ['camera-warnings', JSON.stringify(query), paging.current, paging.size],
    () => fetchWarnings({ ...query, ...paging }),
    {
      keepPreviousData: true,
    },
  );

  const typeLabel = (row: CameraWarning) => dictionaryLabel(dictionaries.ai_alarm_type, row.alarmType) ?? String(row.alarmType);
  const options = (code: string) => (dictionaries[code] ?? []).map((entry) => ({ value: entry.dictKey, label: entry.label }));
  const search = () => {
    setQuery(warningQuery(form.getFieldsValue()));
    setPaging((p) => ({ ...p, current: 1 }));
  };
  const reset = () => {
    form.resetFields();
    setQuery({});
    setPaging((p) => ({ ...p, current: 1 }));
  };
  const done = (changed: boolean) => {
    setAssigning(undefined);
    setIgnoring(undefined);
    if (changed) void mutate();
  };

  const columns = [
    {
      title: t('videoMonitor.warning.photo'),
      key: 'photo',
      width: 120,
      render: (_: unknown, row: CameraWarning) => <WarningPhoto photoUrl={row.photoUrl} warningId={row.id} />,
    },
    { title: t('videoMonitor.warning.alarmTime'), dataIndex: 'alarmTime', width: 170 },
    { title: t('videoMonitor.warning.reservoir'), dataIndex: 'reservoirName', width: 130 },
    { title: t('videoMonitor.warning.camera'), dataIndex: 'cameraName', width: 150 },
    {
      title: t('videoMonitor.warning.alarmType'),
      key: 'alarmType',
      width: 110,
      render: (_: unknown, row: CameraWarning) => <Tag color="red">{typeLabel(row)}</Tag>,
    },
    {
      title: t('videoMonitor.warning.confidence'),
      dataIndex: 'confidence',
      width: 110,
      align: 'right' as const,
      render: (value: number | null) => (value === null || value === undefined ? '' : `${Math.round(value * 100)}%`),
    },
    { title: t('videoMonitor.warning.description'), dataIndex: 'description', ellipsis: true },
    {
      title: t('videoMonitor.warning.handleStatus'),
      key: 'handleStatus',
      width: 130,
      render: (_: unknown, row: CameraWarning) => (
        <Tag color={STATUS_COLORS[row.handleStatus]} data-testid="warning-status" title={row.handleOpinion ?? undefined}>
          {dictionaryLabel(dictionaries.camera_warning_status, row.handleStatus) ?? row.handleStatus}
        </Tag>
      ),
    },
    {
      title: t('videoMonitor.warning.actions'),
      key: 'actions',
      width: 210,
      fixed: 'right' as const,
      render: (_: unknown, row: CameraWarning) => (
        <Space size={0}>
          {row.handleStatus === UNHANDLED && granted.camera_warning_assign && (
            <Button type="link" size="small" data-testid="warning-assign" onClick={() => setAssigning(row)}>
              {t('videoMonitor.warning.assign')}
            </Button>
          )}
          {row.handleStatus === UNHANDLED && granted.camera_warning_ignore && (
            <Button type="link" size="small" danger data-testid="warning-ignore" onClick={() => setIgnoring([row.id])}>
              {t('videoMonitor.warning.ignore')}
            </Button>
          )}
          {row.eventId && (
            <Link to={`/event/detail?id=${row.eventId}`} data-testid="warning-event">
              {t('videoMonitor.warning.viewEvent')}
            </Link>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card data-testid="history-warning-page">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Form form={form} layout="inline" data-testid="warning-search" className="vm-search">
          <Form.Item name="reservoirId" label={t('videoMonitor.warning.reservoir')}>
            <Select
              data-testid="filter-reservoir"
              allowClear
              style={{ width: 160 }}
              options={reservoirOptions(tree)}
              onChange={() => form.setFieldValue('cameraId', undefined)}
            />
          </Form.Item>
          <Form.Item name="cameraId" label={t('videoMonitor.warning.camera')}>
            <Select data-testid="filter-camera" allowClear style={{ width: 200 }} options={cameraOptions(tree, reservoirId)} />
          </Form.Item>
          <Form.Item name="alarmType" label={t('videoMonitor.warning.alarmType')}>
            <Select data-testid="filter-type" allowClear style={{ width: 140 }} options={options('ai_alarm_type')} />
          </Form.Item>
          <Form.Item name="handleStatus" label={t('videoMonitor.warning.handleStatus')}>
            <Select data-testid="filter-status" allowClear style={{ width: 150 }} options={options('camera_warning_status')} />
          </Form.Item>
          <Form.Item name="range" label={t('videoMonitor.warning.alarmTime')}>
            <DatePicker.RangePicker data-testid="filter-range" />
          </Form.Item>
          <Space>
            <Button type="primary" data-testid="warning-search-submit" onClick={search}>
              {t('videoMonitor.search')}
            </Button>
            <Button data-testid="warning-search-reset" onClick={reset}>
              {t('videoMonitor.reset')}
            </Button>
            {granted.video_warning_export && (
              <Button data-testid="warning-export" onClick={() => void exportWarnings(query)}>
                {t('videoMonitor.export')}
              </Button>
            )}
          </Space>
        </Form>
        <Table<CameraWarning>
          rowKey="id"
          size="middle"
          data-testid="warning-table"
          loading={isLoading}
          columns={columns}
          dataSource={data?.records ?? []}
          scroll={{ x: 1300 }}
          pagination={{
            current: paging.current,
            pageSize: paging.size,
            total: data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => t('videoMonitor.total', { total }),
            onChange: (current, size) => setPaging({ current, size }),
          }}
        />
      </Space>
      {assigning && <AssignEventDialog warning={assigning} defaultTitle={defaultEventTitle(typeLabel(assigning), assigning.description)} onDone={done} />}
      {ignoring && <IgnoreDialog ids={ignoring} onDone={done} />}
    </Card>
  );
}
