/**
 * The navigation guard of platform-core §2 as a pure function (Saber's
 * permission.js, blade-contract §7.3). For each navigation:
 *
 * 1. the menu flag comes from route meta, else the query;
 * 2. signed in and locked → the lock page;
 * 3. no token → log out and go to /login (routes with meta isAuth false stay open);
 * 4. otherwise an opened-page tab is added, unless meta isTab is false or the
 *    path or name is empty; a query target opens a new window instead.
 */

export interface RouteMeta {
  /** false: open without signing in. */
  isAuth?: boolean;
  /** false: no tab for this page. */
  isTab?: boolean;
  /** false hides the top and side menus (content only). */
  menu?: boolean;
  /** true: the page opens `query.url` in a new window instead of navigating. */
  target?: boolean;
  /** Translation key of the page title. */
  i18n?: string;
  keepAlive?: boolean;
}

export interface GuardRoute {
  pathname: string;
  search: string;
  /** The page title (menu name or translated meta.i18n); empty means "no tab". */
  name: string;
  meta: RouteMeta;
}

export interface GuardSession {
  isSignedIn: boolean;
  isLocked: boolean;
}

export interface TabRequest {
  path: string;
  search: string;
  label: string;
  i18n?: string;
  query: Record<string, string>;
  meta: RouteMeta;
}

export type GuardDecision =
  | { kind: 'redirect'; to: string; isMenu: boolean; logout: boolean }
  | { kind: 'openWindow'; url: string; isMenu: boolean }
  | { kind: 'allow'; isMenu: boolean; tab?: TabRequest };

export const LOCK_PAGE = '/lock';
export const LOGIN_PAGE = '/login';

export function queryOf(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search.startsWith('?') ? search.slice(1) : search));
}

/** Step 1: menus show unless the route meta (or, without it, the query) says menu=false. */
export function menuFlag(meta: RouteMeta, query: Record<string, string>): boolean {
  const flag: unknown = meta.menu ?? query.menu;
  return flag === undefined || flag === true || flag === 'true';
}

export function runGuard(route: GuardRoute, session: GuardSession): GuardDecision {
  const query = queryOf(route.search);
  const isMenu = menuFlag(route.meta, query);

  if (session.isSignedIn && session.isLocked && route.pathname !== LOCK_PAGE) {
    return { kind: 'redirect', to: LOCK_PAGE, isMenu, logout: false };
  }
  if (!session.isSignedIn) {
    if (route.meta.isAuth === false) return { kind: 'allow', isMenu };
    return { kind: 'redirect', to: LOGIN_PAGE, isMenu, logout: true };
  }
  if (route.meta.target || query.target) {
    const url = query.url ?? route.pathname;
    return { kind: 'openWindow', url: url.replace(/#/g, '&'), isMenu };
  }
  if (route.meta.isTab === false || !route.pathname || !route.name) return { kind: 'allow', isMenu };
  return {
    kind: 'allow',
    isMenu,
    tab: { path: route.pathname, search: route.search, label: route.name, i18n: route.meta.i18n, query, meta: route.meta },
  };
}

/**
 * Per-route scroll positions (restored when a route is shown again, top
 * otherwise). Kept apart from the DOM so the rule is testable.
 */
export class ScrollMemory {
  private readonly positions = new Map<string, number>();

  save(path: string, top: number): void {
    this.positions.set(path, Math.max(0, Math.round(top)));
  }

  restore(path: string): number {
    return this.positions.get(path) ?? 0;
  }

  forget(path: string): void {
    this.positions.delete(path);
  }
}
