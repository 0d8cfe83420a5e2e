/**
 * The calls of the grant dialogs (platform-core §7 menu, role, topmenu):
 * the trees a caller may grant from, what roles and top menus hold now, and
 * the top menus of the tenant. The saves go through the action binding the
 * dialog was opened from.
 */
import type { Envelope, Page, TreeNode } from '../../../shared/envelope';
import { request } from '../../api/http';

export interface GrantTrees {
  menu: TreeNode[];
  dataScope: TreeNode[];
  apiScope: TreeNode[];
}

export interface RoleGrantKeys {
  menuIds: string[];
  dataScopeIds: string[];
  apiScopeIds: string[];
  topMenuIds: string[];
}

export interface TopMenuRow {
  id: string;
  name: string;
  nameEn?: string | null;
}

async function get<T>(url: string, params?: Record<string, string | number>): Promise<T> {
  return (await request<Envelope<T>>({ url, params })).data.data;
}

/** GET menu/grant-tree: menus and buttons, data scopes and API scopes the caller may grant. */
export const fetchGrantTrees = () => get<GrantTrees>('/blade-system/menu/grant-tree');

/** GET role/grant-keys?roleId=: what one role holds now. */
export const fetchRoleGrantKeys = (roleId: string) => get<RoleGrantKeys>('/blade-system/role/grant-keys', { roleId });

/** GET menu/grant-top-tree: the menus (no buttons) top menus may group. */
export const fetchTopGrantTree = () => get<{ menu: TreeNode[] }>('/blade-system/menu/grant-top-tree');

/** GET menu/top-tree-keys?topMenuIds=: the menus those top menus group now. */
export const fetchTopTreeKeys = (topMenuIds: readonly string[]) =>
  get<{ menu: string[] }>('/blade-system/menu/top-tree-keys', { topMenuIds: topMenuIds.join(',') });

/** GET topmenu/list: the tenant's top menus (a tenant has a handful). */
export async function fetchTopMenus(): Promise<TopMenuRow[]> {
  return (await get<Page<TopMenuRow>>('/blade-system/topmenu/list', { current: 1, size: 200 })).records;
}

/** Posts a grant's JSON body to the binding's endpoint. */
export async function postGrant(url: string, body: Record<string, unknown>): Promise<void> {
  await request<Envelope<unknown>>({ url, method: 'POST', data: body });
}
