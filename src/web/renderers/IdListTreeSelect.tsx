/**
 * A reference field holding several ids joined by commas (SpringBlade's
 * roleId "1,2", deptId …): chosen several at a time in the referenced
 * register's tree, kept in the form as the comma-joined string the server
 * stores.
 */
import { TreeSelect, type TreeSelectProps } from 'antd';
import { joinIds, splitIds } from './schemaFields';

export interface IdListTreeSelectProps extends Omit<TreeSelectProps, 'value' | 'onChange' | 'multiple'> {
  value?: string | null;
  onChange?: (value: string) => void;
}

export function IdListTreeSelect({ value, onChange, ...rest }: IdListTreeSelectProps) {
  return (
    <TreeSelect
      {...rest}
      multiple
      treeNodeFilterProp="title"
      maxTagCount="responsive"
      value={splitIds(value)}
      onChange={(ids: string[]) => onChange?.(joinIds(ids))}
    />
  );
}
