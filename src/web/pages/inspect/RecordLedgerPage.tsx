/**
 * The statistics ledger (/statistics/index): a view over the inspection or
 * maintenance records per reservoir and month, with a remark per row and
 * an .xlsx export of the filtered ledger (POST /api/v1/{inspect|maintain}/
 * ledger/list, remark, export). Not a register of its own rows, so it is
 * written by hand rather than rendered from a schema.
 */
import { App, Button, Card, DatePicker, Form, Input, Modal, Segmented, Select, Space, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { Envelope, Page } from '../../../shared/envelope';
import { request } from '../../api/http';
import { downloadFile } from '../../renderers/entityApi';
import { sessionStore } from '../../stores/sessionStore';

type LedgerKind = 'inspect' | 'maintain';

interface LedgerRow {
  reservoirId: string;
  reservoirName: string | null;
  period: string;
  recordCount: number;
  problemCount: number;
  pendingCount: number;
  passedCount: number;
  rejectedCount: number;
  remark: string | null;
}

interface Filter {
  reservoirId?: string;
  period?: string;
}

interface ReservoirOption {
  id: string;
  name: string;
}

async function fetchLedger(kind: LedgerKind, filter: Filter, current: number, size: number): Promise<Page<LedgerRow>> {
  const response = await request<Envelope<Page<LedgerRow>>>({ url: `/v1/${kind}/ledger/list`, method: 'POST', data: { ...filter, current, size } });
  return response.data.data;
}

async function fetchReservoirs(): Promise<ReservoirOption[]> {
  const response = await request<Envelope<ReservoirOption[]>>({ url: '/v1/reservoir/listAll' });
  return response.data.data;
}

function RemarkDialog({ kind, row, onDone }: { kind: LedgerKind; row: LedgerRow | undefined; onDone: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await request({ url: `/v1/${kind}/ledger/remark`, method: 'POST', data: { reservoirId: row!.reservoirId, period: row!.period, remark: text } });
      void message.success(t('inspectRecords.ledger.saved'));
      onDone(true);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={!!row}
      title={row ? `${t('inspectRecords.ledger.remark')} · ${row.reservoirName ?? ''} ${row.period}` : ''}
      onCancel={() => onDone(false)}
      onOk={() => void save()}
      confirmLoading={saving}
      afterOpenChange={(open) => open && setText(row?.remark ?? '')}
      destroyOnHidden
    >
      <Input.TextArea data-testid="ledger-remark-text" rows={4} maxLength={500} showCount value={text} onChange={(event) => setText(event.target.value)} />
    </Modal>
  );
}

export function RecordLedgerPage() {
  const { t } = useTranslation();
  const granted = sessionStore.permission;
  const [kind, setKind] = useState<LedgerKind>('inspect');
  const [form] = Form.useForm<{ reservoirId?: string; month?: Dayjs }>();
  const [filter, setFilter] = useState<Filter>({});
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const [editing, setEditing] = useState<LedgerRow>();
  const { data, isLoading, mutate } = useSWR(
    ['ledger', kind, JSON.stringify(filter), paging.current, paging.size],
    () => fetchLedger(kind, filter, paging.current, paging.size),
    { keepPreviousData: true },
  );
  const { data: reservoirs } = useSWR('ledger-reservoirs', fetchReservoirs);

  const search = () => {
    const values = form.getFieldsValue();
    setFilter({ reservoirId: values.reservoirId || undefined, period: values.month ? values.month.format('YYYY-MM') : undefined });
    setPaging((p) => ({ ...p, current: 1 }));
  };
  const reset = () => {
    form.resetFields();
    setFilter({});
    setPaging((p) => ({ ...p, current: 1 }));
  };
  const exportLedger = () => downloadFile({ url: `/v1/${kind}/ledger/export`, method: 'POST', data: filter }, `${t(`inspectRecords.ledger.${kind}`)}.xlsx`);

  const count = (key: keyof LedgerRow) => ({ title: t(`inspectRecords.ledger.${key}`), dataIndex: key, width: 100, align: 'right' as const });
  const columns = [
    { title: t('inspectRecords.ledger.reservoir'), dataIndex: 'reservoirName', width: 160 },
    { title: t('inspectRecords.ledger.period'), dataIndex: 'period', width: 110 },
    count('recordCount'),
    ...(kind === 'inspect' ? [count('problemCount')] : []),
    count('pendingCount'),
    count('passedCount'),
    count('rejectedCount'),
    { title: t('inspectRecords.ledger.remark'), dataIndex: 'remark', ellipsis: true },
    ...(granted.statistics_remark
      ? [
          {
            title: t('inspectRecords.ledger.actions'),
            key: 'actions',
            width: 100,
            render: (_: unknown, row: LedgerRow) => (
              <Button type="link" size="small" onClick={() => setEditing(row)}>
                {t('inspectRecords.ledger.remark')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card data-testid="ledger-page">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Segmented<LedgerKind>
          data-testid="ledger-kind"
          value={kind}
          onChange={(value) => {
            setKind(value);
            setPaging((p) => ({ ...p, current: 1 }));
          }}
          options={[
            { label: t('inspectRecords.ledger.inspect'), value: 'inspect' },
            { label: t('inspectRecords.ledger.maintain'), value: 'maintain' },
          ]}
        />
        <Form form={form} layout="inline" data-testid="ledger-search">
          <Form.Item name="reservoirId" label={t('inspectRecords.ledger.reservoir')}>
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              style={{ width: 220 }}
              placeholder={t('inspectRecords.ledger.allReservoirs')}
              options={(reservoirs ?? []).map((r) => ({ value: r.id, label: r.name }))}
            />
          </Form.Item>
          <Form.Item name="month" label={t('inspectRecords.ledger.period')}>
            <DatePicker picker="month" />
          </Form.Item>
          <Space>
            <Button type="primary" onClick={search} data-testid="ledger-search-submit">
              {t('inspectRecords.ledger.search')}
            </Button>
            <Button onClick={reset}>{t('inspectRecords.ledger.reset')}</Button>
            {granted.statistics_export && (
              <Button onClick={() => void exportLedger()} data-testid="ledger-export">
                {t('inspectRecords.ledger.export')}
              </Button>
            )}
          </Space>
        </Form>
        <Table<LedgerRow>
          data-testid="ledger-table"
          rowKey={(row) => `${row.reservoirId}:${row.period}`}
          size="middle"
          loading={isLoading}
          columns={columns}
          dataSource={data?.records ?? []}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: paging.current,
            pageSize: paging.size,
            total: data?.total ?? 0,
            showSizeChanger: true,
            onChange: (current, size) => setPaging({ current, size }),
          }}
        />
      </Space>
      <RemarkDialog
        kind={kind}
        row={editing}
        onDone={(saved) => {
          setEditing(undefined);
          if (saved) void mutate();
        }}
      />
    </Card>
  );
}
