/**
 * How far a caller's authority reaches over roles, so that nobody gains
 * through user or role administration what they do not already hold:
 * - the platform administrator reaches every role of their tenant;
 * - a caller with the user_role button (assigning roles is their job)
 *   reaches every role of the tenant except the platform administration role;
 * - anyone else reaches the roles whose menus and buttons are all held by
 *   their own current roles, and whose API scopes all belong to such menus
 *   (the rule role/grant applies).
 * A caller may give or take away only roles within reach, and may change,
 * reset, grant or remove only users whose roles are all within reach
 * (resetting a password is as good as becoming that user).
 *
 * The caller's grants are resolved first into plain id lists: queries that
 * nest the current-roles subquery get poor plans on small, fresh tables.
 */
import { CURRENT_ROLES, hasButton, isPlatformAdmin } from '../../auth/permissions.js';
import type { Queryable } from '../../db/pool.js';
import { scopedQuery } from '../../engine/scopedQuery.js';
import { ApiError } from '../../http/apiError.js';
import type { Caller } from '../../http/caller.js';
import { splitIds } from './actionParams.js';

export const ROLE_ASSIGN_BUTTON = 'user_role';

export interface CallerGrants {
  /** Menus and buttons granted to the caller's current roles. */
  menuIds: string[];
  /** Their codes (data and API scopes name their menu by code). */
  menuCodes: string[];
}

export async function callerGrants(db: Queryable, caller: Caller): Promise<CallerGrants> {
  if (caller.roleIds.length === 0) return { menuIds: [], menuCodes: [] };
  const roles = await db.query<{ id: string }>(`SELECT id::text AS id FROM (${CURRENT_ROLES}) current`, [caller.tenantId, caller.userId, caller.roleIds]);
  if (roles.rows.length === 0) return { menuIds: [], menuCodes: [] };
  const q = scopedQuery({ db, caller });
  const m = await q.from('system/menu', 'm', 'tenant');
  const rm = await q.from('system/roleMenu', 'rm', 'tenant');
  const menus = await q.rows<{ id: string; code: string }>(
    `SELECT ${m.col('id')}::text AS id, ${m.col('code')} AS code FROM ${m.table}
      WHERE ${m.scope} AND ${m.col('id')} IN (SELECT ${rm.col('menuId')} FROM ${rm.table} WHERE ${rm.scope} AND ${rm.where({ roleId: roles.rows.map((row) => row.id) })})`,
  );
  return { menuIds: menus.map((row) => row.id), menuCodes: menus.map((row) => row.code) };
}

export async function rolesWithinReach(db: Queryable, caller: Caller): Promise<Set<string>> {
  const q = scopedQuery({ db, caller });
  const r = await q.from('system/role', 'r', 'tenant');
  let condition = 'TRUE';
  if (await isPlatformAdmin(db, caller)) {
    // every role of the tenant
  } else if (await hasButton(db, caller, ROLE_ASSIGN_BUTTON)) {
    condition = `${r.col('isPlatformAdmin')} = 0`;
  } else {
    const held = await callerGrants(db, caller);
    const rm = await q.from('system/roleMenu', 'rm', 'tenant');
    const rs = await q.from('system/roleScope', 'rs', 'tenant');
    const a = await q.from('system/apiScope', 'a', 'tenant');
    condition = `${r.col('isPlatformAdmin')} = 0
          AND NOT EXISTS (SELECT 1 FROM ${rm.table} WHERE ${rm.scope} AND ${rm.col('roleId')} = ${r.col('id')}
                             AND NOT (${rm.col('menuId')} = ANY(${q.param(held.menuIds)}::bigint[])))
          AND NOT EXISTS (SELECT 1 FROM ${rs.table} JOIN ${a.table} ON ${a.col('id')} = ${rs.col('scopeId')} AND ${a.scope}
                           WHERE ${rs.scope} AND ${rs.col('scopeCategory')} = 2 AND ${rs.col('roleId')} = ${r.col('id')}
                             AND NOT (${a.col('resourceCode')} = ANY(${q.param(held.menuCodes)}::text[])))`;
  }
  const rows = await q.rows<{ id: string }>(`SELECT ${r.col('id')}::text AS id FROM ${r.table} WHERE ${r.scope} AND ${condition}`);
  return new Set(rows.map((row) => row.id));
}

export const beyondReach = () =>
  new ApiError(403, { zh: '无权操作：该用户的角色超出了您的权限范围', en: 'Refused: the roles of this user go beyond your own permissions' });

/** Refuses when one of the users holds a role outside the caller's reach (roles that no longer exist do not count). */
export async function assertUsersWithinReach(db: Queryable, caller: Caller, users: { roleId?: unknown }[]): Promise<void> {
  const held = new Set(users.flatMap((user) => splitIds(user.roleId)));
  if (held.size === 0) return;
  const q = scopedQuery({ db, caller });
  const r = await q.from('system/role', 'r', 'tenant');
  const existing = await q.rows<{ id: string }>(`SELECT ${r.col('id')}::text AS id FROM ${r.table} WHERE ${r.scope} AND ${r.where({ id: [...held] })}`);
  if (existing.length === 0) return;
  const reach = await rolesWithinReach(db, caller);
  if (existing.some((row) => !reach.has(row.id))) throw beyondReach();
}
