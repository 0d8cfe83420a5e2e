/**
 * Permission checks against the database on every write, so a revoked grant
 * takes effect at once on every server instance. Platform administration is a
 * flag on the role (security rule 3), never a role-alias match.
 */
import type { Queryable } from '../db/pool.js';
import { forbidden } from '../http/apiError.js';
import type { Caller } from '../http/caller.js';

export const PLATFORM_TENANT_ID = '000000';

export async function hasButton(db: Queryable, caller: Caller, code: string): Promise<boolean> {
  if (caller.roleIds.length === 0) return false;
  const result = await db.query(
    `SELECT 1 FROM blade_role_menu rm
       JOIN blade_menu m ON m.id = rm.menu_id AND m.is_deleted = 0 AND m.category = 2
       JOIN blade_role r ON r.id = rm.role_id AND r.is_deleted = 0 AND r.tenant_id = rm.tenant_id
      WHERE rm.tenant_id = $1 AND rm.role_id = ANY($2::bigint[]) AND rm.is_deleted = 0 AND m.code = $3
      LIMIT 1`,
    [caller.tenantId, caller.roleIds, code],
  );
  return (result.rowCount ?? 0) > 0;
}

export async function isPlatformAdmin(db: Queryable, caller: Caller): Promise<boolean> {
  if (caller.tenantId !== PLATFORM_TENANT_ID || caller.roleIds.length === 0) return false;
  const result = await db.query(
    `SELECT 1 FROM blade_role WHERE tenant_id = $1 AND id = ANY($2::bigint[]) AND is_deleted = 0 AND is_platform_admin = 1 LIMIT 1`,
    [PLATFORM_TENANT_ID, caller.roleIds],
  );
  return (result.rowCount ?? 0) > 0;
}

export async function assertButton(db: Queryable, caller: Caller, code: string | undefined): Promise<void> {
  if (!code || !(await hasButton(db, caller, code))) throw forbidden();
}

export async function assertPlatformAdmin(db: Queryable, caller: Caller): Promise<void> {
  if (!(await isPlatformAdmin(db, caller))) {
    throw forbidden('请求被拒绝：仅平台管理员可以执行此操作', 'Request refused: only platform administrators may do this');
  }
}
