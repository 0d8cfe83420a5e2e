/**
 * Actions of the post register (schemas/system/post.json): removal refuses
 * posts that users still hold; `tree` gives the posts as flat tree nodes so
 * tree-select pickers (a user's postId) can offer them like any reference.
 */
import type { TreeNode } from '../../../shared/envelope.js';
import type { DbClient } from '../../db/pool.js';
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { actorOf } from '../../engine/operations/context.js';
import { parseIds } from '../../engine/operations/writeOperations.js';
import { buildSoftDelete } from '../../engine/sqlBuilder.js';
import { ApiError, badRequest } from '../../http/apiError.js';

async function removePosts(ctx: ActionContext): Promise<{ removed: number }> {
  const ids = parseIds(ctx.query[ctx.binding.idParam]);
  const tx = ctx.tx as DbClient;
  const found = await tx.query<{ id: string; post_name: string }>(
    'SELECT id::text AS id, post_name FROM blade_post WHERE tenant_id = $1 AND is_deleted = 0 AND id = ANY($2::bigint[]) FOR UPDATE',
    [ctx.caller.tenantId, ids],
  );
  if (found.rows.length !== ids.length) throw new ApiError(404, { zh: '要删除的数据不存在或已被删除', en: 'Some of the records to delete do not exist or were already deleted' });
  const holders = await tx.query<{ post_id: string; users: number }>(
    `SELECT p.post_id, count(*)::int AS users FROM blade_user u CROSS JOIN LATERAL unnest(string_to_array(u.post_id, ',')) AS p(post_id)
      WHERE u.tenant_id = $1 AND u.is_deleted = 0 AND p.post_id = ANY($2::text[]) GROUP BY p.post_id`,
    [ctx.caller.tenantId, ids],
  );
  if (holders.rows.length > 0) {
    const name = found.rows.find((p) => p.id === holders.rows[0].post_id)!.post_name;
    const users = holders.rows[0].users;
    throw badRequest(`岗位“${name}”仍有 ${users} 个用户在任，请先调整这些用户的岗位`, `The post "${name}" is still held by ${users} users; change their posts first`);
  }
  const sql = buildSoftDelete(ctx.model, ctx.scope, actorOf(ctx.caller), ids);
  const result = await tx.query(sql.text, sql.values);
  return { removed: result.rowCount ?? 0 };
}

async function postNodes(ctx: ActionContext): Promise<TreeNode[]> {
  const result = await ctx.tx.query<{ id: string; post_name: string }>(
    'SELECT id::text AS id, post_name FROM blade_post WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY sort, id',
    [ctx.caller.tenantId],
  );
  return result.rows.map((row) => ({ id: row.id, parentId: '0', title: row.post_name, key: row.id, value: row.id }));
}

defineActions('system/post', {
  remove: removePosts,
  tree: postNodes,
});
