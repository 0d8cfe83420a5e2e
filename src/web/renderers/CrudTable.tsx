/**
 * The table of a CRUD page: the schema's list columns with dictionary labels,
 * a selection column when rows may be deleted or acted on, row buttons by
 * permission (a sealed row keeps view only) followed by the register's row
 * actions, and the admin paginator (10/30/50/100/200, total, sizes, pager,
 * jumper). A tree of records shows its rows expandable.
 */
import { DeleteOutlined, DownOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Dropdown, Table, Tag, Tooltip, type TableColumnsType, type TablePaginationConfig, type TableProps } from 'antd';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { totalText } from '../components/paginatorRules';
import { useStartAction } from './ActionDialogs';
import { actionIcon } from './actionIcons';
import { actionLabel, rowTarget, type ActionTarget, type UiBinding } from './actionLogic';
import type { ClientSchema } from '../../shared/clientSchema';
import { cellLook } from './cellTags';
import { stationToday } from '../config/stationClock';
import { cellText, referenceTitleOf } from './cellText';
import { columnWidth, textWidth } from './columnWidths';
import type { EntityRecord } from './entityApi';
import { fieldLabel, referenceKey, widgetOf, type Language, type SchemaField } from './schemaFields';
import type { CrudPermissions } from './crudLogic';
import { flattenTree } from './treeLogic';
import type { CrudController } from './useCrudController';
import type { Dictionaries, ReferenceLabels } from './useDictionaries';
import type { RecordEditor } from './useRecordEditor';
import type { ReferenceLink } from './useReferenceLinks';

/** One action a row offers (a register's record by default; hand-written lists name their row type). */
export interface RowAction<Row = EntityRecord> {
  key: string;
  label: string;
  icon: ReactNode;
  isDanger?: boolean;
  onClick: (record: Row) => void;
}

/**
 * Columns of listed fields, each as wide as its header and its values on the page need (columnWidths.ts):
 * numbers and codes narrow and centred, a value longer than its column cut with an ellipsis and shown whole on hover.
 */
export function useListColumns(
  fields: SchemaField[],
  dictionaries: Dictionaries,
  references: ReferenceLabels = {},
  records: readonly EntityRecord[] = [],
  schema?: ClientSchema,
  /** Where a reference cell links to (the referenced row's page), when anywhere. */
  linkOf?: ReferenceLink,
): TableColumnsType<EntityRecord> {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'zh';
  const today = stationToday();
  return fields.map((field) => {
    const widget = widgetOf(field.schema);
    const dictionary = dictionaries[field.schema['x-dict'] ?? ''];
    const isNarrow = widget === 'number' || widget === 'radio' || widget === 'switch' || !!field.schema['x-dict'];
    const title = fieldLabel(field.schema, language);
    const text = (value: unknown, record: EntityRecord) =>
      cellText(field.schema, value, {
        dictionary,
        title: referenceTitleOf(field.schema, record),
        references: references[referenceKey(field.schema) ?? ''],
        yes: t('renderers.yes'),
        no: t('renderers.no'),
      });
    const values = [...records.map((record) => text(record[field.name], record)), ...(dictionary ?? []).map((entry) => entry.label)];
    const { width, isCut } = columnWidth({ title, widget, isNarrow, values });
    return {
      key: field.name,
      dataIndex: field.name,
      title,
      width,
      ellipsis: isCut || widget === 'textarea' ? { showTitle: true } : undefined,
      align: isNarrow ? ('center' as const) : undefined,
      render: (value: unknown, record: EntityRecord) => {
        const look = cellLook(
          field,
          value,
          record,
          schema,
          today,
          dictionary?.map((entry) => entry.dictKey),
        );
        if (look.kind === 'tag') return <Tag color={look.colour}>{text(value, record)}</Tag>;
        if (look.kind === 'overdue') {
          return (
            <span className="cell-overdue" title={t('renderers.overdue')}>
              {text(value, record)}
            </span>
          );
        }
        const detailPath = linkOf?.(field.schema, value);
        return detailPath ? <Link to={detailPath}>{text(value, record)}</Link> : text(value, record);
      },
    };
  });
}

