/**
 * A paged list page filtered by a process category: the category tree on the left; the title, the page's own search
 * form, its toolbar buttons beside a refresh, and the paged table on the right; the page's dialogs after. A search
 * keeps the chosen category and a category keeps the search. Shared by the form list and the deployment list.
 */
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Space, Table, Tooltip, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TreeNode } from '../../../../shared/envelope';
import { CategoryFilterTree } from './CategoryFilterTree';
import type { PagedList } from './usePagedList';

interface CategorisedListPageProps<Row, Search extends { categoryId?: string }> {
  list: PagedList<Row, Search>;
  categories: TreeNode[];
  title: string;
  /** The page's search form, given the search to run (the category is added here). */
  searchForm: (onSearch: (values: Omit<Search, 'categoryId'>) => void) => ReactNode;
  columns: TableColumnsType<Row>;
  /** The page's toolbar buttons (those the user's permissions allow). */
  buttons: ReactNode;
  testIds: { page: string; table: string };
  /** The page's dialogs. */
  children?: ReactNode;
}

export function CategorisedListPage<Row extends { id: string }, Search extends { categoryId?: string }>(props: CategorisedListPageProps<Row, Search>) {
  const { list, categories, title, searchForm, columns, buttons, testIds, children } = props;
  const { t } = useTranslation();
  return (
    <div className="crud-with-tree wf-list-page" data-testid={testIds.page}>
      <div className="filter-tree">
        <CategoryFilterTree tree={categories} value={list.search.categoryId} onChange={(categoryId) => list.setSearch({ ...list.search, categoryId })} />
      </div>
      <div className="crud-page">
        <h2 className="crud-title">{title}</h2>
        {searchForm((values) => list.setSearch({ ...values, categoryId: list.search.categoryId } as Search))}
        <div className="crud-toolbar">
          <Space>{buttons}</Space>
          <Tooltip title={t('renderers.refresh')}>
            <Button shape="circle" icon={<ReloadOutlined />} onClick={() => void list.reload()} aria-label={t('renderers.refresh')} />
          </Tooltip>
        </div>
        <Table<Row>
          rowKey="id"
          size="middle"
          bordered
          className="crud-table"
          columns={columns}
          dataSource={list.rows}
          loading={list.isLoading}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: list.current,
            pageSize: list.size,
            total: list.total,
            showSizeChanger: true,
            showTotal: (total) => t('renderers.total', { total }),
            onChange: list.setPage,
          }}
          data-testid={testIds.table}
        />
      </div>
      {children}
    </div>
  );
}
