/**
 * Actions of the post register (schemas/system/post.json): removal refuses
 * posts that users still hold (the pickers' flat list is the engine's options
 * operation).
 */
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


defineActions('system/post', {
  remove: removePosts,
});
