/**
 * The menus of a tenant package (tenantPackage.menuId): menus and buttons
 * chosen in the menu grant tree, checking a menu checks what is under it;
 * the field keeps the chosen ids and the menus leading to them, joined by
 * commas, as the server stores them.
 */
import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import useSWR from 'swr';
import { splitIds } from '../../renderers/schemaFields';
import { fetchGrantTrees } from './grantApi';
import { checkedLeafKeys, grantedKeys, toGrantNodes } from './grantTreeLogic';

export interface MenuGrantTreeSelectProps {
  value?: string | null;
  onChange?: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
}

export function MenuGrantTreeSelect({ value, onChange, placeholder, disabled }: MenuGrantTreeSelectProps) {
  const { data } = useSWR('menu-grant-tree', fetchGrantTrees, { revalidateOnFocus: false });
  const tree = useMemo(() => toGrantNodes(data?.menu), [data]);
  const checked = useMemo(() => checkedLeafKeys(tree, splitIds(value)), [tree, value]);
  return (
    <TreeSelect
      treeData={tree}
      fieldNames={{ label: 'title', value: 'key', children: 'children' }}
      value={checked}
      treeCheckable
      showCheckedStrategy={TreeSelect.SHOW_ALL}
      treeNodeFilterProp="title"
      maxTagCount="responsive"
      allowClear
      disabled={disabled}
      placeholder={placeholder}
      listHeight={360}
      style={{ width: '100%' }}
      onChange={(keys: string[]) => onChange?.(grantedKeys(tree, keys).join(','))}
      data-testid="menu-grant-tree-select"
    />
  );
}

export default MenuGrantTreeSelect;
