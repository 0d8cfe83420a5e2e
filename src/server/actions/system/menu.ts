/**
 * Menu administration beyond CRUD (platform-core §7 menu): placement rules
 * on submit, and the trees the role grant, tenant and department package
 * and top menu dialogs choose from, with the keys already chosen.
 */
import type { TreeNode } from '../../../shared/envelope.js';
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { defineHooks } from '../../engine/hooks.js';
import { localApi } from '../../engine/localApi.js';
import { buildForest } from '../../engine/operations/treeOperations.js';
import { scopedQuery } from '../../engine/scopedQuery.js';
import { badRequest } from '../../http/apiError.js';
import type { Language } from '../../http/apiError.js';
import { grantableMenus, type GrantableMenu } from '../../system/grantableMenus.js';
import { tenantPackageAllows } from '../../system/menuPackages.js';
import { idList } from './actionParams.js';

const MENU = 1;
const BUTTON = 2;

/**
 * Where a menu or button may sit: a button under a menu (never at the root),
 * nothing under a button, and a menu that has children stays a menu.
 * Checked on the saved row (defaults and the unchanged fields of an edit included); a refusal rolls it back.
 */
defineHooks('system/menu', {
  afterChange: async ({ ctx, tx, row }) => {
    const api = localApi(ctx, tx);
    const parentId = String(row.parentId ?? '0');
    const parent = parentId === '0' ? undefined : await api.findById('system/menu', parentId);
    if (parent?.category === BUTTON) throw badRequest('按钮下不能再添加菜单或按钮', 'Nothing can be placed under a button');
    if (Number(row.category) !== BUTTON) return;
    if (!parent) throw badRequest('按钮必须放在某个菜单下', 'A button must be placed under a menu');
    if (await api.exists('system/menu', { parentId: String(row.id) }))
      throw badRequest('有下级的菜单不能改为按钮', 'A menu that has children cannot become a button');
  },
});

/** A TreeNode of the grant trees, telling menus from buttons, and the paths shown only to hold the tree together. */
interface MenuNode extends Omit<TreeNode, 'children'> {
  category: number;
  isGrantable: boolean;
  children?: MenuNode[];
}

function titleOf(menu: { name: string; nameEn: string | null }, language: Language): string {
  return language === 'en' && menu.nameEn ? menu.nameEn : menu.name;
}

function menuForest(menus: GrantableMenu[], language: Language): MenuNode[] {
  const nodes = menus.map((menu) => ({
    id: menu.id,
    parentId: menu.parentId,
    title: titleOf(menu, language),
    key: menu.id,
    value: menu.id,
    category: menu.category,
    isGrantable: menu.isGrantable,
  }));
  return buildForest<MenuNode>(
    nodes,
    (n) => n.id,
    (n) => n.parentId,
  );
}

/** Data or API scopes of the grantable menus: one node per menu holding scopes, the scopes under it. */
async function scopeForest(
  ctx: ActionContext,
  register: 'system/dataScope' | 'system/apiScope',
  menus: GrantableMenu[],
  language: Language,
): Promise<TreeNode[]> {
  const grantable = menus.filter((menu) => menu.isGrantable);
  const scopes = (await localApi(ctx).find(register, { where: { menuId: grantable.map((menu) => menu.id) }, sort: ['scopeName asc', 'id asc'] })).map(
    (scope) => ({
      id: String(scope.id),
      menuId: String(scope.menuId),
      title: scope.scopeName,
    }),
  );
  return grantable
    .filter((menu) => scopes.some((scope) => scope.menuId === menu.id))
    .map((menu) => ({
      id: menu.id,
      parentId: '0',
      title: titleOf(menu, language),
      key: menu.id,
      value: menu.id,
      hasChildren: true,
      children: scopes
        .filter((scope) => scope.menuId === menu.id)
        .map((scope) => ({ id: scope.id, parentId: menu.id, title: scope.title, key: scope.id, value: scope.id })),
    }));
}

