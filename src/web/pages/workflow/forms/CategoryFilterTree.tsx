/**
 * The category tree left of a workflow list: 全部 (all) above the tenant's flow categories; choosing one filters the
 * list by categoryId.
 */
import { Tree } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TreeNode } from '../../../../shared/envelope';

const ALL = '__all';

interface ShownNode {
  key: string;
  title: string;
  children?: ShownNode[];
}

function shown(nodes: TreeNode[]): ShownNode[] {
  return nodes.map((node) => ({ key: node.id, title: node.title, children: node.children?.length ? shown(node.children) : undefined }));
}

export function CategoryFilterTree({ tree, value, onChange }: { tree: TreeNode[]; value?: string; onChange: (categoryId: string | undefined) => void }) {
  const { t } = useTranslation();
  const data: ShownNode[] = [{ key: ALL, title: t('workflowForms.allCategories'), children: shown(tree) }];
  return (
    <div className="wf-category-tree" data-testid="category-filter">
      <Tree
        // Expanded once the categories have come (defaultExpandAll applies when the tree is made).
        key={tree.length}
        blockNode
        defaultExpandAll
        treeData={data}
        selectedKeys={[value ?? ALL]}
        onSelect={(keys) => {
          const key = keys[0] as string | undefined;
          onChange(!key || key === ALL ? undefined : key);
        }}
      />
    </div>
  );
}
