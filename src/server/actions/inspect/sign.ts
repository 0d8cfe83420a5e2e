/** Sign-in records: the signer is the caller unless the save names another user of the tenant (the engine checks that user). */
import { defineHooks } from '../../engine/hooks.js';

defineHooks('inspect/sign', {
  beforeValidate: ({ ctx, operation, data }) => {
    if (operation === 'create' && !data.userId) data.userId = ctx.caller.userId;
  },
});
