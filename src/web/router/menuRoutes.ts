/**
 * The server's menu turned into navigation, as pure functions (platform-core
 * §2 "Server-driven menu routes", "Map routes", §6 roles):
 *
 * - `prepareMenus` sanitises the tree once for a user: deleted items skipped,
 *   meta roles applied, river_chief's renaming, the public-sentiment view
 *   chosen by role and region code. Everything else reads its result.
 * - `sideMenus` drops hideMenu aliases (their routes stay reachable).
 * - `buildMenuRoutes` gives the route descriptors (index child for a
 *   childless top-level item, iframe or new window for external paths) and
 *   `resolveMenuPath` answers what a path inside the layout shows.
 */
import type { MenuNode } from '../api/authApi';

export interface MenuMeta {
  /** The item shows only when the user has one of these roles (array or comma-separated). */
  roles?: string[] | string;
  i18n?: string;
  isTab?: boolean;
  keepAlive?: boolean;
  target?: boolean;
  menu?: boolean;
}

/** A menu record as the server may send it; the optional fields come from Saber's menu mapping. */
export type MenuItem = Omit<MenuNode, 'children'> & {
  meta?: MenuMeta | string | null;
  isDeleted?: number;
  query?: Record<string, string> | string | null;
  children?: MenuItem[];
};

export interface MenuContext {
  roles: string[];
  /** dept_region_code of the signed-in user; its length picks the map view. */
  regionCode?: string;
}

export const ROLE = { administrator: 'administrator', farmAdmin: 'farm_admin', subjectAdmin: 'subject_admin', riverChief: 'river_chief' } as const;

export const MAP_PATH = '/map';
export const MAP_PROVINCE_PATH = '/map/province';
export const MAP_COUNTY_PATH = '/map/county';
export const MAP_MONITOR_PATH = '/map/monitor';
export const IFRAME_PREFIX = '/myiframe';
const RECEIVED_EVENTS_PATH = '/event/received/index';

/** http(s) urls, and any path containing html, are external (platform-core §2). */
export function isExternalPath(path: string | null | undefined): boolean {
  if (!path) return false;
  return /^https?:\/\//i.test(path) || path.includes('html');
}

export function metaOf(item: Pick<MenuItem, 'meta'>): MenuMeta {
  const { meta } = item;
  if (!meta) return {};
  if (typeof meta === 'string') {
    try {
      const parsed = JSON.parse(meta) as unknown;
      return parsed && typeof parsed === 'object' ? (parsed as MenuMeta) : {};
    } catch {
      return {};
    }
  }
  return meta;
}

function rolesOf(meta: MenuMeta): string[] {
  const { roles } = meta;
  if (!roles) return [];
  return (Array.isArray(roles) ? roles : roles.split(',')).map((role) => role.trim()).filter(Boolean);
}

/** Items with meta roles show only when the user's roles include one of them (platform-core §6). */
export function isAllowedByMetaRoles(item: MenuItem, userRoles: string[]): boolean {
  const required = rolesOf(metaOf(item));
  return required.length === 0 || required.some((role) => userRoles.includes(role));
}

export function isDeleted(item: MenuItem): boolean {
  return item.isDeleted === 1;
}

export type MapView = 'province' | 'county';

/**
 * The public-sentiment view: province for administrator, or farm_admin whose
 * region code has 4 characters or fewer; county for subject_admin, or
 * farm_admin whose region code has 6 characters; none otherwise.
 */
export function publicSentimentView(context: MenuContext): MapView | undefined {
  const { roles } = context;
  const codeLength = (context.regionCode ?? '').length;
  const isFarmAdmin = roles.includes(ROLE.farmAdmin);
  if (roles.includes(ROLE.administrator)) return 'province';
  if (isFarmAdmin && codeLength > 0 && codeLength <= 4) return 'province';
  if (roles.includes(ROLE.subjectAdmin)) return 'county';
  if (isFarmAdmin && codeLength === 6) return 'county';
  return undefined;
}

export function isMapEntry(item: MenuItem): boolean {
  return item.path === MAP_PATH;
}

/** The public-sentiment child of the map entry: the province view in the server's menu (or its code says so). */
export function isPublicSentiment(item: MenuItem): boolean {
  return item.path === MAP_PROVINCE_PATH || /sentiment/i.test(item.code ?? '');
}

function findMapEntry(items: MenuItem[]): MenuItem | undefined {
  for (const item of items) {
    if (isMapEntry(item)) return item;
    const below = findMapEntry(item.children ?? []);
    if (below) return below;
  }
  return undefined;
}

