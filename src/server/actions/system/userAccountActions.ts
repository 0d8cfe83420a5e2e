/**
 * What administrators do to accounts beyond editing them: give roles
 * (grant), reset passwords to the tenant's initial password, lift a sign-in
 * lock (unlock), approve a registration (audit-pass) and set the platform
 * fields (update-platform). Each acts only on users the caller can see
 * (tenant and data scope) and, where it could hand over power, only on users
 * within the caller's reach.
 */
import type { DbClient } from '../../db/pool.js';
import type { ActionContext } from '../../engine/actions.js';
import { ApiError, badRequest } from '../../http/apiError.js';
import { hasControlCharacters } from '../../http/textInput.js';
import { initialPasswordRule } from './initialPassword.js';
import { idList, isBlank, paramsOf, requiredId, requiredIds, splitIds } from './actionParams.js';
import { assertUsersWithinReach } from './roleReach.js';
import { assertReferencesExist, assertRoleChangeWithinReach } from './userInput.js';
import { requireUsers } from './userQueries.js';
import { endSessions } from './userWrites.js';

function transaction(ctx: ActionContext): DbClient {
  return ctx.tx as DbClient;
}

/** user/grant?userIds&roleIds: the users' roles become exactly these. */
export async function grantRoles(ctx: ActionContext): Promise<{ granted: number }> {
  const params = paramsOf(ctx);
  const userIds = requiredIds(params.userIds, 'userIds');
  const roleIds = idList(params.roleIds, 'roleIds', 100);
  if (roleIds.length === 0) throw badRequest('请选择角色', 'Please choose the roles');
  const tx = transaction(ctx);
  await assertReferencesExist(ctx, tx, { roleId: roleIds.join(',') });
  const users = await requireUsers(tx, ctx.model, ctx.scope, userIds, true);
  await assertUsersWithinReach(tx, ctx.caller, users);
  for (const user of users) await assertRoleChangeWithinReach(tx, ctx.caller, splitIds(user.roleId), roleIds);
  // tenant-sql: one bulk write of the roles the checks above allowed (user/update's rules and hooks are not user/grant's).
  await tx.query(
    `UPDATE blade_user SET role_id = $3, update_user = $4, update_time = LOCALTIMESTAMP(0), version = version + 1 WHERE tenant_id = $1 AND id = ANY($2::bigint[])`,
    [ctx.caller.tenantId, userIds, roleIds.join(','), ctx.caller.userId],
  );
  return { granted: userIds.length };
}

export interface ResetAnswer {
  reset: number;
  /** Generated passwords (the tenant's rule is `random`), shown once. */
  initialPasswords?: { userId: string; account: string; initial: string }[];
}

/** user/reset-password?userIds: every chosen account gets the tenant's initial password and its sessions end. */
export async function resetPasswords(ctx: ActionContext): Promise<ResetAnswer> {
  const userIds = requiredIds(paramsOf(ctx).userIds, 'userIds');
  const tx = transaction(ctx);
  const users = await requireUsers(tx, ctx.model, ctx.scope, userIds, true);
  await assertUsersWithinReach(tx, ctx.caller, users);
  const rule = await initialPasswordRule(ctx, tx);
  const generated: NonNullable<ResetAnswer['initialPasswords']> = [];
  for (const user of users) {
    const made = await rule.make();
    // tenant-sql: the password hash is no field of the register (never an input or output), so only SQL writes it.
    await tx.query(
      'UPDATE blade_user SET password = $3, update_user = $4, update_time = LOCALTIMESTAMP(0), version = version + 1 WHERE tenant_id = $1 AND id = $2',
      [ctx.caller.tenantId, user.id, made.hash, ctx.caller.userId],
    );
    if (made.generated) generated.push({ userId: String(user.id), account: String(user.account), initial: made.generated });
  }
  await endSessions(tx, ctx.caller.tenantId, userIds);
  return generated.length > 0 ? { reset: users.length, initialPasswords: generated } : { reset: users.length };
}

/** user/unlock?userIds: clears the sign-in failure count and lock of each account. */
export async function unlockUsers(ctx: ActionContext): Promise<{ unlocked: number }> {
  const userIds = requiredIds(paramsOf(ctx).userIds, 'userIds');
  const tx = transaction(ctx);
  const users = await requireUsers(tx, ctx.model, ctx.scope, userIds);
  // The throttle counts what was typed at sign-in; accounts differing only in case are the same person's attempts.
  const accounts = users.map((user) => String(user.account).toLowerCase());
  // tenant-sql: the sign-in throttle's table is infrastructure, not a register (no schema).
  await tx.query('DELETE FROM rsc_login_failure WHERE tenant_id = $1 AND lower(account) = ANY($2::text[])', [ctx.caller.tenantId, accounts]);
  return { unlocked: users.length };
}

/** user/audit-pass?userIds: registrations waiting for approval (status 2) may sign in. */
export async function approveRegistrations(ctx: ActionContext): Promise<{ approved: number }> {
  const userIds = requiredIds(paramsOf(ctx).userIds, 'userIds');
  const tx = transaction(ctx);
  const users = await requireUsers(tx, ctx.model, ctx.scope, userIds, true);
  if (users.some((user) => Number(user.status) !== 2)) throw badRequest('只能审核待审核的注册用户', 'Only registrations waiting for approval can be approved');
  // tenant-sql: status is a base column the engine keeps out of updates (approval is this action's only way to set it).
  await tx.query(
    'UPDATE blade_user SET status = 1, update_user = $3, update_time = LOCALTIMESTAMP(0), version = version + 1 WHERE tenant_id = $1 AND id = ANY($2::bigint[])',
    [ctx.caller.tenantId, userIds, ctx.caller.userId],
  );
  return { approved: users.length };
}

const USER_TYPES = [1, 2, 3];

/** user/update-platform?userId&userType&userExt. */
export async function updatePlatform(ctx: ActionContext): Promise<{ id: string; userType: number; userExt: string | null }> {
  const params = paramsOf(ctx);
  const userId = requiredId(params.userId ?? params.id, 'userId');
  const userType = Number(params.userType);
  if (isBlank(params.userType) || !USER_TYPES.includes(userType)) {
    throw new ApiError(
      400,
      { zh: '请选择用户平台', en: 'Please choose the platform' },
      { errors: [{ field: 'userType', message: ctx.language === 'zh' ? '请选择用户平台' : 'Please choose the platform' }] },
    );
  }
  const userExt = isBlank(params.userExt) ? null : params.userExt;
  if (userExt !== null && (typeof userExt !== 'string' || userExt.length > 2000 || hasControlCharacters(userExt))) {
    throw badRequest('用户拓展不能超过2000个字符', 'The platform extension must be text of at most 2000 characters');
  }
  const tx = transaction(ctx);
  const users = await requireUsers(tx, ctx.model, ctx.scope, [userId], true);
  await assertUsersWithinReach(tx, ctx.caller, users);
  // tenant-sql: user/update-platform changes only the platform fields, without user/update's rules and hooks.
  await tx.query(
    'UPDATE blade_user SET user_type = $3, user_ext = $4, update_user = $5, update_time = LOCALTIMESTAMP(0), version = version + 1 WHERE tenant_id = $1 AND id = $2',
    [ctx.caller.tenantId, userId, userType, userExt, ctx.caller.userId],
  );
  return { id: userId, userType, userExt };
}
