/** Pure helpers over the server's menu tree (no React). */
import type { MenuNode } from '../api/authApi';

export function isExternal(path: string): boolean {
  return /^https?:\/\//.test(path) || path.includes('html');
}

/** Menus the side menu shows: deleted are not sent by the server; hideMenu aliases are dropped. */
export function visibleMenus(nodes: MenuNode[]): MenuNode[] {
  return nodes
    .filter((node) => node.alias !== 'hideMenu')
    .map((node) => ({ ...node, children: node.children ? visibleMenus(node.children) : undefined }));
}

export function flattenMenus(nodes: MenuNode[]): MenuNode[] {
  return nodes.flatMap((node) => [node, ...flattenMenus(node.children ?? [])]);
}

/** The chain of menus from a root down to the one whose path matches. */
export function menuTrail(nodes: MenuNode[], path: string): MenuNode[] {
  for (const node of nodes) {
    if (node.path === path) return [node];
    const below = menuTrail(node.children ?? [], path);
    if (below.length) return [node, ...below];
  }
  return [];
}

/** The side menu is hidden (content full width) on these pages (platform-core §2). */
export function hidesSideMenu(path: string): boolean {
  return ['/wel', '/statistics', '/message', '/one-picture'].some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

export function menuLabel(node: MenuNode, language: string): string {
  return language === 'en' && node.nameEn ? node.nameEn : node.name;
}

/** river_chief sees 待签收 as 问题台账 (platform-core §6). */
export function renameForRole(nodes: MenuNode[], roles: string[]): MenuNode[] {
  if (!roles.includes('river_chief')) return nodes;
  return nodes.map((node) => ({
    ...node,
    name: node.path === '/event/received/index' && node.name === '待签收' ? '问题台账' : node.name,
    nameEn: node.path === '/event/received/index' && node.name === '待签收' ? 'Issue ledger' : node.nameEn,
    children: node.children ? renameForRole(node.children, roles) : undefined,
  }));
}
