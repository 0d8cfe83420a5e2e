/**
 * A picker of the tenant's flow categories (flow/category tree), shared by the form designer, the change-category
 * dialog and the upload dialog of the deployment page.
 */
import { TreeSelect } from 'antd';
import type { TreeNode } from '../../../../shared/envelope';

export interface CategoryTreeSelectProps {
  tree: TreeNode[];
  value?: string;
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
  testId?: string;
}

export function CategoryTreeSelect({ tree, value, onChange, placeholder, testId = 'category-select' }: CategoryTreeSelectProps) {
  return (
    <TreeSelect
      allowClear
      showSearch
      treeDefaultExpandAll
      treeNodeFilterProp="title"
      style={{ width: '100%' }}
      placeholder={placeholder}
      treeData={tree}
      fieldNames={{ label: 'title', value: 'id', children: 'children' }}
      value={value}
      onChange={(next: string | undefined) => onChange?.(next ?? undefined)}
      data-testid={testId}
    />
  );
}
