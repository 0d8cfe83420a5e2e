/**
 * Permission checks against the database. The caller's roles are the token's
 * roles that the user still holds: a disabled or deleted user, or a role
 * taken away, counts at once. Writes are checked on every request; read
 * grants (menus) are remembered for a few seconds per process, because every
 * list asks. Platform administration is a flag on the role (security rule 3),
 * never a role-alias match.
 */
import type { Queryable } from '../db/pool.js';
import { forbidden } from '../http/apiError.js';
import type { Caller } from '../http/caller.js';
import { packagesAllow } from '../system/menuPackages.js';

export const PLATFORM_TENANT_ID = '000000';
/**
 * A read grant is remembered this long per process. Grants live in the database, so a grant or
 * revocation made through any instance takes effect everywhere once this has passed (scaleOut.test.ts).
 */
const READ_GRANT_CACHE_MS = 2_000;

/** Role ids of the caller that are still current (user active, role assigned and not deleted). */
export const CURRENT_ROLES = `
  SELECT r.id FROM blade_user u
    JOIN blade_role r ON r.tenant_id = u.tenant_id AND r.is_deleted = 0 AND r.id::text = ANY(string_to_array(u.role_id, ','))
   WHERE u.tenant_id = $1 AND u.id = $2 AND u.is_deleted = 0 AND u.status = 1 AND r.id = ANY($3::bigint[])`;

/** A grant counts only within the tenant's package and the package of the caller's department. */
async function hasGrantedMenu(db: Queryable, caller: Caller, code: string, category: 1 | 2): Promise<boolean> {
  if (caller.roleIds.length === 0) return false;
  // Asked on nearly every request: a named statement is planned once per connection.
  const result = await db.query({
    name: 'rsc-granted-menu',
    text: `SELECT 1 FROM blade_role_menu rm
       JOIN blade_menu m ON m.id = rm.menu_id AND m.is_deleted = 0 AND m.category = $5
      WHERE rm.tenant_id = $1 AND rm.is_deleted = 0 AND m.code = $4 AND rm.role_id IN (${CURRENT_ROLES})
        AND ${packagesAllow('m.id', '$1', '$6')}
      LIMIT 1`,
    values: [caller.tenantId, caller.userId, caller.roleIds, code, category, caller.deptId],
  });
  return (result.rowCount ?? 0) > 0;
}

export function hasButton(db: Queryable, caller: Caller, code: string): Promise<boolean> {
  return hasGrantedMenu(db, caller, code, 2);
}

const readGrants = new WeakMap<object, Map<string, { isAllowed: boolean; until: number }>>();

/** Whether the caller's roles open the menu of a register (read access), remembered briefly. */
export async function hasMenu(db: Queryable, caller: Caller, code: string): Promise<boolean> {
  let cache = readGrants.get(db);
  if (!cache) readGrants.set(db, (cache = new Map()));
  const key = `${caller.tenantId}:${caller.userId}:${caller.deptId}:${caller.roleIds.join(',')}:${code}`;
  const hit = cache.get(key);
  if (hit && hit.until > Date.now()) return hit.isAllowed;
  const isAllowed = await hasGrantedMenu(db, caller, code, 1);
  if (cache.size > 10_000) cache.clear();
  cache.set(key, { isAllowed, until: Date.now() + READ_GRANT_CACHE_MS });
  return isAllowed;
}

export async function isPlatformAdmin(db: Queryable, caller: Caller): Promise<boolean> {
  if (caller.tenantId !== PLATFORM_TENANT_ID || caller.roleIds.length === 0) return false;
  const result = await db.query(`SELECT 1 FROM blade_role WHERE tenant_id = $1 AND is_platform_admin = 1 AND id IN (${CURRENT_ROLES}) LIMIT 1`, [
    PLATFORM_TENANT_ID,
    caller.userId,
    caller.roleIds,
  ]);
  return (result.rowCount ?? 0) > 0;
}

export async function assertButton(db: Queryable, caller: Caller, code: string | undefined): Promise<void> {
  if (!code || !(await hasButton(db, caller, code))) throw forbidden();
}

export async function assertMenu(db: Queryable, caller: Caller, code: string | undefined): Promise<void> {
  if (!code || !(await hasMenu(db, caller, code))) throw forbidden();
}

export async function assertPlatformAdmin(db: Queryable, caller: Caller): Promise<void> {
  if (!(await isPlatformAdmin(db, caller))) {
    throw forbidden('请求被拒绝：仅平台管理员可以执行此操作', 'Request refused: only platform administrators may do this');
  }
}
