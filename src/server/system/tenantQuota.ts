/**
 * The account quota of a tenant (blade_tenant.account_number, set by
 * tenant/setting; -1 or empty = unlimited): every path that creates a user
 * asks here first, inside its transaction. The tenant row is locked, so two
 * additions at once cannot both take the last place.
 */
import type { Queryable } from '../db/pool.js';
import { badRequest } from '../http/apiError.js';

export async function assertMayAddAccount(db: Queryable, tenantId: string): Promise<void> {
  const tenant = await db.query<{ limit: number | null }>(
    `SELECT account_number AS "limit" FROM blade_tenant WHERE tenant_id = $1 AND is_deleted = 0 FOR UPDATE`,
    [tenantId],
  );
  const limit = tenant.rows[0]?.limit;
  if (limit === null || limit === undefined || limit < 0) return;
  const used = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM blade_user WHERE tenant_id = $1 AND is_deleted = 0`, [tenantId]);
  if (used.rows[0].n >= limit) {
    throw badRequest(
      `当前租户已达到账号额度（${limit}个），不能再新增用户，请联系平台管理员`,
      `The tenant has reached its account quota (${limit}); no more users can be added. Contact the platform administrator`,
    );
  }
}
