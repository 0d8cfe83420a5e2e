/**
 * The list every code-generator page shows: title, the register's search
 * fields, add and refresh, the schema's list columns and the page's own row
 * actions (test a connection, generate, download …), with the admin paginator
 * and the delete confirmation. Paging, search and loading come from the
 * generic CRUD controller; only the actions are the page's.
 */
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Space, Table, Tooltip, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudSearchForm } from '../../renderers/CrudSearchForm';
import { paginationOf, useListColumns, type RowAction } from '../../renderers/CrudTable';
import { DeleteConfirm } from '../../renderers/DeleteConfirm';
import type { EntityRecord } from '../../renderers/entityApi';
import type { CrudController } from '../../renderers/useCrudController';
import '../../renderers/renderers.css';
import './develop.css';

export interface DevelopListProps {
  controller: CrudController;
  title: string;
  testId: string;
  /** Search fields shown (ids are searched through the API only). */
  searchFields: string[];
  /** Columns after the schema's list columns (e.g. a referenced name). */
  extraColumns?: TableColumnsType<EntityRecord>;
  actions: RowAction[];
  onAdd?: () => void;
  children?: ReactNode;
}

function actionsColumn(title: string, actions: RowAction[]): TableColumnsType<EntityRecord>[number] {
  return {
    key: '__actions',
    title,
    fixed: 'right',
    align: 'center',
    render: (_: unknown, record: EntityRecord) => (
      <span className="crud-row-actions">
        {actions.map((action) => (
          <Button
            key={action.key}
            type="link"
            size="small"
            danger={action.isDanger}
            icon={action.icon}
            onClick={(event) => {
              event.stopPropagation();
              action.onClick(record);
            }}
            data-testid={`row-${action.key}`}
          >
            {action.label}
          </Button>
        ))}
      </span>
    ),
  };
}

export function DevelopList({ controller, title, testId, searchFields, extraColumns = [], actions, onAdd, children }: DevelopListProps) {
  const { t } = useTranslation();
  const columns = [...useListColumns(controller.columns, controller.dictionaries, controller.references), ...extraColumns];
  if (actions.length > 0) columns.push(actionsColumn(t('develop.actions'), actions));
  return (
    <div className="crud-page develop-page" data-testid={testId}>
      <h2 className="crud-title">{title}</h2>
      <CrudSearchForm
        fields={controller.filters.filter((field) => searchFields.includes(field.name))}
        onSearch={controller.search}
        onReset={controller.resetSearch}
      />
      <div className="crud-toolbar">
        <Space wrap>
          {onAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid="develop-add">
              {t('develop.add')}
            </Button>
          )}
        </Space>
        <Tooltip title={t('develop.refresh')}>
          <Button shape="circle" icon={<ReloadOutlined />} onClick={() => void controller.reload()} aria-label={t('develop.refresh')} />
        </Tooltip>
      </div>
      <Table<EntityRecord>
        rowKey={(record) => String(record.id)}
        size="middle"
        bordered
        columns={columns}
        dataSource={controller.records}
        loading={controller.isLoading}
        scroll={{ x: 'max-content' }}
        pagination={paginationOf(controller, t)}
        data-testid="develop-table"
      />
      <DeleteConfirm
        pendingIds={controller.pendingDelete}
        isDeleting={controller.isDeleting}
        onConfirm={controller.confirmDelete}
        onCancel={controller.cancelDelete}
      />
      {children}
    </div>
  );
}