/** The paginator of a controller-driven table (platform-core §9: page sizes, jump, total). */
export function paginationOf(controller: CrudController, t: (key: string, options?: Record<string, unknown>) => string): TablePaginationConfig {
  return {
    current: controller.paging.current,
    pageSize: controller.paging.size,
    total: controller.total,
    pageSizeOptions: controller.pageSizes.map(String),
    showSizeChanger: true,
    showQuickJumper: true,
    // An estimated total (more rows than the server counts exactly) reads as one: 约 62,000 条.
    showTotal: (total) => totalText(t, total, controller.totalIsEstimate, i18next.language, 'renderers.total'),
    onChange: (current, size) => controller.setPage(current, size),
  };
}

/** Width of a link button: its label, the icon and the padding. */
function actionButtonWidth(label: string): number {
  return textWidth(label) + 14 + 8 + 8;
}

/** The operation column fits the widest row's buttons (icons alone in a compact panel), never narrower than its title. */
export function actionsColumnWidth(rows: readonly (readonly string[])[], isCompact: boolean): number {
  const widest = Math.max(0, ...rows.map((labels) => (isCompact ? labels.length * 32 : labels.reduce((sum, label) => sum + actionButtonWidth(label), 0))));
  return Math.max(isCompact ? 64 : 88, widest + 24);
}

/** At most this many buttons in a row; beyond, the first ones stay and the rest go under 更多 (More). */
export const INLINE_ROW_ACTIONS = 4;

/** The buttons shown in the row and those under 更多. */
export function splitRowActions<T>(actions: readonly T[], limit = INLINE_ROW_ACTIONS): { inline: T[]; more: T[] } {
  if (actions.length <= limit) return { inline: [...actions], more: [] };
  return { inline: actions.slice(0, limit - 1), more: actions.slice(limit - 1) };
}

export interface ActionsColumnText {
  title: string;
  /** The label of the menu holding the actions that do not fit. */
  more: string;
}

/**
 * The row actions column, fixed at the right, as wide as the widest row's
 * buttons; a row with many actions keeps the first in sight and the rest
 * under 更多. Compact (half-width panels) shows icons with the label as
 * tooltip and accessible name.
 */
