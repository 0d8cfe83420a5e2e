/**
 * The parents of a tree page drawn as a tree (the dictionary tree view): each
 * parent on the page is a branch whose entries load when it is opened;
 * choosing a branch or one of its entries selects the parent, whose entries
 * are then edited in the panel beside. Paged and searched like the table.
 */
import { Pagination, Tree, type TreeDataNode } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClientSchema } from '../../shared/clientSchema';
import { paginationOf } from './CrudTable';
import { bindingOf, fetchRecords, type EntityRecord } from './entityApi';
import type { Language } from './schemaFields';
import type { CrudController } from './useCrudController';

/** A record's title in the language: the English field beside the title field when there is one and it is filled. */
function titleOf(schema: ClientSchema, record: EntityRecord, language: Language): string {
  const field = schema['x-tree']?.titleField ?? 'name';
  const english = record[`${field}En`];
  return String(language === 'en' && typeof english === 'string' && english ? english : (record[field] ?? record.id));
}

function branchOf(schema: ClientSchema, record: EntityRecord, language: Language): TreeDataNode {
  const code = typeof record.code === 'string' ? record.code : '';
  return {
    key: String(record.id),
    title: (
      <span data-testid="parent-tree-node">
        {titleOf(schema, record, language)} {code && <span className="parent-tree-code">{code}</span>}
      </span>
    ),
    isLeaf: false,
  };
}

export interface ParentTreeProps {
  schema: ClientSchema;
  controller: CrudController;
  childBinding: string;
  selectedId?: string;
  onSelect: (parentId: string) => void;
}

export function ParentTree({ schema, controller, childBinding, selectedId, onSelect }: ParentTreeProps) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'zh';
  const parentField = schema['x-tree']?.parentField ?? 'parentId';
  // Entries loaded per parent (the page remounts this tree when it lists other parents).
  const [entries, setEntries] = useState<Record<string, EntityRecord[]>>({});

  const loadEntries = async (parentId: string) => {
    const binding = bindingOf(schema, childBinding, 'tree');
    if (!binding || entries[parentId]) return;
    const loaded = await fetchRecords(binding, { [parentField]: parentId });
    setEntries((current) => ({ ...current, [parentId]: loaded }));
  };

  const treeData = controller.records.map((record) => {
    const branch = branchOf(schema, record, language);
    const loaded = entries[String(record.id)];
    if (!loaded) return branch;
    const children = loaded.map((entry) => ({ key: `${record.id}/${entry.id}`, title: titleOf(schema, entry, language), isLeaf: true }));
    return { ...branch, children, isLeaf: children.length === 0 };
  });

  return (
    <div className="parent-tree" data-testid="parent-tree">
      <Tree
        showLine
        blockNode
        treeData={treeData}
        selectedKeys={selectedId ? [selectedId] : []}
        loadData={(node) => loadEntries(String(node.key))}
        onSelect={(keys) => {
          const key = keys[0];
          if (key !== undefined) onSelect(String(key).split('/')[0]);
        }}
      />
      <Pagination className="parent-tree-pager" size="small" {...paginationOf(controller, t)} />
    </div>
  );
}
