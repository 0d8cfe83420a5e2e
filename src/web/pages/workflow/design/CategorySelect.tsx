/** The tenant's process categories as a tree picker (flow/category tree), by id. */
import { TreeSelect } from 'antd';
import { useCategoryTree } from './useDesignChoices';

export interface CategorySelectProps {
  value?: string;
  onChange?: (categoryId: string | undefined) => void;
  placeholder?: string;
  testId?: string;
}

export function CategorySelect({ value, onChange, placeholder, testId }: CategorySelectProps) {
  const categories = useCategoryTree();
  return (
    <TreeSelect
      value={value || undefined}
      treeData={categories}
      fieldNames={{ label: 'title', value: 'id', children: 'children' }}
      placeholder={placeholder}
      allowClear
      treeDefaultExpandAll
      onChange={(categoryId?: string) => onChange?.(categoryId)}
      data-testid={testId}
    />
  );
}
