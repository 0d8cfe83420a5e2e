/**
 * The tree beside a list (x-page filterTree), e.g. departments beside users:
 * the other register's whole tree through its tree binding, searchable by
 * name; choosing a node filters the list, choosing it again shows all rows.
 */
import { SearchOutlined } from '@ant-design/icons';
import { Empty, Input, Spin, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { TreeNode } from '../../shared/envelope';
import { fetchReferenceTree } from './entityApi';
import { entityTitle, inlineLabel, type Language } from './schemaFields';
import { filterTreeNodes } from './treeLogic';
import { useClientSchema } from './useClientSchema';

export interface FilterTreePanelProps {
  schemaId: string;
  selectedId: string | undefined;
  onSelect: (id: string | undefined) => void;
}

export function FilterTreePanel({ schemaId, selectedId, onSelect }: FilterTreePanelProps) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'zh';
  const { schema } = useClientSchema(schemaId);
  const { data, isLoading } = useSWR(['filter-tree', schemaId], () => fetchReferenceTree(schemaId), { revalidateOnFocus: false });
  const [needle, setNeedle] = useState('');
  const nodes = useMemo(() => filterTreeNodes(data ?? [], needle), [data, needle]);
  const title = schema ? inlineLabel(entityTitle(schema, language), language) : '';

  return (
    <aside className="filter-tree" data-testid="filter-tree">
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('renderers.filterTree.search', { title })}
        value={needle}
        onChange={(event) => setNeedle(event.target.value)}
      />
      {isLoading ? (
        <Spin className="filter-tree-loading" />
      ) : nodes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('renderers.filterTree.empty')} />
      ) : (
        <Tree<TreeNode>
          key={needle === '' ? 'all' : 'filtered'}
          blockNode
          // Virtual scrolling: a register like the regions has thousands of nodes.
          height={640}
          defaultExpandAll={needle !== ''}
          defaultExpandedKeys={nodes.map((node) => node.key)}
          treeData={nodes}
          fieldNames={{ title: 'title', key: 'key', children: 'children' }}
          selectedKeys={selectedId ? [selectedId] : []}
          onSelect={(keys) => onSelect(keys.length > 0 ? String(keys[0]) : undefined)}
        />
      )}
    </aside>
  );
}
