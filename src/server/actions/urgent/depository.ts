/** Depositories: a depository still holding goods cannot be removed (the engine checks the reservoir reference). */
import { defineHooks } from '../../engine/hooks.js';
import { localApi } from '../../engine/localApi.js';
import { badRequest } from '../../http/apiError.js';

defineHooks('urgent/depository', {
  beforeRemove: async ({ ctx, tx, rows }) => {
    const held = await localApi(ctx, tx)
      .tenantWide()
      .findOne('urgent/goods', { depositoryId: rows.map((row) => String(row.id)) });
    const name = held && rows.find((row) => String(row.id) === held.depositoryId)?.name;
    if (name)
      throw badRequest(
        `仓库「${String(name)}」中还有物资，请先移除或转移物资`,
        `The depository "${String(name)}" still holds goods; remove or move them first`,
      );
  },
});
