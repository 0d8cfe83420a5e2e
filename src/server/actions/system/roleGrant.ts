/**
 * role/grant: replaces, for every chosen role, each kind of grant the
 * request names — menus and buttons (blade_role_menu), data scopes and API
 * scopes (blade_role_scope, categories 1 and 2) and top menus
 * (blade_role_top_menu). A kind left out of the request is left as it is; an
 * empty list clears it. No escalation: unless the caller is the platform
 * administrator, they grant only menus and buttons their own roles hold and
 * data and API scopes of menus they hold (an administrator distributes the
 * platform's scopes within their tenant), and never touch the platform
 * administration role. Whoever grants, the grants stay within the tenant's
 * package (a tenant's roles may hold only its package's menus and buttons,
 * and scopes of those menus): a role granted beyond it would carry menus the
 * tenant does not have. role/grant-keys reads a role's grants back.
 */
import { isPlatformAdmin } from '../../auth/permissions.js';
import { nextId } from '../../db/ids.js';
import type { DbClient, Queryable } from '../../db/pool.js';
import type { ActionContext } from '../../engine/actions.js';
import { localApi, type LocalApi } from '../../engine/localApi.js';
import { ApiError, badRequest, notFound } from '../../http/apiError.js';
import type { Caller } from '../../http/caller.js';
import { bodyObject, idList, isBlank, requiredIds, type Params } from './actionParams.js';
import { callerGrants } from './roleReach.js';
import { menusOutsideTenantPackage, scopesOutsideTenantPackage } from '../../system/grantableMenus.js';

export interface GrantKeys {
  menuIds: string[];
  dataScopeIds: string[];
  apiScopeIds: string[];
  topMenuIds: string[];
}

type Kind = keyof GrantKeys;

/** Where each kind of grant lives. */
const STORES: Record<Kind, { table: string; column: string; category?: 1 | 2 }> = {
  menuIds: { table: 'blade_role_menu', column: 'menu_id' },
  dataScopeIds: { table: 'blade_role_scope', column: 'scope_id', category: 1 },
  apiScopeIds: { table: 'blade_role_scope', column: 'scope_id', category: 2 },
  topMenuIds: { table: 'blade_role_top_menu', column: 'top_menu_id' },
};

const KINDS = Object.keys(STORES) as Kind[];

const refused = (zh: string, en: string) => new ApiError(403, { zh, en });

/** The grants a request names (absent kinds are undefined). */
function requestedGrants(params: Params): Partial<GrantKeys> {
  const grants: Partial<GrantKeys> = {};
  for (const kind of KINDS) if (params[kind] !== undefined) grants[kind] = idList(params[kind], kind, 5000);
  return grants;
}

async function assertAllExist(db: Queryable, sql: string, values: unknown[], ids: string[], zh: string, en: string): Promise<void> {
  if (ids.length === 0) return;
  const found = await db.query<{ id: string }>(sql, values);
  if (found.rows.length !== ids.length) throw badRequest(zh, en);
}

async function assertGrantsExist(ctx: ActionContext, db: Queryable, grants: Partial<GrantKeys>): Promise<void> {
  const { menuIds = [], dataScopeIds = [], apiScopeIds = [], topMenuIds = [] } = grants;
  await assertAllExist(
    db,
    'SELECT id FROM blade_menu WHERE is_deleted = 0 AND id = ANY($1::bigint[])',
    [menuIds],
    menuIds,
    '所选菜单不存在',
    'A chosen menu does not exist',
  );
  await assertAllExist(
    db,
    'SELECT id FROM blade_scope_data WHERE is_deleted = 0 AND id = ANY($1::bigint[])',
    [dataScopeIds],
    dataScopeIds,
    '所选数据权限不存在',
    'A chosen data scope does not exist',
  );
  await assertAllExist(
    db,
    'SELECT id FROM blade_scope_api WHERE is_deleted = 0 AND id = ANY($1::bigint[])',
    [apiScopeIds],
    apiScopeIds,
    '所选接口权限不存在',
    'A chosen API scope does not exist',
  );
  if (
    topMenuIds.length > 0 &&
    (await localApi(ctx, db as DbClient)
      .tenantWide()
      .count('system/topMenu', { id: topMenuIds })) !== topMenuIds.length
  ) {
    throw badRequest('所选顶部菜单不存在', 'A chosen top menu does not exist');
  }
}

