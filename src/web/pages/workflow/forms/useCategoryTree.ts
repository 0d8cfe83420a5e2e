/** The tenant's flow category tree (form list, deployment list and their dialogs); asked for again when a page opens. */
import useSWR from 'swr';
import type { TreeNode } from '../../../../shared/envelope';
import { fetchCategoryTree } from './formsApi';

const NONE: TreeNode[] = [];

export function useCategoryTree(): TreeNode[] {
  const { data } = useSWR('flow-category-tree', fetchCategoryTree, { revalidateOnFocus: false });
  return data ?? NONE;
}
