/**
 * role/assign-users {roleId, userIds}: the role page's 分配用户. Each chosen
 * user gets the role beside the roles they already hold (nobody loses a
 * role here; user/grant replaces roles). The same rules as user/grant apply:
 * the role must be within the caller's reach, and so must every user's
 * current roles; users are only those the caller's data scope shows.
 */
import { rowScopeOf } from '../../auth/dataScopes.js';
import type { ActionContext } from '../../engine/actions.js';
import { entityModel } from '../../engine/entityRegistry.js';
import { paramsOf, requiredId, requiredIds, splitIds } from './actionParams.js';
import { assertUsersWithinReach } from './roleReach.js';
import { assertReferencesExist, assertRoleChangeWithinReach } from './userInput.js';
import { requireUsers } from './userQueries.js';

export async function assignUsers(ctx: ActionContext): Promise<{ assigned: number }> {
  const params = paramsOf(ctx);
  const roleId = requiredId(params.roleId, 'roleId');
  const userIds = requiredIds(params.userIds, 'userIds');
  await assertReferencesExist(ctx, ctx.tx, { roleId });
  const userModel = entityModel('system/user');
  const users = await requireUsers(ctx.tx, userModel, await rowScopeOf(ctx.tx, ctx.caller, userModel), userIds, true);
  await assertUsersWithinReach(ctx.tx, ctx.caller, users);
  let assigned = 0;
  for (const user of users) {
    const before = splitIds(user.roleId);
    if (before.includes(roleId)) continue;
    await assertRoleChangeWithinReach(ctx.tx, ctx.caller, before, [...before, roleId]);
    // tenant-sql: adds one role as user/grant does (user/update's rules and hooks are not role assignment's).
    await ctx.tx.query(
      `UPDATE blade_user SET role_id = $3, update_user = $4, update_time = LOCALTIMESTAMP(0), version = version + 1 WHERE tenant_id = $1 AND id = $2`,
      [ctx.caller.tenantId, user.id, [...before, roleId].join(','), ctx.caller.userId],
    );
    assigned += 1;
  }
  return { assigned };
}
