/**
 * 发起事务 /work/start: the processes the caller may start (GET /blade-flow/work/start-list: each key's newest
 * active deployment within the model scopes), filtered by category and name, with 发起 (button work_start_launch):
 * the leave opens its application form, every other process the generic start page.
 */
import { Button, Form, Input, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Paginator } from '../../../components/Paginator';
import { sessionStore } from '../../../stores/sessionStore';
import { fetchCategoryTree, fetchStartList, type CategoryNode, type Paging, type TaskSearch } from './processApi';
import { startPath } from './processLinks';
import type { FlowProcessRow } from './processTypes';
import { usePagedList } from './usePagedList';
import './process.css';

const LAUNCH_BUTTON = 'work_start_launch';

/** The category tree flattened for a choice, children indented under their parent. */
function categoryOptions(nodes: CategoryNode[], depth = 0): { value: string; label: string }[] {
  return nodes.flatMap((node) => [
    { value: node.id, label: `${'\u3000'.repeat(depth)}${node.title ?? node.name ?? node.id}` },
    ...categoryOptions(node.children ?? [], depth + 1),
  ]);
}

function useCategories(): { value: string; label: string }[] {
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    let isCurrent = true;
    fetchCategoryTree().then(
      (tree) => isCurrent && setOptions(categoryOptions(tree ?? [])),
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, []);
  return options;
}

export const StartListPage = observer(function StartListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const categories = useCategories();
  const [category, setCategory] = useState<string>();
  const load = useCallback((search: TaskSearch, paging: Paging) => fetchStartList({ ...paging, category, keyword: search.processDefinitionName }), [category]);
  const list = usePagedList(load);
  const canLaunch = sessionStore.permission[LAUNCH_BUTTON] === true;

  const columns: TableColumnsType<FlowProcessRow> = [
    { key: 'category', title: t('workflowProcess.column.category'), width: 160, render: (_, row) => row.categoryName },
    { key: 'name', title: t('workflowProcess.column.processName'), ellipsis: true, render: (_, row) => row.name },
    { key: 'key', title: t('workflowProcess.column.key'), width: 180, render: (_, row) => row.key },
    {
      key: 'version',
      title: t('workflowProcess.column.version'),
      width: 90,
      render: (_, row) => <Tag>{t('workflowProcess.start.version', { version: row.version ?? '' })}</Tag>,
    },
    { key: 'deploymentTime', title: t('workflowProcess.column.deploymentTime'), width: 170, render: (_, row) => row.deploymentTime },
    {
      key: 'actions',
      title: t('workflowProcess.column.actions'),
      width: 120,
      render: (_, row) =>
        canLaunch && (
          <Button type="primary" size="small" onClick={() => navigate(startPath(row))} data-testid="row-launch" data-key={row.key}>
            {t('workflowProcess.action.launch')}
          </Button>
        ),
    },
  ];

  return (
    <div className="process-page" data-testid="start-list">
      <Form layout="inline" className="process-search" onFinish={(values: { keyword?: string }) => list.search({ processDefinitionName: values.keyword })}>
        <Form.Item>
          <Select
            allowClear
            style={{ width: 200 }}
            value={category}
            placeholder={t('workflowProcess.search.allCategories')}
            options={categories}
            onChange={(value?: string) => setCategory(value)}
            data-testid="start-list-category"
          />
        </Form.Item>
        <Form.Item name="keyword">
          <Input allowClear maxLength={100} placeholder={t('workflowProcess.search.processName')} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('workflowProcess.search.submit')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Table<FlowProcessRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.rows}
        loading={list.isLoading}
        pagination={false}
        locale={{ emptyText: t('workflowProcess.start.empty') }}
        data-testid="start-list-table"
      />
      <Paginator current={list.paging.current} pageSize={list.paging.size} total={list.total} onChange={(current, size) => list.setPaging({ current, size })} />
    </div>
  );
});
