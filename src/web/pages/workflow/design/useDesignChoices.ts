/**
 * The lists the designer's pickers offer, each loaded once per page (SWR: not again on focus) and shared by
 * every panel that shows it. A list the user may not read (a missing menu) is simply empty.
 */
import useSWR from 'swr';
import type { TreeNode } from '../../../../shared/envelope';
import {
  fetchButtons,
  fetchCategoryTree,
  fetchConditions,
  fetchDeptTree,
  fetchForms,
  fetchRoleTree,
  fetchTenants,
  fetchUserOptions,
  type ButtonChoice,
  type ConditionChoice,
  type FormChoice,
  type TenantChoice,
} from './designApi';

const LOAD_ONCE = { revalidateOnFocus: false, revalidateIfStale: false, shouldRetryOnError: false };

function useChoice<T>(key: string, load: () => Promise<T>, isWanted = true): T | undefined {
  return useSWR<T>(isWanted ? ['workflowDesign', key] : null, load, LOAD_ONCE).data;
}

export const useCategoryTree = (): TreeNode[] => useChoice('categories', fetchCategoryTree) ?? [];
export const useForms = (): FormChoice[] => useChoice('forms', fetchForms) ?? [];
export const useTaskButtons = (): ButtonChoice[] => useChoice('buttons', fetchButtons) ?? [];
export const useConditions = (): ConditionChoice[] => useChoice('conditions', fetchConditions) ?? [];
export const useRoleTree = (): TreeNode[] => useChoice('roles', fetchRoleTree) ?? [];
export const useDeptTree = (): TreeNode[] => useChoice('depts', fetchDeptTree) ?? [];
export const useUserOptions = (): TreeNode[] => useChoice('users', fetchUserOptions) ?? [];
export const useTenants = (isWanted: boolean): TenantChoice[] => useChoice('tenants', fetchTenants, isWanted) ?? [];
