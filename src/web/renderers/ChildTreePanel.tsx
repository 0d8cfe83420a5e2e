/**
 * The children of a tree page's selected parent: a tree table of the child
 * binding's records with view / edit / delete / add-child by permission, and
 * an add button for a new entry directly under the parent.
 */
import { PlusOutlined, ReloadOutlined, SubnodeOutlined } from '@ant-design/icons';
import { Button, Empty, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClientSchema } from '../../shared/clientSchema';
import { entryLabel } from '../../shared/dictionaryLabel';
import type { CrudPermissions } from './crudLogic';
import { actionsColumn, useListColumns, useRowActions, type RowAction } from './CrudTable';
import type { EntityRecord } from './entityApi';
import { entityTitle, listFields, type Language } from './schemaFields';
import { childFixedValues, expandableIds, flattenTree } from './treeLogic';
import { labelReferenceKeys } from './cellText';
import { useReferenceLabels, type Dictionaries, type ReferenceLabels } from './useDictionaries';
import type { TreeChildren } from './useTreeChildren';

export interface ChildTreePanelProps {
  schema: ClientSchema;
  parent: EntityRecord;
  children: TreeChildren;
  permissions: CrudPermissions;
  /** The buttons for one row (a sealed entry loses edit and delete). */
  rowPermissions: (record: EntityRecord) => CrudPermissions;
  dictionaries: Dictionaries;
  references: ReferenceLabels;
  isCompact?: boolean;
}

/** The parent's title; in English its English twin (`<titleField>En`, a dictionary's dictValueEn) when it has one. */
function parentTitle(parent: EntityRecord, titleField: string, language: Language): string {
  const english = parent[`${titleField}En`];
  return entryLabel({ dictValue: String(parent[titleField] ?? ''), dictValueEn: typeof english === 'string' ? english : null }, language);
}

export function ChildTreePanel({ schema, parent, children, permissions, rowPermissions, dictionaries, references, isCompact = false }: ChildTreePanelProps) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'zh';
  const { editor } = children;
  const [collapsed, setCollapsed] = useState<string[]>([]);
  const titleField = schema['x-tree']?.titleField ?? 'id';
  const fields = listFields(schema);
  // The parents' labels, and those the children need that their rows do not carry.
  const childReferences = useReferenceLabels(labelReferenceKeys(fields, children.isLoading ? undefined : children.records));
  const columns = useListColumns(fields, dictionaries, { ...references, ...childReferences });
  const addChild = (record: EntityRecord): RowAction[] =>
    permissions.canAdd
      ? [
          {
            key: 'add-child',
            label: t('renderers.addChild'),
            icon: <SubnodeOutlined />,
            onClick: () => editor.openDialog('add', undefined, childFixedValues(schema, record)),
          },
        ]
      : [];
  const rowActions = useRowActions({ rowPermissions, editor, extra: addChild });
  const actions = actionsColumn({ title: t('renderers.actions'), more: t('renderers.more') }, rowActions, flattenTree(children.records), isCompact);
  if (actions) columns.push(actions);

  return (
    <div data-testid="tree-children">
      <h3 className="crud-title">
        <span>{t('renderers.tree.children', { title: entityTitle(schema, language), name: parentTitle(parent, titleField, language) })}</span>
      </h3>
      <div className="crud-toolbar">
        <Space>
          {permissions.canAdd && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => editor.openDialog('add', undefined, childFixedValues(schema, parent))}
              data-testid="tree-child-add"
            >
              {t('renderers.add')}
            </Button>
          )}
        </Space>
        <Button shape="circle" icon={<ReloadOutlined />} onClick={() => void children.reload()} aria-label={t('renderers.refresh')} />
      </div>
      <Table<EntityRecord>
        key={String(parent.id)}
        rowKey={(record) => String(record.id)}
        size={isCompact ? 'small' : 'middle'}
        bordered
        columns={columns}
        dataSource={children.records}
        loading={children.isLoading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={{
          // Everything starts expanded; a row the user folds stays folded.
          expandedRowKeys: expandableIds(children.records).filter((id) => !collapsed.includes(id)),
          onExpand: (isExpanded, record) => setCollapsed((old) => (isExpanded ? old.filter((id) => id !== String(record.id)) : [...old, String(record.id)])),
          indentSize: 18,
        }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('renderers.tree.noChildren')} /> }}
        data-testid="tree-children-table"
      />
    </div>
  );
}
