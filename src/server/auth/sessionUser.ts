/**
 * The user behind a sign-in: account, roles and department, read fresh from
 * the database at sign-in and at every refresh (so a removed user or role
 * stops working at the next refresh).
 */
import type { Queryable } from '../db/pool.js';

export interface SessionUser {
  id: string;
  tenantId: string;
  account: string;
  name: string;
  realName: string;
  avatar: string;
  passwordHash: string;
  roleIds: string[];
  roleAliases: string[];
  deptId: string | null;
  deptRegionCode: string;
}

/** Logo shown when a user has no avatar of their own (served with the console). */
export const DEFAULT_AVATAR = '/img/avatar.svg';

const USER_COLUMNS = `u.id::text AS id, u.tenant_id, u.account, u.name, u.real_name, u.avatar, u.password, u.role_id, u.dept_id`;

async function complete(db: Queryable, row: Record<string, unknown> | undefined): Promise<SessionUser | undefined> {
  if (!row) return undefined;
  const roleIds = String(row.role_id ?? '')
    .split(',')
    .filter((id) => /^\d+$/.test(id));
  const roles = await db.query<{ id: string; role_alias: string }>(
    `SELECT id::text AS id, role_alias FROM blade_role WHERE tenant_id = $1 AND id = ANY($2::bigint[]) AND is_deleted = 0 ORDER BY sort`,
    [row.tenant_id, roleIds],
  );
  const deptId =
    String(row.dept_id ?? '')
      .split(',')
      .find((id) => /^\d+$/.test(id)) ?? null;
  const dept = deptId
    ? await db.query<{ region_code: string | null }>(`SELECT region_code FROM blade_dept WHERE tenant_id = $1 AND id = $2 AND is_deleted = 0`, [
        row.tenant_id,
        deptId,
      ])
    : undefined;
  return {
    id: String(row.id),
    tenantId: String(row.tenant_id),
    account: String(row.account),
    name: String(row.name ?? ''),
    realName: String(row.real_name ?? ''),
    avatar: row.avatar ? String(row.avatar) : DEFAULT_AVATAR,
    passwordHash: String(row.password ?? ''),
    roleIds: roles.rows.map((r) => r.id),
    roleAliases: roles.rows.map((r) => r.role_alias),
    deptId,
    deptRegionCode: dept?.rows[0]?.region_code ?? '',
  };
}

export async function findUserByAccount(db: Queryable, tenantId: string, account: string): Promise<SessionUser | undefined> {
  const result = await db.query(`SELECT ${USER_COLUMNS} FROM blade_user u WHERE u.tenant_id = $1 AND u.account = $2 AND u.is_deleted = 0 AND u.status = 1`, [
    tenantId,
    account,
  ]);
  return complete(db, result.rows[0]);
}

export async function findUserById(db: Queryable, tenantId: string, userId: string): Promise<SessionUser | undefined> {
  const result = await db.query(`SELECT ${USER_COLUMNS} FROM blade_user u WHERE u.tenant_id = $1 AND u.id = $2 AND u.is_deleted = 0 AND u.status = 1`, [
    tenantId,
    userId,
  ]);
  return complete(db, result.rows[0]);
}

export interface TenantRecord {
  tenantId: string;
  tenantName: string;
  isExpired: boolean;
}

export async function findTenant(db: Queryable, tenantId: string): Promise<TenantRecord | undefined> {
  const result = await db.query(
    `SELECT tenant_id, tenant_name, (expire_time IS NOT NULL AND expire_time < LOCALTIMESTAMP) AS expired
       FROM blade_tenant WHERE tenant_id = $1 AND is_deleted = 0 AND status = 1`,
    [tenantId],
  );
  const row = result.rows[0];
  return row ? { tenantId: row.tenant_id, tenantName: row.tenant_name, isExpired: row.expired } : undefined;
}
