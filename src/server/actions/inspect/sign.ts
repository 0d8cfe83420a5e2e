/** Sign-in records: the signer is the caller unless the body names another user of the tenant. */
import type { DbClient } from '../../db/pool.js';
import { defineActions } from '../../engine/actions.js';
import { insertRow } from '../../engine/operations/writeOperations.js';
import { bodyOf } from './itemGroupActions.js';

defineActions('inspect/sign', {
  save: async (ctx) => {
    const body = bodyOf(ctx);
    return insertRow(ctx, ctx.tx as DbClient, ctx.model, body.userId ? body : { ...body, userId: ctx.caller.userId });
  },
});