/** Whether some of the scopes (of `table`) belong to no menu the caller holds. */
async function scopesBeyond(db: Queryable, table: 'blade_scope_data' | 'blade_scope_api', ids: string[], menuCodes: string[]): Promise<boolean> {
  if (ids.length === 0) return false;
  const within = await db.query(`SELECT id FROM ${table} WHERE is_deleted = 0 AND id = ANY($1::bigint[]) AND resource_code = ANY($2::text[])`, [
    ids,
    menuCodes,
  ]);
  return within.rows.length !== ids.length;
}

/** Refuses grants beyond the tenant's package (a tenant without a package has every menu). */
async function assertWithinTenantPackage(db: Queryable, tenantId: string, grants: Partial<GrantKeys>): Promise<void> {
  if ((await menusOutsideTenantPackage(db, tenantId, grants.menuIds ?? [])).length > 0) {
    throw refused('无权授予：所选菜单或按钮不在本租户的套餐内', 'Refused: a chosen menu or button is not in this tenant’s package');
  }
  const scopesOutside = [
    ...(await scopesOutsideTenantPackage(db, tenantId, 'blade_scope_data', grants.dataScopeIds ?? [])),
    ...(await scopesOutsideTenantPackage(db, tenantId, 'blade_scope_api', grants.apiScopeIds ?? [])),
  ];
  if (scopesOutside.length > 0) {
    throw refused(
      '无权授予：所选数据权限或接口权限所属的菜单不在本租户的套餐内',
      'Refused: a chosen data or API scope belongs to a menu outside this tenant’s package',
    );
  }
}

async function assertNoEscalation(db: Queryable, caller: Caller, grants: Partial<GrantKeys>): Promise<void> {
  const held = await callerGrants(db, caller);
  const heldMenus = new Set(held.menuIds);
  if ((grants.menuIds ?? []).some((id) => !heldMenus.has(id))) {
    throw refused('无权授予：所选菜单或按钮超出了您自己的权限', 'Refused: you may grant only menus and buttons your own roles hold');
  }
  if (await scopesBeyond(db, 'blade_scope_data', grants.dataScopeIds ?? [], held.menuCodes)) {
    throw refused('无权授予：所选数据权限所属的菜单超出了您自己的权限', 'Refused: you may grant only data scopes of menus your own roles hold');
  }
  if (await scopesBeyond(db, 'blade_scope_api', grants.apiScopeIds ?? [], held.menuCodes)) {
    throw refused('无权授予：所选接口权限所属的菜单超出了您自己的权限', 'Refused: you may grant only API scopes of menus your own roles hold');
  }
}

async function replaceGrants(tx: DbClient, caller: Caller, roleIds: string[], kind: Kind, ids: string[]): Promise<void> {
  const store = STORES[kind];
  const category = store.category ? ` AND scope_category = ${store.category}` : '';
  // tenant-sql: link rows carry no history worth keeping (replaced grants are deleted outright, the local API only soft-deletes),
  // and a grant of thousands of menus to several roles is one bulk INSERT, not thousands of engine creates.
  await tx.query(`DELETE FROM ${store.table} WHERE tenant_id = $1 AND role_id = ANY($2::bigint[])${category}`, [caller.tenantId, roleIds]);
  const pairs = roleIds.flatMap((roleId) => ids.map((id) => [roleId, id] as const));
  if (pairs.length === 0) return;
  // tenant-sql: the bulk insert of the link rows (above) fills the tenant itself.
  const columns = ['id', 'tenant_id', 'role_id', store.column, 'create_user', 'create_dept', 'update_user', ...(store.category ? ['scope_category'] : [])];
  await tx.query(
    `INSERT INTO ${store.table} (${columns.join(', ')})
     SELECT row_id, $1, role_id, target_id, $2, $3, $2${store.category ? `, ${store.category}` : ''}
       FROM unnest($4::bigint[], $5::bigint[], $6::bigint[]) AS pair(row_id, role_id, target_id)`,
    [caller.tenantId, caller.userId, caller.deptId, pairs.map(() => nextId()), pairs.map((p) => p[0]), pairs.map((p) => p[1])],
  );
}

