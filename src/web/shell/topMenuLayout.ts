/**
 * The top-menu strip (platform-core §2, §9): a home item labelled workbench
 * first (not for the three special tenants), then the server's top menus.
 * Two layouts: paged (150 px items, three per page, arrows) and overflow
 * (170 px items, 182 px reserved, the rest in a "more" dropdown).
 */
export const TOP_MENU_PAGE_SIZE = 3;
export const TOP_MENU_PAGED_ITEM_WIDTH = 150;
export const TOP_MENU_OVERFLOW_ITEM_WIDTH = 170;
export const TOP_MENU_OVERFLOW_RESERVED = 182;
export const HOME_TOP_MENU_ID = 'home';

export interface TopMenu {
  id: string;
  code?: string;
  name: string;
  nameEn?: string | null;
  source?: string | null;
  path?: string | null;
  sort?: number;
}

export function topMenuItems(serverMenus: TopMenu[], hasHomeItem: boolean): TopMenu[] {
  const home: TopMenu = { id: HOME_TOP_MENU_ID, code: HOME_TOP_MENU_ID, name: '工作台', nameEn: 'Workbench', source: 'HomeOutlined' };
  return hasHomeItem ? [home, ...serverMenus] : [...serverMenus];
}

export interface PagedStrip<T> {
  visible: T[];
  page: number;
  pageCount: number;
  hasPrevious: boolean;
  hasNext: boolean;
}

export function pagedStrip<T>(items: T[], page: number): PagedStrip<T> {
  const pageCount = Math.max(1, Math.ceil(items.length / TOP_MENU_PAGE_SIZE));
  const current = Math.min(Math.max(0, page), pageCount - 1);
  return {
    visible: items.slice(current * TOP_MENU_PAGE_SIZE, (current + 1) * TOP_MENU_PAGE_SIZE),
    page: current,
    pageCount,
    hasPrevious: current > 0,
    hasNext: current < pageCount - 1,
  };
}

/** How many items the overflow layout shows: (width − 182) / 170, rounded down. */
export function overflowCount(width: number): number {
  return Math.max(0, Math.floor((width - TOP_MENU_OVERFLOW_RESERVED) / TOP_MENU_OVERFLOW_ITEM_WIDTH));
}

export function overflowStrip<T>(items: T[], width: number): { visible: T[]; more: T[] } {
  const count = overflowCount(width);
  if (items.length <= count) return { visible: items, more: [] };
  return { visible: items.slice(0, count), more: items.slice(count) };
}

/** The page that holds an item, so the active top menu is on screen. */
export function pageOf(index: number): number {
  return index < 0 ? 0 : Math.floor(index / TOP_MENU_PAGE_SIZE);
}

export const TOP_MENU_ARROW_WIDTH = 28;
/** One page of the paged strip with both arrows. */
export const TOP_MENU_PAGED_WIDTH = TOP_MENU_PAGE_SIZE * TOP_MENU_PAGED_ITEM_WIDTH + 2 * TOP_MENU_ARROW_WIDTH;

/** Paged when a whole page (three items and the arrows) fits the strip, otherwise overflow into "more". */
export function stripMode(width: number): 'paged' | 'overflow' {
  return width >= TOP_MENU_PAGED_WIDTH ? 'paged' : 'overflow';
}