function renameReceivedEvents(item: MenuItem, roles: string[]): MenuItem {
  if (!roles.includes(ROLE.riverChief) || item.path !== RECEIVED_EVENTS_PATH || item.name !== '待签收') return item;
  return { ...item, name: '问题台账', nameEn: 'Issue ledger' };
}

/**
 * The one sanitising step for a user: deleted items skipped, meta roles
 * applied, river_chief sees 待签收 as 问题台账, and the map entry's
 * public-sentiment child points at the view the user's role and region code
 * pick (dropped when neither view applies).
 */
export function prepareMenus(items: MenuItem[], context: MenuContext, parent?: MenuItem): MenuItem[] {
  const view = parent && isMapEntry(parent) ? publicSentimentView(context) : undefined;
  const prepared: MenuItem[] = [];
  for (const item of items) {
    if (isDeleted(item) || !isAllowedByMetaRoles(item, context.roles)) continue;
    let next = renameReceivedEvents(item, context.roles);
    if (parent && isMapEntry(parent) && isPublicSentiment(next)) {
      if (!view) continue;
      next = { ...next, path: view === 'province' ? MAP_PROVINCE_PATH : MAP_COUNTY_PATH };
    }
    const children = next.children ? prepareMenus(next.children, context, next) : undefined;
    prepared.push({ ...next, children: children?.length ? children : undefined });
  }
  return prepared;
}

/** What the side menu, the search and the workbench show: hideMenu aliases dropped. */
export function sideMenus(items: MenuItem[]): MenuItem[] {
  return items
    .filter((item) => item.alias !== 'hideMenu')
    .map((item) => {
      const children = item.children ? sideMenus(item.children) : undefined;
      return { ...item, children: children?.length ? children : undefined };
    });
}

export function flattenMenuItems(items: MenuItem[]): MenuItem[] {
  return items.flatMap((item) => [item, ...flattenMenuItems(item.children ?? [])]);
}

export function leafMenus(items: MenuItem[]): MenuItem[] {
  return flattenMenuItems(items).filter((item) => !item.children?.length);
}

export function firstLeaf(items: MenuItem[]): MenuItem | undefined {
  return leafMenus(items).find((item) => !!item.path);
}

export function menuLabel(item: Pick<MenuItem, 'name' | 'nameEn'>, language: string): string {
  return language === 'en' && item.nameEn ? item.nameEn : item.name;
}

/** The top autocomplete and the search overlay: leaf menus whose name starts with the query, ignoring case. */
export function searchLeafMenus(items: MenuItem[], query: string, language: string): MenuItem[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  return leafMenus(items).filter((item) => [menuLabel(item, language), item.name, item.nameEn ?? ''].some((name) => name.toLowerCase().startsWith(needle)));
}

/** The chain of items from a root down to the one whose path matches. */
export function menuTrail(items: MenuItem[], path: string): MenuItem[] {
  for (const item of items) {
    if (item.path === path) return [item];
    const below = menuTrail(item.children ?? [], path);
    if (below.length) return [item, ...below];
  }
  return [];
}

export type MenuRouteKind = 'page' | 'iframe' | 'window' | 'group';

export interface MenuRoute {
  /** The console path; an iframe route lives under /myiframe/<routerPath>. */
  path: string;
  kind: MenuRouteKind;
  menu: MenuItem;
  /** Saber's route name, `<name>,<id>`. */
  name: string;
  /** The external address of an iframe or window route. */
  url?: string;
  /** A childless top-level item gets one index child rendering the page itself. */
  index?: boolean;
  children?: MenuRoute[];
}

/** The segment an external item is reached by inside the console. */
export function iframeRouterPath(item: MenuItem): string {
  return encodeURIComponent(item.code || item.id);
}