export async function grantToRoles(ctx: ActionContext): Promise<{ roles: number; granted: Partial<Record<Kind, number>> }> {
  const body = bodyObject(ctx.body);
  const params: Params = { ...ctx.query, ...body };
  const roleIds = requiredIds(isBlank(body.roleIds) ? (ctx.query.roleIds ?? ctx.query.id) : body.roleIds, 'roleIds');
  const grants = requestedGrants(params);
  if (Object.keys(grants).length === 0) throw badRequest('请选择要授予的权限', 'Choose the permissions to grant');
  const tx = ctx.tx as DbClient;
  const roles = await localApi(ctx, tx)
    .tenantWide()
    .find('system/role', { where: { id: roleIds }, forUpdate: true });
  if (roles.length !== roleIds.length) throw notFound('角色不存在或已被删除', 'The role does not exist or has been deleted');
  await assertGrantsExist(ctx, tx, grants);
  await assertWithinTenantPackage(tx, ctx.caller.tenantId, grants);
  if (!(await isPlatformAdmin(tx, ctx.caller))) {
    if (roles.some((role) => role.isPlatformAdmin === 1)) {
      throw refused('只有平台管理员可以修改平台管理角色的权限', 'Only the platform administrator may change the grants of the platform administration role');
    }
    await assertNoEscalation(tx, ctx.caller, grants);
  }
  const granted: Partial<Record<Kind, number>> = {};
  for (const kind of KINDS) {
    const ids = grants[kind];
    if (ids === undefined) continue;
    await replaceGrants(tx, ctx.caller, roleIds, kind, ids);
    granted[kind] = ids.length;
  }
  return { roles: roleIds.length, granted };
}

/** The distinct ids of one kind granted to the roles, in text order (as the grant dialog checks them). */
async function grantedIds(api: LocalApi, kind: Kind, roleIds: string[]): Promise<string[]> {
  const links: { id?: string }[] =
    kind === 'menuIds'
      ? (await api.find('system/roleMenu', { where: { roleId: roleIds } })).map((row) => ({ id: row.menuId }))
      : kind === 'topMenuIds'
        ? (await api.find('system/roleTopMenu', { where: { roleId: roleIds } })).map((row) => ({ id: row.topMenuId }))
        : (await api.find('system/roleScope', { where: { roleId: roleIds, scopeCategory: STORES[kind].category } })).map((row) => ({ id: row.scopeId }));
  return [...new Set(links.map((link) => link.id).filter((id): id is string => id !== undefined && id !== null))].sort();
}

/** role/grant-keys?roleId= (or roleIds=a,b for their union): the ids granted now, as the grant dialog checks them. */
export async function grantKeys(ctx: ActionContext): Promise<GrantKeys> {
  const roleIds = requiredIds(ctx.query.roleId ?? ctx.query.roleIds, 'roleId');
  const api = localApi(ctx, ctx.tx as DbClient).tenantWide();
  if ((await api.count('system/role', { id: roleIds })) !== roleIds.length)
    throw notFound('角色不存在或已被删除', 'The role does not exist or has been deleted');
  const keys = {} as GrantKeys;
  for (const kind of KINDS) {
    keys[kind] = await grantedIds(api, kind, roleIds);
  }
  return keys;
}
