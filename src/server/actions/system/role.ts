/**
 * Actions of the role register (schemas/system/role.json): removal with its
 * rules, the subtree of one role, the role picker and the grants.
 */
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { firstHeldByUsers } from './rowRemoval.js';
import { defineHooks } from '../../engine/hooks.js';
import { localApi } from '../../engine/localApi.js';
import { scopedQuery } from '../../engine/scopedQuery.js';
import { buildForest } from '../../engine/operations/treeOperations.js';
import { badRequest, notFound } from '../../http/apiError.js';
import type { TreeNode } from '../../../shared/envelope.js';
import { isBlank, requiredId, splitIds } from './actionParams.js';
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

/**
 * role/remove?ids: refused for the platform administration role, for roles
 * with child roles left (the engine) and for roles users still hold (naming
 * the role); removing a role also drops its grants (link rows: deleted outright).
 */
defineHooks('system/role', {
  beforeRemove: async ({ ctx, tx, rows }) => {
    if (rows.some((role) => Number(role.is_platform_admin) === 1))
      throw badRequest('平台管理角色不能删除', 'The platform administration role cannot be removed');
    const held = await firstHeldByUsers(ctx, tx, 'roleId', rows);
    if (held) {
      const name = String(held.row.role_name);
      throw badRequest(
        `角色“${name}”仍有 ${held.users} 个用户在使用，请先为这些用户取消该角色`,
        `The role "${name}" is still held by ${held.users} users; take it from them first`,
      );
    }
    const ids = rows.map((row) => String(row.id));
    for (const register of ['system/roleMenu', 'system/roleScope', 'system/roleTopMenu'] as const) {
      const q = scopedQuery(ctx, tx);
      const link = await q.from(register, 'l', 'tenant');
      await q.rows(`DELETE FROM ${link.table} WHERE ${link.scope} AND ${link.col('roleId')} = ANY(${q.param(ids)}::bigint[])`);
    }
  },
});

async function tenantRoles(ctx: ActionContext): Promise<RoleRow[]> {
  const roles = await localApi(ctx)
    .tenantWide()
    .find('system/role', { sort: ['sort asc', 'id asc'] });
  return roles.map((role) => ({
    id: String(role.id),
    parentId: String(role.parentId),
    roleName: role.roleName,
    roleAlias: role.roleAlias,
    sort: role.sort,
    isPlatformAdmin: role.isPlatformAdmin ?? 0,
  }));
}

/** role/tree-by-id?roleId=: the tree of that role and the roles below it. */
async function treeById(ctx: ActionContext): Promise<TreeNode[]> {
  const roleId = requiredId(ctx.query.roleId, 'roleId');
  const roles = await tenantRoles(ctx);
  if (!roles.some((role) => role.id === roleId)) throw notFound('角色不存在或已被删除', 'The role does not exist or has been deleted');
  const keep = new Set([roleId]);
  for (let grew = true; grew;) {
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
  return buildForest(
    nodes,
    (node) => node.id,
    (node) => node.parentId,
  );
}

/** role/select?userId=: the roles a user holds; without userId every role of the tenant (flat, for pickers). */
async function selectRoles(ctx: ActionContext): Promise<RoleRow[]> {
  if (isBlank(ctx.query.userId)) return tenantRoles(ctx);
  const userId = requiredId(ctx.query.userId, 'userId');
  const user = await localApi(ctx).tenantWide().findById('system/user', userId);
  if (!user) throw notFound('用户不存在或已被删除', 'The user does not exist or has been deleted');
  const held = new Set(splitIds(user.roleId));
  return (await tenantRoles(ctx)).filter((role) => held.has(role.id));
}

defineActions('system/role', {
  treeById,
  select: selectRoles,
  grant: grantToRoles,
  grantKeys,
  assignUsers,
});
