/**
 * What a caller may hand out: the menus and buttons they may grant to roles,
 * put in a department package or group under a top menu. The platform
 * administrator may grant every menu; anyone else what their current roles
 * hold, within their tenant's package (src/server/system/menuPackages.ts).
 * Ancestors of those menus come along, marked not grantable, so the grant
 * tree stays one tree.
 */
import type { Queryable } from '../db/pool.js';
import { CURRENT_ROLES, isPlatformAdmin } from '../auth/permissions.js';
import type { Caller } from '../http/caller.js';
import { tenantPackageAllows } from './menuPackages.js';

export interface GrantableMenu {
  id: string;
  parentId: string;
  code: string;
  name: string;
  nameEn: string | null;
  category: number;
  sort: number;
  isGrantable: boolean;
}

const COLUMNS = `m.id::text AS "id", m.parent_id::text AS "parentId", m.code, m.name, m.name_en AS "nameEn", m.category, m.sort`;

export async function grantableMenus(db: Queryable, caller: Caller): Promise<GrantableMenu[]> {
  if (await isPlatformAdmin(db, caller)) {
    const all = await db.query<GrantableMenu>(`SELECT ${COLUMNS}, true AS "isGrantable" FROM blade_menu m WHERE m.is_deleted = 0 ORDER BY m.sort, m.id`);
    return all.rows;
  }
  if (caller.roleIds.length === 0) return [];
  const result = await db.query<GrantableMenu>(
    `WITH RECURSIVE held AS (
       SELECT DISTINCT m.id FROM blade_menu m
         JOIN blade_role_menu rm ON rm.menu_id = m.id AND rm.is_deleted = 0 AND rm.tenant_id = $1
        WHERE m.is_deleted = 0 AND rm.role_id IN (${CURRENT_ROLES}) AND ${tenantPackageAllows('m.id', '$1')}
     ), shown AS (
       SELECT m.id, m.parent_id FROM blade_menu m WHERE m.id IN (SELECT id FROM held)
       UNION
       SELECT p.id, p.parent_id FROM blade_menu p JOIN shown s ON p.id = s.parent_id WHERE p.is_deleted = 0
     )
     SELECT ${COLUMNS}, (m.id IN (SELECT id FROM held)) AS "isGrantable"
       FROM blade_menu m WHERE m.id IN (SELECT id FROM shown) ORDER BY m.sort, m.id`,
    [caller.tenantId, caller.userId, caller.roleIds],
  );
  return result.rows;
}

/** Ids the caller may grant, as a set. */
export async function grantableMenuIds(db: Queryable, caller: Caller): Promise<Set<string>> {
  return new Set((await grantableMenus(db, caller)).filter((menu) => menu.isGrantable).map((menu) => menu.id));
}

/** Of these menu and button ids, those outside the tenant's package (none when the tenant has no package). */
export async function menusOutsideTenantPackage(db: Queryable, tenantId: string, menuIds: readonly string[]): Promise<string[]> {
  if (menuIds.length === 0) return [];
  const outside = await db.query<{ id: string }>(
    `SELECT listed.id::text AS id FROM unnest($1::bigint[]) AS listed(id) WHERE NOT ${tenantPackageAllows('listed.id', '$2')}`,
    [menuIds, tenantId],
  );
  return outside.rows.map((row) => row.id);
}

/** Of these data or API scope ids, those whose menu (by resource code) is outside the tenant's package. */
export async function scopesOutsideTenantPackage(
  db: Queryable,
  tenantId: string,
  table: 'blade_scope_data' | 'blade_scope_api',
  scopeIds: readonly string[],
): Promise<string[]> {
  if (scopeIds.length === 0) return [];
  const outside = await db.query<{ id: string }>(
    `SELECT s.id::text AS id FROM ${table} s
      WHERE s.id = ANY($1::bigint[])
        AND NOT EXISTS (SELECT 1 FROM blade_menu m WHERE m.is_deleted = 0 AND m.code = s.resource_code AND ${tenantPackageAllows('m.id', '$2')})`,
    [scopeIds, tenantId],
  );
  return outside.rows.map((row) => row.id);
}
