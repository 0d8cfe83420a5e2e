/**
 * Engineering registers (除险加固, 降等报废, 注册登记, 安全鉴定): appraisals and
 * accepted reinforcements update the reservoir archive in the same
 * transaction (afterChange hooks); the engine checks the reservoir reference.
 */
import { defineHooks } from '../../engine/hooks.js';
import { syncReinforceYear, syncSafetyClass, type ArchiveSync } from './archiveSync.js';

/** After a save or update, brings the saved record's reservoir up to date. */
function syncAfterChange(schemaId: 'engineering/reinforce' | 'engineering/safety', sync: ArchiveSync): void {
  defineHooks(schemaId, {
    afterChange: async ({ ctx, tx, row }) => {
      if (row.reservoirId) await sync(ctx, tx, String(row.reservoirId));
    },
  });
}

syncAfterChange('engineering/reinforce', syncReinforceYear);
syncAfterChange('engineering/safety', syncSafetyClass);
