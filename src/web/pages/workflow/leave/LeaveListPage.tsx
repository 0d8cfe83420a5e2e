/**
 * 请假流程 /work/leave: the caller's leave requests (the tenant's, to a holder
 * of the process monitor), newest first, with their approval status as a
 * coloured tag. 新增 opens the application form of the latest leave
 * deployment the caller may start; 查看 opens the leave's detail page.
 */
import { App, Button, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Paginator } from '../../../components/Paginator';
import { sessionStore } from '../../../stores/sessionStore';
import { fetchMyLeaves, latestLeaveDeploymentId, type LeaveRecord } from './leaveApi';
import { leaveDetailPath, leaveFormPath } from './leavePaths';
import { leaveStatusColour } from './leaveStatus';
import { useLeaveDictionaries } from './useLeaveDictionaries';
import './leave.css';

/** The approval statuses offered by the filter, in the dictionary's order. */
const STATUS_KEYS = [0, 1, 2, 3, 4];

interface ListState {
  rows: LeaveRecord[];
  total: number;
  isLoading: boolean;
}

export const LeaveListPage = observer(function LeaveListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { typeLabel, statusLabel } = useLeaveDictionaries();
  const [paging, setPaging] = useState({ current: 1, size: 20 });
  const [approvalStatus, setApprovalStatus] = useState<number>();
  const [list, setList] = useState<ListState>({ rows: [], total: 0, isLoading: true });
  const [round, setRound] = useState(0);
  const [isOpening, setOpening] = useState(false);

  useEffect(() => {
    let isCurrent = true;
    setList((previous) => ({ ...previous, isLoading: true }));
    fetchMyLeaves({ ...paging, approvalStatus }).then(
      (page) => isCurrent && setList({ rows: page.records, total: page.total, isLoading: false }),
      () => isCurrent && setList({ rows: [], total: 0, isLoading: false }),
    );
    return () => {
      isCurrent = false;
    };
  }, [paging, approvalStatus, round]);

  const add = useCallback(async () => {
    setOpening(true);
    try {
      const id = await latestLeaveDeploymentId();
      if (id) navigate(leaveFormPath(id));
      else void message.warning(t('workflowLeave.list.noProcess'));
    } catch {
      // the request layer showed why
    } finally {
      setOpening(false);
    }
  }, [message, navigate, t]);

  const columns: TableColumnsType<LeaveRecord> = [
    { key: 'leaveType', title: t('workflowLeave.field.leaveType'), width: 110, render: (_, row) => typeLabel(row.leaveType) },
    { key: 'startTime', dataIndex: 'startTime', title: t('workflowLeave.field.startTime'), width: 170 },
    { key: 'endTime', dataIndex: 'endTime', title: t('workflowLeave.field.endTime'), width: 170 },
    { key: 'days', title: t('workflowLeave.field.days'), width: 100, render: (_, row) => (row.days ? t('workflowLeave.days', { value: row.days }) : '') },
    { key: 'reason', dataIndex: 'reason', title: t('workflowLeave.field.reason'), ellipsis: true },
    { key: 'applyTime', dataIndex: 'applyTime', title: t('workflowLeave.field.applyTime'), width: 170 },
    {
      key: 'approvalStatus',
      title: t('workflowLeave.field.approvalStatus'),
      width: 110,
      render: (_, row) => (
        <Tag color={leaveStatusColour(row.approvalStatus)} data-testid="leave-row-status">
          {statusLabel(row.approvalStatus)}
        </Tag>
      ),
    },
    {
      key: 'actions',
      title: t('workflowLeave.list.actions'),
      width: 90,
      fixed: 'right',
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => navigate(leaveDetailPath(row.processInstanceId ?? '0', row.id))} data-testid="leave-row-view">
          {t('workflowLeave.list.view')}
        </Button>
      ),
    },
  ];

  return (
    <div className="leave-page" data-testid="leave-list">
      <Space className="leave-toolbar" wrap>
        {sessionStore.permission.work_leave_add ? (
          <Button type="primary" loading={isOpening} onClick={() => void add()} data-testid="leave-add">
            {t('workflowLeave.list.add')}
          </Button>
        ) : null}
        <Select<number>
          allowClear
          style={{ width: 160 }}
          placeholder={t('workflowLeave.list.allStatuses')}
          value={approvalStatus}
          onChange={(value) => {
            setApprovalStatus(value);
            setPaging((previous) => ({ ...previous, current: 1 }));
          }}
          options={STATUS_KEYS.map((key) => ({ value: key, label: statusLabel(key) }))}
          data-testid="leave-status-filter"
        />
        <Button onClick={() => setRound((n) => n + 1)}>{t('workflowLeave.list.refresh')}</Button>
      </Space>
      <Table<LeaveRecord>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.rows}
        loading={list.isLoading}
        pagination={false}
        scroll={{ x: 1100 }}
        data-testid="leave-table"
      />
      <Paginator current={paging.current} pageSize={paging.size} total={list.total} onChange={(current, size) => setPaging({ current, size })} />
    </div>
  );
});

export default LeaveListPage;
