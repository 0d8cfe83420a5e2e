/**
 * Actions of the role register (schemas/system/role.json): removal with its
 * rules, the subtree of one role, the role picker and the grants.
 */
import { defineActions, type ActionContext } from '../../engine/actions.js';
import type { DbClient } from '../../db/pool.js';
import { actorOf } from '../../engine/operations/context.js';
import { buildForest } from '../../engine/operations/treeOperations.js';
import { parseIds } from '../../engine/operations/writeOperations.js';
import { buildSoftDelete } from '../../engine/sqlBuilder.js';
import { ApiError, badRequest, notFound } from '../../http/apiError.js';
import type { TreeNode } from '../../../shared/envelope.js';
import { isBlank, requiredId } from './actionParams.js';
import { assignUsers } from './roleAssignUsers.js';
import { grantKeys, grantToRoles } from './roleGrant.js';

interface RoleRow {
  id: string;
  parentId: string;
  roleName: string;
  roleAlias: string;
  sort: number;
  isPlatformAdmin: number;
}

const ROLE_COLUMNS = `id::text AS "id", parent_id::text AS "parentId", role_name AS "roleName", role_alias AS "roleAlias", sort, is_platform_admin AS "isPlatformAdmin"`;

/**
 * role/remove?ids: refused for the platform administration role, for roles
 * with child roles left and for roles users still hold (naming the role);
 * removing a role also drops its grants.
 */
async function removeRoles(ctx: ActionContext): Promise<{ removed: number }> {
  const ids = parseIds(ctx.query[ctx.binding.idParam]);
  const tx = ctx.tx as DbClient;
  const { rows } = await tx.query<RoleRow>(`SELECT ${ROLE_COLUMNS} FROM blade_role WHERE tenant_id = $1 AND is_deleted = 0 AND id = ANY($2::bigint[]) FOR UPDATE`, [
    ctx.caller.tenantId,
    ids,
  ]);
  if (rows.length !== ids.length) throw new ApiError(404, { zh: '要删除的数据不存在或已被删除', en: 'Some of the records to delete do not exist or were already deleted' });
  if (rows.some((role) => role.isPlatformAdmin === 1)) throw badRequest('平台管理角色不能删除', 'The platform administration role cannot be removed');
  const children = await tx.query('SELECT 1 FROM blade_role WHERE tenant_id = $1 AND is_deleted = 0 AND parent_id = ANY($2::bigint[]) AND NOT (id = ANY($2::bigint[])) LIMIT 1', [
    ctx.caller.tenantId,
    ids,
  ]);
  if (children.rowCount) throw badRequest('请先删除子节点', 'Delete the child entries first');
  const held = await tx.query<{ role_id: string; users: number }>(
    `SELECT r.role_id, count(*)::int AS users FROM blade_user u CROSS JOIN LATERAL unnest(string_to_array(u.role_id, ',')) AS r(role_id)
      WHERE u.tenant_id = $1 AND u.is_deleted = 0 AND r.role_id = ANY($2::text[]) GROUP BY r.role_id`,
    [ctx.caller.tenantId, ids],
  );
  if (held.rows.length > 0) {
    const role = rows.find((r) => r.id === held.rows[0].role_id)!;
    const users = held.rows[0].users;
    throw badRequest(
      `角色“${role.roleName}”仍有 ${users} 个用户在使用，请先为这些用户取消该角色`,
      `The role "${role.roleName}" is still held by ${users} users; take it from them first`,
    );
  }
  for (const table of ['blade_role_menu', 'blade_role_scope', 'blade_role_top_menu']) {
    await tx.query(`DELETE FROM ${table} WHERE tenant_id = $1 AND role_id = ANY($2::bigint[])`, [ctx.caller.tenantId, ids]);
  }
  const sql = buildSoftDelete(ctx.model, ctx.scope, actorOf(ctx.caller), ids);
  const result = await tx.query(sql.text, sql.values);
  return { removed: result.rowCount ?? 0 };
}

async function tenantRoles(ctx: ActionContext): Promise<RoleRow[]> {
  const result = await ctx.tx.query<RoleRow>(`SELECT ${ROLE_COLUMNS} FROM blade_role WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY sort, id`, [ctx.caller.tenantId]);
  return result.rows;
}

/** role/tree-by-id?roleId=: the tree of that role and the roles below it. */
async function treeById(ctx: ActionContext): Promise<TreeNode[]> {
  const roleId = requiredId(ctx.query.roleId, 'roleId');
  const roles = await tenantRoles(ctx);
  if (!roles.some((role) => role.id === roleId)) throw notFound('角色不存在或已被删除', 'The role does not exist or has been deleted');
  const keep = new Set([roleId]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const role of roles) {
      if (!keep.has(role.id) && keep.has(role.parentId)) {
        keep.add(role.id);
        grew = true;
      }
    }
  }
  const nodes = roles
    .filter((role) => keep.has(role.id))
    .map((role): TreeNode => ({ id: role.id, parentId: role.id === roleId ? '0' : role.parentId, title: role.roleName, key: role.id, value: role.id }));
  return buildForest(nodes, (node) => node.id, (node) => node.parentId);
}

/** role/select?userId=: the roles a user holds; without userId every role of the tenant (flat, for pickers). */
async function selectRoles(ctx: ActionContext): Promise<RoleRow[]> {
  if (isBlank(ctx.query.userId)) return tenantRoles(ctx);
  const userId = requiredId(ctx.query.userId, 'userId');
  const user = await ctx.tx.query<{ role_id: string | null }>('SELECT role_id FROM blade_user WHERE tenant_id = $1 AND id = $2 AND is_deleted = 0', [ctx.caller.tenantId, userId]);
  if (!user.rows[0]) throw notFound('用户不存在或已被删除', 'The user does not exist or has been deleted');
  const held = new Set((user.rows[0].role_id ?? '').split(','));
  return (await tenantRoles(ctx)).filter((role) => held.has(role.id));
}

defineActions('system/role', {
  remove: removeRoles,
  treeById,
  select: selectRoles,
  grant: grantToRoles,
  grantKeys,
  assignUsers,
});
