/**
 * Engineering registers (除险加固, 降等报废, 注册登记, 安全鉴定): writes check
 * the reservoir belongs to the tenant; appraisals and accepted reinforcements
 * update the reservoir archive in the same transaction.
 */
import type { ActionHandler } from '../../engine/actions.js';
import { defineActions } from '../../engine/actions.js';
import { checkedWrites } from '../reservoir/checkedWrites.js';
import { RESERVOIR_REF } from '../reservoir/references.js';
import { syncReinforceYear, syncSafetyClass } from './archiveSync.js';

type Sync = typeof syncSafetyClass;

/** Runs a write, then brings the saved record's reservoir up to date. */
function thenSync(write: ActionHandler, sync: Sync): ActionHandler {
  return async (ctx) => {
    const saved = (await write(ctx)) as Record<string, unknown>;
    if (saved.reservoirId) await sync(ctx.tx, ctx.caller.tenantId, ctx.caller.userId, String(saved.reservoirId));
    return saved;
  };
}

function syncedWrites(sync: Sync): { save: ActionHandler; update: ActionHandler } {
  const { save, update } = checkedWrites([RESERVOIR_REF]);
  return { save: thenSync(save, sync), update: thenSync(update, sync) };
}

defineActions('engineering/reinforce', syncedWrites(syncReinforceYear));
defineActions('engineering/downgrade', checkedWrites([RESERVOIR_REF]));
defineActions('engineering/register', checkedWrites([RESERVOIR_REF]));
defineActions('engineering/safety', syncedWrites(syncSafetyClass));
