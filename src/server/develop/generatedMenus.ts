/**
 * The menu of a generated register: a page menu at /generated/<code> under
 * the configuration's parent menu (by default "生成登记" — four characters fit
 * the 124 px side menu — created on first
 * use), its add/edit/delete/view/export buttons, and grants of all of them to
 * the generating administrator's current roles in their tenant, so the page
 * opens right away. Other tenants grant it through their role grants as any menu.
 */
import { nextId } from '../db/ids.js';
import type { DbClient } from '../db/pool.js';
import { CURRENT_ROLES, PLATFORM_TENANT_ID } from '../auth/permissions.js';
import { badRequest } from '../http/apiError.js';
import type { Caller } from '../http/caller.js';
import { insertRows } from '../seed/insertRows.js';
import { BUTTON_ACTIONS, GENERATED_PAGE_PREFIX, GENERATED_PARENT_MENU_CODE, type ButtonAction, type GeneratedNames } from './generatedNames.js';

const BUTTON_NAMES: Record<ButtonAction, { zh: string; en: string; action: number }> = {
  add: { zh: '新增', en: 'Add', action: 1 },
  edit: { zh: '修改', en: 'Edit', action: 2 },
  delete: { zh: '删除', en: 'Delete', action: 3 },
  view: { zh: '查看', en: 'View', action: 2 },
  export: { zh: '导出', en: 'Export', action: 1 },
};

/** The top menu a new parent joins (in the generating tenant), so it shows there too. */
const ADMINISTRATION_TOP_MENU = 'top_system';

interface MenuRow {
  code: string;
  parentId: string;
  name: string;
  nameEn: string;
  path: string;
  source: string | null;
  sort: number;
  category: 1 | 2;
  action: number;
  alias: string;
}

async function menuIdOf(tx: DbClient, code: string): Promise<string | undefined> {
  const result = await tx.query<{ id: string }>('SELECT id::text AS id FROM blade_menu WHERE code = $1 AND is_deleted = 0', [code]);
  return result.rows[0]?.id;
}

/** Inserts the menu, or brings an existing one (a regeneration) up to date; returns its id. */
async function upsertMenu(tx: DbClient, row: MenuRow, userId: string): Promise<string> {
  const existing = await menuIdOf(tx, row.code);
  if (existing) {
    await tx.query(
      `UPDATE blade_menu SET parent_id = $2, name = $3, name_en = $4, path = $5, update_user = $6, update_time = LOCALTIMESTAMP(0), version = version + 1 WHERE id = $1`,
      [existing, row.parentId, row.name, row.nameEn, row.path, userId],
    );
    return existing;
  }
  const id = nextId();
  await insertRows(
    tx,
    'blade_menu',
    [
      'id',
      'tenant_id',
      'parent_id',
      'code',
      'name',
      'name_en',
      'alias',
      'path',
      'source',
      'sort',
      'category',
      'action',
      'is_open',
      'create_user',
      'update_user',
    ],
    [
      [
        id,
        PLATFORM_TENANT_ID,
        row.parentId,
        row.code,
        row.name,
        row.nameEn,
        row.alias,
        row.path,
        row.source,
        row.sort,
        row.category,
        row.action,
        1,
        userId,
        userId,
      ],
    ],
  );
  return id;
}

async function defaultParent(tx: DbClient, caller: Caller): Promise<string> {
  const existing = await menuIdOf(tx, GENERATED_PARENT_MENU_CODE);
  if (existing) return existing;
  const id = await upsertMenu(
    tx,
    {
      code: GENERATED_PARENT_MENU_CODE,
      parentId: '0',
      name: '生成登记',
      nameEn: 'Generated registers',
      path: GENERATED_PAGE_PREFIX,
      source: 'AppstoreAddOutlined',
      sort: 95,
      category: 1,
      action: 0,
      alias: 'menu',
    },
    caller.userId,
  );
  return id;
}

async function parentMenu(tx: DbClient, caller: Caller, parentMenuId: string | null): Promise<string> {
  if (!parentMenuId || parentMenuId === '0') return defaultParent(tx, caller);
  const found = await tx.query('SELECT 1 FROM blade_menu WHERE id = $1 AND category = 1 AND is_deleted = 0', [parentMenuId]);
  if (!found.rowCount) throw badRequest('配置的上级菜单不存在或不是菜单', 'The parent menu of the configuration does not exist or is not a menu');
  return parentMenuId;
}

