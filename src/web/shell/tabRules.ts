/**
 * The opened-page tabs (platform-core §2 "Tab bar"), as pure functions over
 * a list: one tab per path; the last tab cannot be closed (so neither can a
 * lone welcome tab); close others keeps the current and the home tab; close
 * all goes back to the home tab alone.
 */
import type { RouteMeta } from '../router/guard';

export interface Tab {
  /** Path without the query; tabs are keyed by it. */
  path: string;
  /** The query the tab was last opened with ('' or '?a=1'). */
  search: string;
  /** Title when opened (menu name or translation); the bar relabels by menu and i18n on language change. */
  label: string;
  i18n?: string;
  query?: Record<string, string>;
  meta?: RouteMeta;
}

export function tabUrl(tab: Pick<Tab, 'path' | 'search'>): string {
  return `${tab.path}${tab.search}`;
}

/** Opens (or refreshes) the tab of a path; a new one goes to the end. */
export function openTab(tabs: Tab[], tab: Tab): Tab[] {
  const index = tabs.findIndex((item) => item.path === tab.path);
  if (index === -1) return [...tabs, tab];
  return tabs.map((item, i) => (i === index ? { ...item, ...tab } : item));
}

export function isClosable(tabs: Tab[]): boolean {
  return tabs.length > 1;
}

/**
 * Closes a tab. When it was the active one, `next` is the tab to show:
 * its left neighbour, else the new first.
 */
export function closeTab(tabs: Tab[], path: string, activePath: string): { tabs: Tab[]; next?: Tab } {
  const index = tabs.findIndex((item) => item.path === path);
  if (index === -1 || !isClosable(tabs)) return { tabs };
  const remaining = tabs.filter((item) => item.path !== path);
  if (path !== activePath) return { tabs: remaining };
  return { tabs: remaining, next: remaining[Math.max(0, index - 1)] };
}

/** Keeps the home tab and the active one. */
export function closeOtherTabs(tabs: Tab[], activePath: string, home: Tab): Tab[] {
  const kept = tabs.filter((item) => item.path === activePath || item.path === home.path);
  if (!kept.some((item) => item.path === home.path)) kept.unshift(home);
  return kept;
}

/** Back to the home tab alone. */
export function closeAllTabs(tabs: Tab[], home: Tab): Tab[] {
  return [tabs.find((item) => item.path === home.path) ?? home];
}

/** A session starts with the home tab. */
export function initialTabs(stored: Tab[] | undefined, home: Tab): Tab[] {
  const valid = (stored ?? []).filter((item) => item && typeof item.path === 'string' && item.path.startsWith('/'));
  return valid.length ? valid : [home];
}
