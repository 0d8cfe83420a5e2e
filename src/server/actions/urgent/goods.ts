/** Goods: the depository must be the tenant's; goods with stock left cannot be removed (write them off first). */
import { defineActions } from '../../engine/actions.js';
import { badRequest } from '../../http/apiError.js';
import { goodsNodes } from '../../urgent/pickerTrees.js';
import { DEPOSITORY_REF } from '../../urgent/references.js';
import { checkedWrites } from '../reservoir/checkedWrites.js';
import { removeGuarded } from '../system/rowRemoval.js';

type Row = Record<string, unknown>;

async function assertNoStockLeft(rows: Row[]): Promise<void> {
  const stocked = rows.find((row) => Number(row.stock) > 0);
  if (stocked) {
    throw badRequest(
      `物资「${String(stocked.name)}」还有库存 ${Number(stocked.stock)}，请先报废核销后再删除`,
      `The goods "${String(stocked.name)}" still have ${Number(stocked.stock)} in stock; write them off before removing them`,
    );
  }
}

defineActions('urgent/goods', {
  ...checkedWrites([DEPOSITORY_REF]),
  tree: goodsNodes,
  remove: (ctx) => removeGuarded(ctx, assertNoStockLeft),
});
