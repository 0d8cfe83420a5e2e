/**
 * Actions of the role register (schemas/system/role.json): removal with its
 * rules, the subtree of one role, the role picker and the grants.
 */
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { firstHeldByUsers, removeGuarded } from './rowRemoval.js';
import { buildForest } from '../../engine/operations/treeOperations.js';
import { badRequest, notFound } from '../../http/apiError.js';
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
function removeRoles(ctx: ActionContext): Promise<{ removed: number }> {
  return removeGuarded(ctx, async (rows, tx) => {
    if (rows.some((role) => Number(role.is_platform_admin) === 1)) throw badRequest('平台管理角色不能删除', 'The platform administration role cannot be removed');
    const held = await firstHeldByUsers(tx, ctx.caller.tenantId, 'role_id', rows);
    if (held) {
      const name = String(held.row.role_name);
      throw badRequest(`角色“${name}”仍有 ${held.users} 个用户在使用，请先为这些用户取消该角色`, `The role "${name}" is still held by ${held.users} users; take it from them first`);
    }
    const ids = rows.map((row) => String(row.id));
    for (const table of ['blade_role_menu', 'blade_role_scope', 'blade_role_top_menu']) {
      await tx.query(`DELETE FROM ${table} WHERE tenant_id = $1 AND role_id = ANY($2::bigint[])`, [ctx.caller.tenantId, ids]);
    }
  });
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
