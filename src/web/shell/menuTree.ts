/** Menu helpers other screens use (the workbench); the rules live in router/menuRoutes. */
import type { MenuNode } from '../api/authApi';
import { flattenMenuItems, isExternalPath, menuLabel as labelOf, sideMenus, type MenuItem } from '../router/menuRoutes';

export const isExternal = isExternalPath;

/** Menus the side menu shows: deleted skipped, hideMenu aliases dropped. */
export function visibleMenus(nodes: MenuNode[]): MenuNode[] {
  return sideMenus((nodes as MenuItem[]).filter((node) => node.isDeleted !== 1)) as MenuNode[];
}

export function flattenMenus(nodes: MenuNode[]): MenuNode[] {
  return flattenMenuItems(nodes as MenuItem[]) as MenuNode[];
}

export function menuLabel(node: Pick<MenuNode, 'name' | 'nameEn'>, language: string): string {
  return labelOf(node, language);
}

export { hidesSideMenu } from './screen';
