/**
 * Adding, editing and removing users. Adding hashes the md5 the console
 * sends (or gives the tenant's initial password); editing never touches the
 * password; roles change only within the caller's reach; a user cannot
 * remove themself. Every check comes before the first write, inside the
 * action's transaction.
 */
import { hashPassword, isMd5Hex } from '../../auth/passwords.js';
import { endUserSessions } from '../../auth/sessions.js';
import type { DbClient, Queryable } from '../../db/pool.js';
import type { ActionContext } from '../../engine/actions.js';
import { defineHooks } from '../../engine/hooks.js';
import { requireId } from '../../engine/operations/readOperations.js';
import { insertRow, updateRow } from '../../engine/operations/writeOperations.js';
import { badRequest } from '../../http/apiError.js';
import { assertMayAddAccount } from '../../system/tenantQuota.js';
import { initialPasswordRule } from './initialPassword.js';
import { isBlank, splitIds, type Params } from './actionParams.js';
import { assertUsersWithinReach } from './roleReach.js';
import { assertDepartmentsInScope, assertReferencesExist, assertRoleChangeWithinReach, assertValidUser, normalizedUserBody } from './userInput.js';
import { requireUsers } from './userQueries.js';

type Row = Record<string, unknown>;

function transaction(ctx: ActionContext): DbClient {
  return ctx.tx as DbClient;
}

/** Every session of these users ends: their access tokens are refused within seconds and their refresh tokens revoked. */
export async function endSessions(db: Queryable, tenantId: string, userIds: string[]): Promise<void> {
  await endUserSessions(db, tenantId, userIds);
}

async function userWithNames(ctx: ActionContext, id: string): Promise<Row> {
  const [row] = await requireUsers(ctx.tx, ctx.model, ctx.scope, [id]);
  return row;
}

export async function createUser(ctx: ActionContext): Promise<Row> {
  const body = normalizedUserBody(ctx.body);
  if (!isBlank(body.id)) throw badRequest('新增数据不能指定主键', 'A new record cannot carry an id');
  assertValidUser(ctx, body, true);
  const password = body.password;
  if (!isBlank(password) && !isMd5Hex(password)) throw badRequest('密码须经客户端加密后提交', 'Passwords must be sent hashed by the console (md5)');
  const tx = transaction(ctx);
  await assertReferencesExist(ctx, tx, body);
  // A new user must land inside the caller's data scope (an absent department counts as outside it).
  assertDepartmentsInScope(ctx.scope, { ...body, deptId: body.deptId ?? '' });
  await assertRoleChangeWithinReach(tx, ctx.caller, [], splitIds(body.roleId));
  await assertMayAddAccount(tx, ctx.caller.tenantId);
  const row = await insertRow(ctx, tx, ctx.model, body);
  let initial: string | undefined;
  let hash: string;
  if (isBlank(password)) {
    const made = await (await initialPasswordRule(ctx, tx)).make();
    hash = made.hash;
    initial = made.generated;
  } else {
    hash = await hashPassword(String(password));
  }
  // tenant-sql: the password hash is no field of the register (never an input or output), so only SQL writes it.
  await tx.query('UPDATE blade_user SET password = $3 WHERE tenant_id = $1 AND id = $2', [ctx.caller.tenantId, row.id, hash]);
  const saved = await userWithNames(ctx, String(row.id));
  return initial ? { ...saved, initialPassword: initial } : saved;
}

export async function editUser(ctx: ActionContext): Promise<Row> {
  const body: Params = normalizedUserBody(ctx.body);
  const id = requireId(body.id);
  delete body.password;
  assertValidUser(ctx, body, false);
  const tx = transaction(ctx);
  const [existing] = await requireUsers(tx, ctx.model, ctx.scope, [id], true);
  await assertUsersWithinReach(tx, ctx.caller, [existing]);
  await assertReferencesExist(ctx, tx, body);
  assertDepartmentsInScope(ctx.scope, body);
  if (body.roleId !== undefined) await assertRoleChangeWithinReach(tx, ctx.caller, splitIds(existing.roleId), splitIds(body.roleId));
  await updateRow(ctx, tx, ctx.model, body);
  return userWithNames(ctx, id);
}

export function submitUser(ctx: ActionContext): Promise<Row> {
  const body = ctx.body && typeof ctx.body === 'object' ? (ctx.body as Params) : {};
  return isBlank(body.id) ? createUser(ctx) : editUser(ctx);
}

defineHooks('system/user', {
  /** user/remove?ids: never the caller's own account, only users within the caller's reach; their sessions end with them. */
  beforeRemove: async ({ ctx, tx, rows }) => {
    const ids = rows.map((row) => String(row.id));
    if (ids.includes(ctx.caller.userId)) throw badRequest('不能删除当前登录的用户', 'You cannot remove the account you are signed in with');
    await assertUsersWithinReach(
      tx,
      ctx.caller,
      rows.map((row) => ({ roleId: row.role_id })),
    );
    await endSessions(tx, ctx.caller.tenantId, ids);
  },
});
