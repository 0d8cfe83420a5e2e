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
  const menus = await db.query<{ id: string; code: string }>(
    `SELECT m.id::text AS id, m.code FROM blade_menu m
      WHERE m.is_deleted = 0 AND m.id IN (SELECT menu_id FROM blade_role_menu WHERE tenant_id = $1 AND is_deleted = 0 AND role_id = ANY($2::bigint[]))`,
    [caller.tenantId, roles.rows.map((row) => row.id)],
  );
  return { menuIds: menus.rows.map((row) => row.id), menuCodes: menus.rows.map((row) => row.code) };
}

export async function rolesWithinReach(db: Queryable, caller: Caller): Promise<Set<string>> {
  let result;
  if (await isPlatformAdmin(db, caller)) {
    result = await db.query<{ id: string }>('SELECT id::text AS id FROM blade_role WHERE tenant_id = $1 AND is_deleted = 0', [caller.tenantId]);
  } else if (await hasButton(db, caller, ROLE_ASSIGN_BUTTON)) {
    result = await db.query<{ id: string }>('SELECT id::text AS id FROM blade_role WHERE tenant_id = $1 AND is_deleted = 0 AND is_platform_admin = 0', [caller.tenantId]);
  } else {
    const held = await callerGrants(db, caller);
    result = await db.query<{ id: string }>(
      `SELECT r.id::text AS id FROM blade_role r
        WHERE r.tenant_id = $1 AND r.is_deleted = 0 AND r.is_platform_admin = 0
          AND NOT EXISTS (SELECT 1 FROM blade_role_menu m WHERE m.tenant_id = $1 AND m.is_deleted = 0 AND m.role_id = r.id
                             AND NOT (m.menu_id = ANY($2::bigint[])))
          AND NOT EXISTS (SELECT 1 FROM blade_role_scope s JOIN blade_scope_api a ON a.id = s.scope_id AND a.is_deleted = 0
                           WHERE s.tenant_id = $1 AND s.is_deleted = 0 AND s.scope_category = 2 AND s.role_id = r.id
                             AND NOT (a.resource_code = ANY($3::text[])))`,
      [caller.tenantId, held.menuIds, held.menuCodes],
    );
  }
  return new Set(result.rows.map((row) => row.id));
}

export const beyondReach = () =>
  new ApiError(403, { zh: '无权操作：该用户的角色超出了您的权限范围', en: 'Refused: the roles of this user go beyond your own permissions' });

/** Refuses when one of the users holds a role outside the caller's reach (roles that no longer exist do not count). */
export async function assertUsersWithinReach(db: Queryable, caller: Caller, users: { roleId?: unknown }[]): Promise<void> {
  const held = new Set(users.flatMap((user) => splitIds(user.roleId)));
  if (held.size === 0) return;
  const existing = await db.query<{ id: string }>('SELECT id::text AS id FROM blade_role WHERE tenant_id = $1 AND is_deleted = 0 AND id = ANY($2::bigint[])', [
    caller.tenantId,
    [...held],
  ]);
  if (existing.rows.length === 0) return;
  const reach = await rolesWithinReach(db, caller);
  if (existing.rows.some((row) => !reach.has(row.id))) throw beyondReach();
}
