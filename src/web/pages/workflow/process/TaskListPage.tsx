/**
 * One list of the task centre (我的事务): 待签事务 /work/claim (签收 moves the task to 待办), 待办事务 /work/todo
 * (办理 opens the task: the process detail, or the leave's approval page), 已发事务 /work/send (撤回, 催办 while
 * the process runs), 办结事务 /work/done, 抄送事务 /work/copy — with the search, the paginator and 查看 (the
 * process detail). Row actions need their menu buttons.
 */
import { App, Button, Popconfirm, Space, Table, Tag, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Paginator } from '../../../components/Paginator';
import { sessionStore } from '../../../stores/sessionStore';
import { flagColour, flagLabel } from './components/historyText';
import { claimTask, fetchTaskList, urgeTask, withdrawTask, type Paging, type TaskListKind, type TaskSearch } from './processApi';
import { detailPath, handlePath } from './processLinks';
import type { FlowTaskRow } from './processTypes';
import { ProcessStatusTag } from './ProcessStatusTag';
import { isFinished, TASK_LIST_KINDS, type TaskColumn } from './taskListKinds';
import { TaskSearchBar } from './TaskSearchBar';
import { usePagedList } from './usePagedList';
import './process.css';

const WIDTHS: Partial<Record<TaskColumn, number>> = { createTime: 170, claimTime: 170, endTime: 170, dueTime: 170, status: 100, flag: 100, readStatus: 90 };

function rowKey(row: FlowTaskRow): string {
  return `${row.id ?? ''}:${row.taskId ?? ''}:${row.processInstanceId}`;
}

function useColumns(kind: TaskListKind): TableColumnsType<FlowTaskRow> {
  const { t } = useTranslation();
  return useMemo(() => {
    const cell: Record<TaskColumn, (row: FlowTaskRow) => React.ReactNode> = {
      processName: (row) => row.processDefinitionName,
      title: (row) => row.title,
      taskName: (row) => row.taskName,
      startUser: (row) => row.startUserName,
      fromUser: (row) => row.fromUserName,
      createTime: (row) => (kind === 'copy' ? (row.copyTime ?? row.createTime) : row.createTime),
      claimTime: (row) => row.claimTime,
      endTime: (row) => row.endTime,
      dueTime: (row) => row.dueTime,
      status: (row) => <ProcessStatusTag status={row.processStatus} finished={row.processIsFinished} />,
      flag: (row) => (row.flag ? <Tag color={flagColour(row.flag)}>{flagLabel(t, row.flag)}</Tag> : null),
      readStatus: (row) => (
        <Tag color={Number(row.readStatus) === 1 ? 'default' : 'blue'}>
          {t(Number(row.readStatus) === 1 ? 'workflowProcess.state.read' : 'workflowProcess.state.unread')}
        </Tag>
      ),
    };
    return TASK_LIST_KINDS[kind].columns.map((column) => ({
      key: column,
      title: t(`workflowProcess.column.${column}`),
      width: WIDTHS[column],
      ellipsis: !WIDTHS[column],
      render: (_: unknown, row: FlowTaskRow) => cell[column](row),
    }));
  }, [kind, t]);
}

export const TaskListPage = observer(function TaskListPage({ kind }: { kind: TaskListKind }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const spec = TASK_LIST_KINDS[kind];
  const load = useCallback((search: TaskSearch, paging: Paging) => fetchTaskList(kind, search, paging), [kind]);
  const list = usePagedList(load);
  const columns = useColumns(kind);
  const can = (action: keyof typeof spec.actions) => !!spec.actions[action] && sessionStore.permission[spec.actions[action]!] === true;

  const act = async (run: () => Promise<unknown>, done = t('workflowProcess.done')) => {
    try {
      await run();
      void message.success(done);
      list.reload();
    } catch {
      // the request layer showed the server's refusal
    }
  };

  const actions = (row: FlowTaskRow) => {
    const running = !isFinished(row.processIsFinished);
    return (
      <Space size={4} wrap>
        {can('claim') && row.taskId && (
          <Popconfirm title={t('workflowProcess.confirm.claim')} onConfirm={() => act(() => claimTask(row.taskId!), t('workflowProcess.claimed'))}>
            <Button type="link" size="small" data-testid="row-claim">
              {t('workflowProcess.action.claim')}
            </Button>
          </Popconfirm>
        )}
        {can('handle') && row.taskId && (
          <Button type="link" size="small" onClick={() => navigate(handlePath(row))} data-testid="row-handle">
            {t('workflowProcess.action.handle')}
          </Button>
        )}
        {can('view') && (
          <Button
            type="link"
            size="small"
            onClick={() => navigate(detailPath(row.processInstanceId, kind === 'claim' ? row.taskId : undefined))}
            data-testid="row-view"
          >
            {t('workflowProcess.action.view')}
          </Button>
        )}
        {can('withdraw') && running && (
          <Popconfirm title={t('workflowProcess.confirm.withdraw')} onConfirm={() => act(() => withdrawTask({ processInstanceId: row.processInstanceId }))}>
            <Button type="link" size="small" data-testid="row-withdraw">
              {t('workflowProcess.action.withdraw')}
            </Button>
          </Popconfirm>
        )}
        {can('urge') && running && (
          <Popconfirm
            title={t('workflowProcess.confirm.urge')}
            onConfirm={() => act(() => urgeTask({ processInstanceId: row.processInstanceId, comment: t('workflowProcess.urgeComment') }))}
          >
            <Button type="link" size="small" data-testid="row-urge">
              {t('workflowProcess.action.urge')}
            </Button>
          </Popconfirm>
        )}
      </Space>
    );
  };

  const allColumns: TableColumnsType<FlowTaskRow> = [
    ...columns,
    { key: 'actions', title: t('workflowProcess.column.actions'), fixed: 'right', width: 200, render: (_: unknown, row: FlowTaskRow) => actions(row) },
  ];
  return (
    <div className="process-page" data-testid={`task-list-${kind}`}>
      <TaskSearchBar onSearch={list.search} />
      <Table<FlowTaskRow>
        rowKey={rowKey}
        size="middle"
        columns={allColumns}
        dataSource={list.rows}
        loading={list.isLoading}
        pagination={false}
        scroll={{ x: 1100 }}
        data-testid="task-list-table"
      />
      <Paginator current={list.paging.current} pageSize={list.paging.size} total={list.total} onChange={(current, size) => list.setPaging({ current, size })} />
    </div>
  );
});
