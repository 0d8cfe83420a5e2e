/**
 * Menu administration beyond CRUD (platform-core §7 menu): placement rules
 * on submit, and the trees the role grant, tenant and department package
 * and top menu dialogs choose from, with the keys already chosen.
 */
import type { TreeNode } from '../../../shared/envelope.js';
import type { DbClient, Queryable } from '../../db/pool.js';
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { buildForest } from '../../engine/operations/treeOperations.js';
import { insertRow, updateRow } from '../../engine/operations/writeOperations.js';
import { badRequest } from '../../http/apiError.js';
import type { Language } from '../../http/apiError.js';
import { grantableMenus, type GrantableMenu } from '../../system/grantableMenus.js';
import { tenantPackageAllows } from '../../system/menuPackages.js';
import { bodyOf, hasId, idList } from './actionParams.js';

const MENU = 1;
const BUTTON = 2;

/**
 * Where a menu or button may sit: a button under a menu (never at the root),
 * nothing under a button, and a menu that has children stays a menu.
 */
async function assertPlacement(tx: DbClient, row: Record<string, unknown>): Promise<void> {
  const parentId = String(row.parentId ?? '0');
  const parent = parentId === '0' ? undefined : (await tx.query<{ category: number }>('SELECT category FROM blade_menu WHERE id = $1 AND is_deleted = 0', [parentId])).rows[0];
  if (parent?.category === BUTTON) throw badRequest('按钮下不能再添加菜单或按钮', 'Nothing can be placed under a button');
  if (Number(row.category) !== BUTTON) return;
  if (!parent) throw badRequest('按钮必须放在某个菜单下', 'A button must be placed under a menu');
  const children = await tx.query('SELECT 1 FROM blade_menu WHERE parent_id = $1 AND is_deleted = 0 LIMIT 1', [row.id]);
  if (children.rowCount) throw badRequest('有下级的菜单不能改为按钮', 'A menu that has children cannot become a button');
}

async function submitMenu(ctx: ActionContext) {
  const body = bodyOf(ctx);
  const tx = ctx.tx as DbClient;
  const row = hasId(body) ? await updateRow(ctx, tx, ctx.model, body) : await insertRow(ctx, tx, ctx.model, body);
  // Checked on the saved row (defaults and the unchanged fields of an edit included); a refusal rolls it back.
  await assertPlacement(tx, row);
  return row;
}

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
    id: menu.id, parentId: menu.parentId, title: titleOf(menu, language), key: menu.id, value: menu.id, category: menu.category, isGrantable: menu.isGrantable,
  }));
  return buildForest<MenuNode>(nodes, (n) => n.id, (n) => n.parentId);
}

/** Data or API scopes of the grantable menus: one node per menu holding scopes, the scopes under it. */
async function scopeForest(db: Queryable, table: 'blade_scope_data' | 'blade_scope_api', menus: GrantableMenu[], language: Language): Promise<TreeNode[]> {
  const grantable = menus.filter((menu) => menu.isGrantable);
  const scopes = await db.query<{ id: string; menuId: string; title: string }>(
    `SELECT id::text AS "id", menu_id::text AS "menuId", scope_name AS "title" FROM ${table}
      WHERE is_deleted = 0 AND menu_id = ANY($1::bigint[]) ORDER BY scope_name, id`,
    [grantable.map((menu) => menu.id)],
  );
  return grantable
    .filter((menu) => scopes.rows.some((scope) => scope.menuId === menu.id))
    .map((menu) => ({
      id: menu.id, parentId: '0', title: titleOf(menu, language), key: menu.id, value: menu.id, hasChildren: true,
      children: scopes.rows.filter((scope) => scope.menuId === menu.id).map((scope) => ({ id: scope.id, parentId: menu.id, title: scope.title, key: scope.id, value: scope.id })),
    }));
}

/** GET menu/grant-tree: menus, buttons and scopes the caller may grant. */
async function grantTree(ctx: ActionContext) {
  const menus = await grantableMenus(ctx.tx, ctx.caller);
  return {
    menu: menuForest(menus, ctx.language),
    dataScope: await scopeForest(ctx.tx, 'blade_scope_data', menus, ctx.language),
    apiScope: await scopeForest(ctx.tx, 'blade_scope_api', menus, ctx.language),
  };
}

/** GET menu/role-tree-keys?roleIds=: what those roles of the caller's tenant hold (menus within the tenant package). */
async function roleTreeKeys(ctx: ActionContext) {
  const roleIds = idList(ctx.query.roleIds, 'roleIds', 500);
  const tenantId = ctx.caller.tenantId;
  const menus = await ctx.tx.query<{ id: string }>(
    `SELECT DISTINCT rm.menu_id::text AS id FROM blade_role_menu rm
       JOIN blade_role r ON r.id = rm.role_id AND r.tenant_id = rm.tenant_id AND r.is_deleted = 0
       JOIN blade_menu m ON m.id = rm.menu_id AND m.is_deleted = 0
      WHERE rm.tenant_id = $1 AND rm.is_deleted = 0 AND rm.role_id = ANY($2::bigint[]) AND ${tenantPackageAllows('m.id', '$1')}`,
    [tenantId, roleIds],
  );
  const scopes = async (category: 1 | 2, table: string) =>
    (
      await ctx.tx.query<{ id: string }>(
        `SELECT DISTINCT rs.scope_id::text AS id FROM blade_role_scope rs
           JOIN blade_role r ON r.id = rs.role_id AND r.tenant_id = rs.tenant_id AND r.is_deleted = 0
           JOIN ${table} s ON s.id = rs.scope_id AND s.is_deleted = 0
          WHERE rs.tenant_id = $1 AND rs.is_deleted = 0 AND rs.scope_category = $3 AND rs.role_id = ANY($2::bigint[])`,
        [tenantId, roleIds, category],
      )
    ).rows.map((row) => row.id);
  return { menu: menus.rows.map((row) => row.id), dataScope: await scopes(1, 'blade_scope_data'), apiScope: await scopes(2, 'blade_scope_api') };
}

/** GET menu/grant-top-tree: the menus (no buttons) the caller may group under top menus. */
async function grantTopTree(ctx: ActionContext) {
  const menus = (await grantableMenus(ctx.tx, ctx.caller)).filter((menu) => menu.category === MENU);
  return { menu: menuForest(menus, ctx.language) };
}

/** GET menu/top-tree-keys?topMenuIds=: the menus those top menus of the caller's tenant group. */
async function topTreeKeys(ctx: ActionContext) {
  const topMenuIds = idList(ctx.query.topMenuIds, 'topMenuIds', 500);
  const result = await ctx.tx.query<{ id: string }>(
    `SELECT DISTINCT s.menu_id::text AS id FROM blade_top_menu_setting s
       JOIN blade_top_menu t ON t.id = s.top_menu_id AND t.tenant_id = s.tenant_id AND t.is_deleted = 0
       JOIN blade_menu m ON m.id = s.menu_id AND m.is_deleted = 0
      WHERE s.tenant_id = $1 AND s.is_deleted = 0 AND s.top_menu_id = ANY($2::bigint[])`,
    [ctx.caller.tenantId, topMenuIds],
  );
  return { menu: result.rows.map((row) => row.id) };
}

defineActions('system/menu', { submit: submitMenu, grantTree, roleTreeKeys, grantTopTree, topTreeKeys });
