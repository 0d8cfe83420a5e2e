/** Depositories: the reservoir a depository serves must be the tenant's; one still holding goods cannot be removed. */
import type { DbClient } from '../../db/pool.js';
import { defineActions } from '../../engine/actions.js';
import { badRequest } from '../../http/apiError.js';
import { RESERVOIR_REF } from '../../urgent/references.js';
import { checkedWrites } from '../reservoir/checkedWrites.js';
import { removeGuarded } from '../system/rowRemoval.js';

type Row = Record<string, unknown>;

async function assertHoldsNoGoods(rows: Row[], tx: DbClient): Promise<void> {
  const ids = rows.map((row) => String(row.id));
  const held = await tx.query<{ name: string }>(
    `SELECT d.name FROM urgent_depository d WHERE d.id = ANY($1) AND EXISTS (
       SELECT 1 FROM urgent_goods g WHERE g.tenant_id = d.tenant_id AND g.depository_id = d.id AND g.is_deleted = 0) LIMIT 1`,
    [ids],
  );
  const name = held.rows[0]?.name;
  if (name) throw badRequest(`仓库「${name}」中还有物资，请先移除或转移物资`, `The depository "${name}" still holds goods; remove or move them first`);
}

defineActions('urgent/depository', {
  ...checkedWrites([RESERVOIR_REF]),
  remove: (ctx) => removeGuarded(ctx, assertHoldsNoGoods),
});
