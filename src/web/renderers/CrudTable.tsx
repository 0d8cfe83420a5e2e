/**
 * The table of a CRUD page: the schema's list columns with dictionary labels,
 * a selection column when rows may be deleted, row actions by permission and
 * the admin paginator (10/30/50/100/200, total, sizes, pager, jumper).
 */
import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Table, Tooltip, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cellText } from './cellText';
import type { EntityRecord } from './entityApi';
import { fieldLabel, widgetOf, type Language, type SchemaField } from './schemaFields';
import type { CrudPermissions } from './crudLogic';
import type { CrudController } from './useCrudController';
import type { Dictionaries, ReferenceLabels } from './useDictionaries';
import type { RecordEditor } from './useRecordEditor';

export interface RowAction {
  key: string;
  label: string;
  icon: ReactNode;
  isDanger?: boolean;
  onClick: (record: EntityRecord) => void;
}

/** Columns of listed fields; numbers and short codes get narrow columns, long texts wrap with an ellipsis. */
export function useListColumns(fields: SchemaField[], dictionaries: Dictionaries, references: ReferenceLabels = {}): TableColumnsType<EntityRecord> {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'zh';
  return fields.map((field) => {
    const widget = widgetOf(field.schema);
    const isNarrow = widget === 'number' || widget === 'radio' || widget === 'switch' || !!field.schema['x-dict'];
    return {
      key: field.name,
      dataIndex: field.name,
      title: fieldLabel(field.schema, language),
      ellipsis: widget === 'textarea' ? { showTitle: true } : undefined,
      width: isNarrow ? 96 : undefined,
      align: isNarrow ? ('center' as const) : undefined,
      render: (value: unknown) =>
        cellText(field.schema, value, {
          dictionary: dictionaries[field.schema['x-dict'] ?? ''],
          references: references[field.schema['x-ref'] ?? ''],
          yes: t('renderers.yes'),
          no: t('renderers.no'),
        }),
    };
  });
}

/**
 * The row actions column, fixed at the right. Compact (half-width panels)
 * shows icons with the label as tooltip and accessible name.
 */
export function actionsColumn(title: string, actions: (record: EntityRecord) => RowAction[], count: number, isCompact = false): TableColumnsType<EntityRecord>[number] {
  const button = (action: RowAction, record: EntityRecord) => (
    <Button
      key={action.key}
      type="link"
      size="small"
      danger={action.isDanger}
      icon={action.icon}
      aria-label={action.label}
      onClick={(event) => {
        event.stopPropagation();
        action.onClick(record);
      }}
      data-testid={`row-${action.key}`}
    >
      {isCompact ? null : action.label}
    </Button>
  );
  return {
    key: '__actions',
    title,
    fixed: 'right',
    width: isCompact ? Math.max(64, 16 + count * 34) : 32 + count * 72,
    align: 'center',
    render: (_: unknown, record: EntityRecord) => (
      <span className="crud-row-actions">
        {actions(record).map((action) =>
          isCompact ? (
            <Tooltip key={action.key} title={action.label}>
              {button(action, record)}
            </Tooltip>
          ) : (
            button(action, record)
          ),
        )}
      </span>
    ),
  };
}

/** View, edit and delete, each only with its permission. */
export function useRowActions(permissions: CrudPermissions, editor: RecordEditor): (record: EntityRecord) => RowAction[] {
  const { t } = useTranslation();
  return (record) => {
    const actions: RowAction[] = [];
    if (permissions.canView) actions.push({ key: 'view', label: t('renderers.view'), icon: <EyeOutlined />, onClick: () => editor.openDialog('view', record) });
    if (permissions.canEdit) actions.push({ key: 'edit', label: t('renderers.edit'), icon: <EditOutlined />, onClick: () => editor.openDialog('edit', record) });
    if (permissions.canDelete) {
      actions.push({ key: 'delete', label: t('renderers.delete'), icon: <DeleteOutlined />, isDanger: true, onClick: () => editor.requestDelete([String(record.id)]) });
    }
    return actions;
  };
}


export interface CrudTableProps {
  controller: CrudController;
  /** Highlights and reports a clicked row (a tree page's parent). */
  activeId?: string;
  onRowClick?: (record: EntityRecord) => void;
  /** Half-width panel: small rows, icon-only row actions. */
  isCompact?: boolean;
}

export function CrudTable({ controller, activeId, onRowClick, isCompact = false }: CrudTableProps) {
  const { t } = useTranslation();
  const columns = useListColumns(controller.columns, controller.dictionaries, controller.references);
  const rowActions = useRowActions(controller.permissions, controller);
  const actionCount = [controller.permissions.canView, controller.permissions.canEdit, controller.permissions.canDelete].filter(Boolean).length;
  if (actionCount > 0) columns.push(actionsColumn(t('renderers.actions'), rowActions, actionCount, isCompact));
  const { paging, permissions } = controller;

  return (
    <Table<EntityRecord>
      rowKey={(record) => String(record.id)}
      size={isCompact ? 'small' : 'middle'}
      bordered
      columns={columns}
      dataSource={controller.records}
      loading={controller.isLoading}
      scroll={{ x: 'max-content' }}
      rowSelection={permissions.canDelete ? { selectedRowKeys: controller.selectedIds, onChange: (keys) => controller.setSelectedIds(keys.map(String)), columnWidth: 48 } : undefined}
      rowClassName={(record) => (activeId !== undefined && String(record.id) === activeId ? 'crud-row-active' : '')}
      onRow={onRowClick ? (record) => ({ onClick: () => onRowClick(record), className: 'crud-row-clickable' }) : undefined}
      pagination={{
        current: paging.current,
        pageSize: paging.size,
        total: controller.total,
        pageSizeOptions: controller.pageSizes.map(String),
        showSizeChanger: true,
        showQuickJumper: true,
        showTotal: (total) => t('renderers.total', { total }),
        onChange: (current, size) => controller.setPage(current, size),
      }}
      data-testid="crud-table"
    />
  );
}
