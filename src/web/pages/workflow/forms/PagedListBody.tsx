/**
 * The body of a paged list page: its toolbar (the page's own buttons, then a refresh) and the table of the rows of a
 * PagedList with the console's paginator. Shared by the form list and the deployment list.
 */
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Space, Table, Tooltip, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PagedList } from './usePagedList';

interface PagedListBodyProps<Row, Search> {
  list: PagedList<Row, Search>;
  columns: TableColumnsType<Row>;
  /** The page's toolbar buttons (those the user's permissions allow). */
  buttons: ReactNode;
  testId: string;
}

export function PagedListBody<Row extends { id: string }, Search>({ list, columns, buttons, testId }: PagedListBodyProps<Row, Search>) {
  const { t } = useTranslation();
  return (
    <>
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
        data-testid={testId}
      />
    </>
  );
}
