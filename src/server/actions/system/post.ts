/**
 * Actions of the post register (schemas/system/post.json): removal refuses
 * posts that users still hold; `tree` gives the posts as flat tree nodes so
 * tree-select pickers (a user's postId) can offer them like any reference.
 */
import type { TreeNode } from '../../../shared/envelope.js';
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { firstHeldByUsers, removeGuarded } from './rowRemoval.js';
import { badRequest } from '../../http/apiError.js';

/** post/remove?ids: refused for posts users still hold. */
function removePosts(ctx: ActionContext): Promise<{ removed: number }> {
  return removeGuarded(ctx, async (rows, tx) => {
    const held = await firstHeldByUsers(tx, ctx.caller.tenantId, 'post_id', rows);
    if (held) {
      const name = String(held.row.post_name);
      throw badRequest(`岗位“${name}”仍有 ${held.users} 个用户在任，请先调整这些用户的岗位`, `The post "${name}" is still held by ${held.users} users; change their posts first`);
    }
  });
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