function routeOf(item: MenuItem, isTop: boolean): MenuRoute | undefined {
  const name = `${item.name},${item.id}`;
  const children = (item.children ?? []).map((child) => routeOf(child, false)).filter((route): route is MenuRoute => !!route);
  if (isExternalPath(item.path)) {
    // Open type 2 opens a new window and needs no route; any other external item is embedded.
    if (item.isOpen === 2) return { path: item.path, kind: 'window', menu: item, name, url: item.path };
    return { path: `${IFRAME_PREFIX}/${iframeRouterPath(item)}`, kind: 'iframe', menu: item, name, url: item.path };
  }
  if (!item.path) return children.length ? { path: '', kind: 'group', menu: item, name, children } : undefined;
  // A list whose only children are its hidden detail / add / edit pages (巡查计划 → 新建, 详情) is a page itself.
  const hasOnlyHiddenChildren = (item.children ?? []).every((child) => child.alias === 'hideMenu');
  if (children.length) return { path: item.path, kind: hasOnlyHiddenChildren && !isTop ? 'page' : 'group', menu: item, name, children };
  if (isTop) return { path: item.path, kind: 'group', menu: item, name, children: [{ path: item.path, kind: 'page', menu: item, name, index: true }] };
  return { path: item.path, kind: 'page', menu: item, name };
}

/** Route descriptors for prepared menus (hideMenu items included: their pages stay reachable). */
export function buildMenuRoutes(items: MenuItem[]): MenuRoute[] {
  return items.map((item) => routeOf(item, true)).filter((route): route is MenuRoute => !!route);
}

/** Every reachable route (pages and iframes), by console path; the first one wins. */
export function routeTable(routes: MenuRoute[]): Map<string, MenuRoute> {
  const table = new Map<string, MenuRoute>();
  const visit = (route: MenuRoute) => {
    if ((route.kind === 'page' || route.kind === 'iframe') && !table.has(route.path)) table.set(route.path, route);
    route.children?.forEach(visit);
  };
  routes.forEach(visit);
  return table;
}

/** The map routes exist only when the menu holds the map entry: /map → /map/province, the sentiment view, the monitor. */
export function mapRoutes(items: MenuItem[]): { redirects: Record<string, string>; paths: string[] } {
  const entry = findMapEntry(items);
  if (!entry) return { redirects: {}, paths: [] };
  const children = entry.children ?? [];
  const sentiment = children.find((child) => child.path === MAP_PROVINCE_PATH || child.path === MAP_COUNTY_PATH);
  const monitor = children.find((child) => child.path === MAP_MONITOR_PATH);
  return {
    redirects: { [MAP_PATH]: MAP_PROVINCE_PATH },
    paths: [sentiment?.path, monitor?.path].filter((path): path is string => !!path),
  };
}

/**
 * The public-sentiment shortcut: only for administrator, farm_admin and
 * subject_admin, and only when the (prepared) menu holds the map entry with
 * its public-sentiment child. Returns where it leads.
 */
export function publicSentimentShortcut(items: MenuItem[], context: MenuContext): string | undefined {
  const mayUse = [ROLE.administrator, ROLE.farmAdmin, ROLE.subjectAdmin].some((role) => context.roles.includes(role));
  if (!mayUse) return undefined;
  const entry = findMapEntry(items);
  const child = entry?.children?.find((item) => item.alias !== 'hideMenu' && (item.path === MAP_PROVINCE_PATH || item.path === MAP_COUNTY_PATH));
  return child?.path;
}

export type MenuResolution =
  { kind: 'redirect'; to: string } | { kind: 'page'; route: MenuRoute } | { kind: 'iframe'; route: MenuRoute; url: string } | { kind: 'notFound' };

/** Replaces `${token}` in an external address with the access token (Saber's iframe rule). */
export function externalUrl(url: string, token: string | undefined): string {
  return url.replace(/\$\{token\}/g, token ?? '');
}

/** What a path inside the layout without a page of its own shows. */
export function resolveMenuPath(items: MenuItem[], pathname: string): MenuResolution {
  const { redirects } = mapRoutes(items);
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (redirects[path]) return { kind: 'redirect', to: redirects[path] };
  const route = routeTable(buildMenuRoutes(items)).get(path);
  if (!route) return { kind: 'notFound' };
  if (route.kind === 'iframe') return { kind: 'iframe', route, url: route.url ?? '' };
  return { kind: 'page', route };
}

/** How opening a menu item behaves: a route inside the console, or a new window. */
export function openTarget(item: MenuItem): { kind: 'route'; path: string } | { kind: 'window'; url: string } {
  if (isExternalPath(item.path)) {
    return item.isOpen === 2 ? { kind: 'window', url: item.path } : { kind: 'route', path: `${IFRAME_PREFIX}/${iframeRouterPath(item)}` };
  }
  // Internal pages of open type 2 (big screens, the monitoring map) open in a new window too.
  if (item.isOpen === 2) return { kind: 'window', url: item.path };
  return { kind: 'route', path: item.path };
}