async function nextSort(tx: DbClient, parentId: string): Promise<number> {
  const result = await tx.query<{ sort: number }>(
    'SELECT coalesce(max(sort), 0)::int + 1 AS sort FROM blade_menu WHERE parent_id = $1 AND category = 1 AND is_deleted = 0',
    [parentId],
  );
  return result.rows[0].sort;
}

/** Grants the menus to the caller's current roles in the caller's tenant (those not granted yet). */
async function grantToCaller(tx: DbClient, caller: Caller, menuIds: string[]): Promise<void> {
  const roles = await tx.query<{ id: string }>(`SELECT id::text AS id FROM (${CURRENT_ROLES}) current_roles`, [caller.tenantId, caller.userId, caller.roleIds]);
  const granted = await tx.query<{ key: string }>(
    `SELECT role_id::text || ':' || menu_id::text AS key FROM blade_role_menu WHERE tenant_id = $1 AND is_deleted = 0 AND menu_id = ANY($2::bigint[])`,
    [caller.tenantId, menuIds],
  );
  const present = new Set(granted.rows.map((row) => row.key));
  const rows = roles.rows.flatMap((role) =>
    menuIds.filter((menuId) => !present.has(`${role.id}:${menuId}`)).map((menuId) => [nextId(), caller.tenantId, role.id, menuId]),
  );
  await insertRows(tx, 'blade_role_menu', ['id', 'tenant_id', 'role_id', 'menu_id'], rows);
}

/** Puts the menus into the tenant's administration top menu, where its side menu is filtered by top menu. */
async function joinTopMenu(tx: DbClient, caller: Caller, menuIds: string[]): Promise<void> {
  const top = await tx.query<{ id: string }>('SELECT id::text AS id FROM blade_top_menu WHERE tenant_id = $1 AND code = $2 AND is_deleted = 0', [
    caller.tenantId,
    ADMINISTRATION_TOP_MENU,
  ]);
  const topId = top.rows[0]?.id;
  if (!topId) return;
  const present = await tx.query<{ id: string }>(
    'SELECT menu_id::text AS id FROM blade_top_menu_setting WHERE tenant_id = $1 AND top_menu_id = $2 AND is_deleted = 0 AND menu_id = ANY($3::bigint[])',
    [caller.tenantId, topId, menuIds],
  );
  const have = new Set(present.rows.map((row) => row.id));
  const rows = menuIds.filter((id) => !have.has(id)).map((id) => [nextId(), caller.tenantId, topId, id]);
  await insertRows(tx, 'blade_top_menu_setting', ['id', 'tenant_id', 'top_menu_id', 'menu_id'], rows);
}

/** Menu codes a new register would take that some menu or button already has. */
export async function takenMenuCodes(tx: DbClient, names: GeneratedNames): Promise<string[]> {
  const codes = [names.menuCode, ...Object.values(names.buttons)];
  const result = await tx.query<{ code: string }>('SELECT code FROM blade_menu WHERE code = ANY($1) AND is_deleted = 0', [codes]);
  return result.rows.map((row) => row.code);
}

export interface RegisterMenuInput {
  names: GeneratedNames;
  title: string;
  titleEn: string;
  parentMenuId: string | null;
}

/** Creates or updates the register's menu and buttons and grants them; returns the menu id. */
export async function ensureRegisterMenus(tx: DbClient, caller: Caller, input: RegisterMenuInput): Promise<string> {
  const { names } = input;
  const parentId = await parentMenu(tx, caller, input.parentMenuId);
  const existing = await menuIdOf(tx, names.menuCode);
  const sort = existing ? 0 : await nextSort(tx, parentId);
  const menuId = await upsertMenu(
    tx,
    {
      code: names.menuCode,
      parentId,
      name: input.title,
      nameEn: input.titleEn,
      path: names.pagePath,
      source: 'TableOutlined',
      sort,
      category: 1,
      action: 0,
      alias: 'menu',
    },
    caller.userId,
  );
  const buttonIds: string[] = [];
  for (const [index, action] of BUTTON_ACTIONS.entries()) {
    const text = BUTTON_NAMES[action];
    const row: MenuRow = {
      code: names.buttons[action],
      parentId: menuId,
      name: text.zh,
      nameEn: text.en,
      path: `${names.pagePath}/${action}`,
      source: null,
      sort: index + 1,
      category: 2,
      action: text.action,
      alias: action,
    };
    buttonIds.push(await upsertMenu(tx, row, caller.userId));
  }
  await grantToCaller(tx, caller, [parentId, menuId, ...buttonIds]);
  await joinTopMenu(tx, caller, [parentId, menuId]);
  return menuId;
}
