/**
 * Where a top menu lands and when it is highlighted. A top menu lands on its
 * first page that shows the side menu: landing on a full-width page (统计台账
 * under /statistics) left the top menu's side groups unreachable. A top menu
 * is highlighted only while the current page is one of its own; the home
 * item (工作台) only on the workbench.
 */
import { firstLeaf, flattenMenuItems, leafMenus, type MenuItem } from '../router/menuRoutes';
import { hidesSideMenu } from './screen';
import { HOME_TOP_MENU_ID } from './topMenuLayout';

/** The first leaf page that keeps the side menu in sight, else the first leaf at all. */
export function landingMenu(sideMenus: MenuItem[]): MenuItem | undefined {
  return leafMenus(sideMenus).find((item) => !!item.path && !hidesSideMenu(item.path)) ?? firstLeaf(sideMenus);
}

export interface HighlightInput {
  /** The top menu chosen (whose side menus are loaded). */
  activeId: string;
  pathname: string;
  homePath: string;
  /** The side menus of the chosen top menu, hidden pages included. */
  menus: MenuItem[];
}

/** The top menu to highlight for the current page, or none. */
export function highlightedTopMenu({ activeId, pathname, homePath, menus }: HighlightInput): string | undefined {
  if (activeId === HOME_TOP_MENU_ID) return pathname === homePath ? HOME_TOP_MENU_ID : undefined;
  return flattenMenuItems(menus).some((item) => item.path === pathname) ? activeId : undefined;
}