/** GET menu/grant-tree: menus, buttons and scopes the caller may grant. */
async function grantTree(ctx: ActionContext) {
  const menus = await grantableMenus(ctx.tx, ctx.caller);
  return {
    menu: menuForest(menus, ctx.language),
    dataScope: await scopeForest(ctx, 'system/dataScope', menus, ctx.language),
    apiScope: await scopeForest(ctx, 'system/apiScope', menus, ctx.language),
  };
}

/** GET menu/role-tree-keys?roleIds=: what those roles of the caller's tenant hold (menus within the tenant package). */
async function roleTreeKeys(ctx: ActionContext) {
  const roleIds = idList(ctx.query.roleIds, 'roleIds', 500);
  const menusQuery = scopedQuery(ctx);
  const [rm, r, m] = [await menusQuery.from('system/roleMenu', 'rm'), await menusQuery.from('system/role', 'r'), await menusQuery.from('system/menu', 'm')];
  const menus = await menusQuery.rows<{ id: string }>(
    `SELECT DISTINCT ${rm.col('menuId')}::text AS id FROM ${rm.table}
       JOIN ${r.table} ON ${r.col('id')} = ${rm.col('roleId')} AND ${r.scope}
       JOIN ${m.table} ON ${m.col('id')} = ${rm.col('menuId')} AND ${m.scope}
      WHERE ${rm.scope} AND ${rm.col('roleId')} = ANY(${menusQuery.param(roleIds)}::bigint[])
        AND ${tenantPackageAllows(m.col('id'), menusQuery.param(ctx.caller.tenantId))}`,
  );
  const scopes = async (category: 1 | 2, register: 'system/dataScope' | 'system/apiScope') => {
    const q = scopedQuery(ctx);
    const [rs, role, scope] = [await q.from('system/roleScope', 'rs'), await q.from('system/role', 'r'), await q.from(register, 's')];
    const rows = await q.rows<{ id: string }>(
      `SELECT DISTINCT ${rs.col('scopeId')}::text AS id FROM ${rs.table}
         JOIN ${role.table} ON ${role.col('id')} = ${rs.col('roleId')} AND ${role.scope}
         JOIN ${scope.table} ON ${scope.col('id')} = ${rs.col('scopeId')} AND ${scope.scope}
        WHERE ${rs.scope} AND ${rs.col('scopeCategory')} = ${q.param(category)} AND ${rs.col('roleId')} = ANY(${q.param(roleIds)}::bigint[])`,
    );
    return rows.map((row) => row.id);
  };
  return { menu: menus.map((row) => row.id), dataScope: await scopes(1, 'system/dataScope'), apiScope: await scopes(2, 'system/apiScope') };
}

/** GET menu/grant-top-tree: the menus (no buttons) the caller may group under top menus. */
async function grantTopTree(ctx: ActionContext) {
  const menus = (await grantableMenus(ctx.tx, ctx.caller)).filter((menu) => menu.category === MENU);
  return { menu: menuForest(menus, ctx.language) };
}

/** GET menu/top-tree-keys?topMenuIds=: the menus those top menus of the caller's tenant group. */
async function topTreeKeys(ctx: ActionContext) {
  const topMenuIds = idList(ctx.query.topMenuIds, 'topMenuIds', 500);
  const q = scopedQuery(ctx);
  const [s, t, m] = [await q.from('system/topMenuSetting', 's'), await q.from('system/topMenu', 't'), await q.from('system/menu', 'm')];
  const result = await q.rows<{ id: string }>(
    `SELECT DISTINCT ${s.col('menuId')}::text AS id FROM ${s.table}
       JOIN ${t.table} ON ${t.col('id')} = ${s.col('topMenuId')} AND ${t.scope}
       JOIN ${m.table} ON ${m.col('id')} = ${s.col('menuId')} AND ${m.scope}
      WHERE ${s.scope} AND ${s.col('topMenuId')} = ANY(${q.param(topMenuIds)}::bigint[])`,
  );
  return { menu: result.map((row) => row.id) };
}

defineActions('system/menu', { grantTree, roleTreeKeys, grantTopTree, topTreeKeys });