export function actionsColumn<Row = EntityRecord>(
  text: ActionsColumnText,
  actions: (record: Row) => RowAction<Row>[],
  records: readonly Row[],
  isCompact = false,
  inlineLimit = INLINE_ROW_ACTIONS,
): TableColumnsType<Row>[number] | undefined {
  const shown = (record: Row) => (isCompact ? { inline: actions(record), more: [] } : splitRowActions(actions(record), inlineLimit));
  const labelsPerRow = records.map((record) => {
    const { inline, more } = shown(record);
    return [...inline.map((action) => action.label), ...(more.length > 0 ? [text.more] : [])];
  });
  if (records.length > 0 && labelsPerRow.every((labels) => labels.length === 0)) return undefined;
  const button = (action: RowAction<Row>, record: Row) => (
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
  const moreMenu = (more: RowAction<Row>[], record: Row) => (
    <Dropdown
      key="__more"
      trigger={['click']}
      menu={{
        items: more.map((action) => ({
          key: action.key,
          label: <span data-testid={`row-${action.key}`}>{action.label}</span>,
          icon: action.icon,
          danger: action.isDanger,
        })),
        onClick: ({ key, domEvent }) => {
          domEvent.stopPropagation();
          more.find((action) => action.key === key)?.onClick(record);
        },
      }}
    >
      <Button type="link" size="small" onClick={(event) => event.stopPropagation()} data-testid="row-more">
        {text.more}
        <DownOutlined />
      </Button>
    </Dropdown>
  );
  return {
    key: '__actions',
    title: text.title,
    fixed: 'right',
    width: actionsColumnWidth(labelsPerRow, isCompact),
    align: 'center',
    render: (_: unknown, record: Row) => {
      const { inline, more } = shown(record);
      return (
        <span className="crud-row-actions">
          {inline.map((action) =>
            isCompact ? (
              <Tooltip key={action.key} title={action.label}>
                {button(action, record)}
              </Tooltip>
            ) : (
              button(action, record)
            ),
          )}
          {more.length > 0 && moreMenu(more, record)}
        </span>
      );
    },
  };
}

export interface RowActionSource {
  /** The buttons for one row (a sealed row loses edit and delete). */
  rowPermissions: (record: EntityRecord) => CrudPermissions;
  editor: RecordEditor;
  /** The register's row actions offered on the row, and how to start one. */
  rowActionsFor?: (record: EntityRecord) => UiBinding[];
  startAction?: (binding: UiBinding, target: ActionTarget) => void;
  /** Extra actions of the page (a tree's add-child), after edit. */
  extra?: (record: EntityRecord) => RowAction[];
}

/** View, edit and delete, each only with its permission; then the page's own and the register's row actions. */
export function useRowActions({ rowPermissions, editor, rowActionsFor, startAction, extra }: RowActionSource): (record: EntityRecord) => RowAction[] {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'zh';
  return (record) => {
    const permissions = rowPermissions(record);
    const actions: RowAction[] = [];
    if (permissions.canView) actions.push({ key: 'view', label: t('renderers.view'), icon: <EyeOutlined />, onClick: () => editor.openDialog('view', record) });
    if (permissions.canEdit)
      actions.push({ key: 'edit', label: t('renderers.edit'), icon: <EditOutlined />, onClick: () => editor.openDialog('edit', record) });
    if (permissions.canDelete) {
      actions.push({
        key: 'delete',
        label: t('renderers.delete'),
        icon: <DeleteOutlined />,
        isDanger: true,
        onClick: () => editor.requestDelete([String(record.id)]),
      });
    }
    actions.push(...(extra?.(record) ?? []));
    for (const binding of rowActionsFor?.(record) ?? []) {
      actions.push({
        key: `action-${binding.name}`,
        label: actionLabel(binding.ui, language),
        icon: actionIcon(binding.ui),
        onClick: () => startAction?.(binding, rowTarget(record)),
      });
    }
    return actions;
  };
}

/** The sum of the columns' widths and the selection column's. */
export function tableWidth(columns: TableColumnsType<EntityRecord>, isSelectable: boolean): number {
  return columns.reduce((sum, column) => sum + (typeof column.width === 'number' ? column.width : 120), isSelectable ? 48 : 0);
}

export interface CrudTableProps {
  controller: CrudController;
  /** Highlights and reports a clicked row (a tree page's parent). */
  activeId?: string;
  onRowClick?: (record: EntityRecord) => void;
  /** Half-width panel: small rows, icon-only row actions. */
  isCompact?: boolean;
  /** The page's own row actions (a tree's add-child). */
  extraRowActions?: (record: EntityRecord) => RowAction[];
  /** A tree of records: which rows are expanded, children loaded on expand. */
  expandable?: TableProps<EntityRecord>['expandable'];
}

export function CrudTable({ controller, activeId, onRowClick, isCompact = false, extraRowActions, expandable }: CrudTableProps) {
  const { t } = useTranslation();
  const columns = useListColumns(
    controller.columns,
    controller.dictionaries,
    controller.references,
    flattenTree(controller.records),
    controller.schema,
    controller.referenceLink,
  );
  const startAction = useStartAction(controller.actions);
  const rowActions = useRowActions({ ...controller, editor: controller, startAction, extra: extraRowActions });
  const actions = actionsColumn({ title: t('renderers.actions'), more: t('renderers.more') }, rowActions, flattenTree(controller.records), isCompact);
  if (actions) columns.push(actions);
  const { permissions } = controller;
  const isSelectable = permissions.canDelete || controller.selectionActions.length > 0;
  const isTree = !!expandable;

  return (
    <Table<EntityRecord>
      rowKey={(record) => String(record.id)}
      size={isCompact ? 'small' : 'middle'}
      bordered
      columns={columns}
      dataSource={controller.records}
      loading={controller.isLoading}
      // As wide as its columns: wider than the page it scrolls sideways, narrower it stretches to fill.
      scroll={{ x: tableWidth(columns, isSelectable) }}
      rowSelection={
        isSelectable
          ? {
              selectedRowKeys: controller.selectedIds,
              onChange: (keys) => controller.setSelectedIds(keys.map(String)),
              getCheckboxProps: (record) => ({ disabled: !controller.canSelect(record) }),
              columnWidth: 48,
              checkStrictly: true,
            }
          : undefined
      }
      expandable={expandable}
      rowClassName={(record) => (activeId !== undefined && String(record.id) === activeId ? 'crud-row-active' : '')}
      onRow={onRowClick ? (record) => ({ onClick: () => onRowClick(record), className: 'crud-row-clickable' }) : undefined}
      pagination={isTree && controller.total <= controller.records.length ? false : paginationOf(controller, t)}
      className="crud-table"
      data-testid="crud-table"
    />
  );
}
