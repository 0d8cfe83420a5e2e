/**
 * 流程监控 /workflow/ops/follow (menu flow_follow, the tenant's administrators): every process instance of the
 * tenant (GET /blade-flow/follow/list) with 查看 (the detail), 挂起 / 激活 (ops changeStatus), 终止 (ops
 * terminateProcess, with a reason) and 删除实例 (follow/delete-process-instance, with a reason).
 */
import { App, Button, Input, Modal, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Paginator } from '../../../components/Paginator';
import { sessionStore } from '../../../stores/sessionStore';
import { deleteProcessInstance, fetchFollowList, opsChangeStatus, opsTerminateProcess } from './processApi';
import { detailPath } from './processLinks';
import type { FlowTaskRow } from './processTypes';
import { ProcessStatusTag } from './ProcessStatusTag';
import { TaskSearchBar } from './TaskSearchBar';
import { usePagedList } from './usePagedList';
import './process.css';

const RUNNING = 1;
const SUSPENDED = 5;
const REASON_MAX = 500;
const can = (code: string) => sessionStore.permission[code] === true;

type ReasonAction = 'terminate' | 'deleteInstance';

export const FollowPage = observer(function FollowPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const list = usePagedList(fetchFollowList);
  const [asking, setAsking] = useState<{ action: ReasonAction; row: FlowTaskRow }>();
  const [reason, setReason] = useState('');

  const act = async (run: () => Promise<unknown>) => {
    try {
      await run();
      void message.success(t('workflowProcess.done'));
      list.reload();
      return true;
    } catch {
      return false; // the request layer showed the server's refusal
    }
  };

  const sendReason = async () => {
    if (!asking) return;
    const id = asking.row.processInstanceId;
    const comment = reason.trim();
    if (asking.action === 'terminate' && !comment) {
      void message.warning(t('workflowProcess.task.terminateRequired'));
      return;
    }
    const done = await act(() =>
      asking.action === 'terminate' ? opsTerminateProcess({ processInstanceId: id, comment }) : deleteProcessInstance(id, comment),
    );
    if (done) setAsking(undefined);
  };

  const ask = (action: ReasonAction, row: FlowTaskRow) => {
    setReason('');
    setAsking({ action, row });
  };

  const actions = (row: FlowTaskRow) => {
    const status = Number(row.processStatus);
    const isLive = status === RUNNING || status === SUSPENDED;
    return (
      <Space size={4} wrap>
        {can('flow_follow_view') && (
          <Button type="link" size="small" onClick={() => navigate(detailPath(row.processInstanceId))} data-testid="row-view">
            {t('workflowProcess.action.view')}
          </Button>
        )}
        {can('flow_follow_stop') && isLive && (
          <Popconfirm
            title={t(status === RUNNING ? 'workflowProcess.confirm.suspend' : 'workflowProcess.confirm.activate')}
            onConfirm={() => act(() => opsChangeStatus({ processInstanceId: row.processInstanceId, status: status === RUNNING ? 'suspended' : 'active' }))}
          >
            <Button type="link" size="small" data-testid={status === RUNNING ? 'row-suspend' : 'row-activate'}>
              {t(status === RUNNING ? 'workflowProcess.action.suspend' : 'workflowProcess.action.activate')}
            </Button>
          </Popconfirm>
        )}
        {can('flow_follow_stop') && isLive && (
          <Button type="link" size="small" danger onClick={() => ask('terminate', row)} data-testid="row-terminate">
            {t('workflowProcess.action.terminate')}
          </Button>
        )}
        {can('flow_follow_delete') && (
          <Button type="link" size="small" danger onClick={() => ask('deleteInstance', row)} data-testid="row-delete-instance">
            {t('workflowProcess.action.deleteInstance')}
          </Button>
        )}
      </Space>
    );
  };

  const columns: TableColumnsType<FlowTaskRow> = [
    { key: 'processName', title: t('workflowProcess.column.processName'), ellipsis: true, render: (_, row) => row.processDefinitionName },
    { key: 'title', title: t('workflowProcess.column.title'), ellipsis: true, render: (_, row) => row.title },
    { key: 'currentNodes', title: t('workflowProcess.column.currentNodes'), ellipsis: true, render: (_, row) => row.taskName },
    { key: 'startUser', title: t('workflowProcess.column.startUser'), width: 110, render: (_, row) => row.startUserName },
    { key: 'startTime', title: t('workflowProcess.column.startTime'), width: 170, render: (_, row) => row.createTime },
    { key: 'endTime', title: t('workflowProcess.column.endTime'), width: 170, render: (_, row) => row.endTime },
    {
      key: 'status',
      title: t('workflowProcess.column.status'),
      width: 100,
      render: (_, row) => <ProcessStatusTag status={row.processStatus} finished={row.processIsFinished} />,
    },
    { key: 'actions', title: t('workflowProcess.column.actions'), fixed: 'right', width: 240, render: (_, row) => actions(row) },
  ];

  return (
    <div className="process-page" data-testid="follow-list">
      <TaskSearchBar onSearch={list.search} />
      <Table<FlowTaskRow>
        rowKey="processInstanceId"
        size="middle"
        columns={columns}
        dataSource={list.rows}
        loading={list.isLoading}
        pagination={false}
        scroll={{ x: 1200 }}
      />
      <Paginator current={list.paging.current} pageSize={list.paging.size} total={list.total} onChange={(current, size) => list.setPaging({ current, size })} />
      <Modal
        open={!!asking}
        title={asking ? t(`workflowProcess.action.${asking.action}`) : ''}
        okButtonProps={{ danger: true }}
        okText={t('workflowProcess.task.confirm')}
        cancelText={t('workflowProcess.task.cancel')}
        onOk={() => void sendReason()}
        onCancel={() => setAsking(undefined)}
        destroyOnHidden
      >
        <p>{asking ? t(`workflowProcess.confirm.${asking.action}`) : ''}</p>
        <Input.TextArea
          value={reason}
          maxLength={REASON_MAX}
          showCount
          autoSize={{ minRows: 3, maxRows: 6 }}
          placeholder={t('workflowProcess.task.commentPlaceholder')}
          onChange={(event) => setReason(event.target.value)}
        />
      </Modal>
    </div>
  );
});
