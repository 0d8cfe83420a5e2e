/**
 * Data scopes (platform-core §6): which rows of a register a request may see.
 * The scopes granted to the caller's current roles for the register's menu
 * are combined: none granted = every row of the tenant (the menu grant is the
 * gate); "all" among them = every row; otherwise the union of own rows, own
 * departments, own departments with their children and custom departments.
 * The engine applies the result in every query of the request (sqlBuilder).
 */
import type { Queryable } from '../db/pool.js';
import type { EntityModel } from '../engine/entityModel.js';
import type { DataRestriction, RowScope } from '../engine/sqlBuilder.js';
import type { Caller } from '../http/caller.js';
import { CURRENT_ROLES } from './permissions.js';

export const DATA_SCOPE_TYPE = { all: 1, ownRows: 2, ownDept: 3, ownDeptAndChildren: 4, custom: 5 } as const;

interface GrantedScope {
  scope_type: number;
  scope_value: string | null;
}

async function grantedScopes(db: Queryable, caller: Caller, resourceCode: string): Promise<GrantedScope[]> {
  if (caller.roleIds.length === 0) return [];
  const result = await db.query<GrantedScope>(
    `SELECT s.scope_type, s.scope_value FROM blade_scope_data s
       JOIN blade_role_scope rs ON rs.scope_id = s.id AND rs.scope_category = 1 AND rs.is_deleted = 0 AND rs.tenant_id = $1
      WHERE s.is_deleted = 0 AND s.resource_code = $4 AND rs.role_id IN (${CURRENT_ROLES})`,
    [caller.tenantId, caller.userId, caller.roleIds, resourceCode],
  );
  return result.rows;
}

/** The caller's departments as the user record holds them now (a user may belong to several). */
async function ownDepartments(db: Queryable, caller: Caller): Promise<string[]> {
  const result = await db.query<{ dept_id: string | null }>('SELECT dept_id FROM blade_user WHERE tenant_id = $1 AND id = $2 AND is_deleted = 0', [
    caller.tenantId,
    caller.userId,
  ]);
  const listed = (result.rows[0]?.dept_id ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => /^[0-9]+$/.test(id));
  return listed.length > 0 ? listed : caller.deptId ? [caller.deptId] : [];
}

async function withDescendants(db: Queryable, tenantId: string, deptIds: string[]): Promise<string[]> {
  if (deptIds.length === 0) return [];
  const result = await db.query<{ id: string }>(
    `WITH RECURSIVE below AS (
       SELECT id FROM blade_dept WHERE tenant_id = $1 AND is_deleted = 0 AND id = ANY($2::bigint[])
       UNION SELECT d.id FROM blade_dept d JOIN below b ON d.parent_id = b.id WHERE d.tenant_id = $1 AND d.is_deleted = 0
     ) SELECT id::text AS id FROM below`,
    [tenantId, deptIds],
  );
  return result.rows.map((row) => row.id);
}

/** The restriction the granted scopes amount to, or undefined when they allow every row. */
export async function dataRestriction(db: Queryable, caller: Caller, resourceCode: string): Promise<DataRestriction | undefined> {
  const scopes = await grantedScopes(db, caller, resourceCode);
  if (scopes.length === 0 || scopes.some((s) => s.scope_type === DATA_SCOPE_TYPE.all)) return undefined;
  const userIds = new Set<string>();
  const deptIds = new Set<string>();
  for (const scope of scopes) {
    if (scope.scope_type === DATA_SCOPE_TYPE.ownRows) userIds.add(caller.userId);
    if (scope.scope_type === DATA_SCOPE_TYPE.ownDept) for (const id of await ownDepartments(db, caller)) deptIds.add(id);
    if (scope.scope_type === DATA_SCOPE_TYPE.ownDeptAndChildren) {
      for (const id of await withDescendants(db, caller.tenantId, await ownDepartments(db, caller))) deptIds.add(id);
    }
    if (scope.scope_type === DATA_SCOPE_TYPE.custom) {
      for (const id of (scope.scope_value ?? '').split(',')) if (/^[0-9]+$/.test(id.trim())) deptIds.add(id.trim());
    }
  }
  return { userIds: [...userIds], deptIds: [...deptIds] };
}

/** The rows of a register the caller may touch in this request; the data scope is the one granted on `menuCode` (default the register's menu). */
export async function rowScopeOf(db: Queryable, caller: Caller, model: EntityModel, menuCode = model.menuCode): Promise<RowScope> {
  if (model.owner) return { tenantId: caller.tenantId, ownerId: caller.userId };
  if (!model.dataScope || !menuCode) return { tenantId: caller.tenantId };
  return { tenantId: caller.tenantId, restriction: await dataRestriction(db, caller, menuCode) };
}
