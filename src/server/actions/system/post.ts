/**
 * Rules of the post register (schemas/system/post.json): removal refuses
 * posts that users still hold (the pickers' flat list is the engine's options
 * operation).
 */
import { defineHooks } from '../../engine/hooks.js';
import { badRequest } from '../../http/apiError.js';
import { firstHeldByUsers } from './rowRemoval.js';

defineHooks('system/post', {
  /** post/remove?ids: refused for posts users still hold. */
  beforeRemove: async ({ ctx, tx, rows }) => {
    const held = await firstHeldByUsers(ctx, tx, 'postId', rows);
    if (held) {
      const name = String(held.row.post_name);
      throw badRequest(
        `岗位“${name}”仍有 ${held.users} 个用户在任，请先调整这些用户的岗位`,
        `The post "${name}" is still held by ${held.users} users; change their posts first`,
      );
    }
  },
});
