/**
 * Menus and buttons only the platform tenant's roles are granted: the pages
 * of registers whose list only the platform administrator may read (tenants,
 * tenant packages, API clients, the code generator) with their buttons and
 * hidden pages, a parent left with nothing else (开发工具), and the write
 * buttons of platform-wide registers (menus, regions, app versions), and
 * the self-check page. A
 * tenant's administrator would only be refused there.
 */
import { entityModels } from '../engine/entityRegistry.js';
import type { EntityModel } from '../engine/entityModel.js';
import type { FlatMenu } from './menuGrants.js';

/** Hand-written pages only the platform administrator may use (their routes say so): the self-check shows server versions. */
const PLATFORM_PAGES = ['self_check'];

/** Pages whose list only the platform may read, and buttons only the platform may use (writes of platform-wide registers). */
function platformCodes(models: EntityModel[]): Set<string> {
  const codes = new Set<string>(PLATFORM_PAGES);
  for (const model of models) {
    if (model.menuCode && model.bindings.some((b) => b.op === 'list' && b.isPlatformOnly)) codes.add(model.menuCode);
    if (model.scope === 'platform')
      for (const action of ['add', 'edit', 'delete'] as const) if (model.permissions[action]) codes.add(model.permissions[action]!);
    for (const binding of model.bindings) if (binding.isPlatformOnly && binding.button) codes.add(binding.button);
  }
  return codes;
}

export function platformOnlyMenuCodes(flat: FlatMenu[], models: EntityModel[] = entityModels()): Set<string> {
  const codes = platformCodes(models);
  // Everything below a platform menu (parents come before children in the flat list).
  for (const menu of flat) if (menu.parentCode && codes.has(menu.parentCode)) codes.add(menu.code);
  // A parent whose every child is a platform menu is one too (children first: walk the list backwards).
  for (const menu of [...flat].reverse()) {
    const children = flat.filter((child) => child.parentCode === menu.code);
    if (children.length > 0 && children.every((child) => codes.has(child.code))) codes.add(menu.code);
  }
  return codes;
}
