/** Goods: goods with stock left cannot be removed (write them off first); the engine checks the depository reference. */
import { defineActions } from '../../engine/actions.js';
import { defineHooks } from '../../engine/hooks.js';
import { badRequest } from '../../http/apiError.js';
import { goodsNodes } from '../../urgent/pickerTrees.js';

defineHooks('urgent/goods', {
  beforeRemove: ({ rows }) => {
    const stocked = rows.find((row) => Number(row.stock) > 0);
    if (stocked) {
      throw badRequest(
        `物资「${String(stocked.name)}」还有库存 ${Number(stocked.stock)}，请先报废核销后再删除`,
        `The goods "${String(stocked.name)}" still have ${Number(stocked.stock)} in stock; write them off before removing them`,
      );
    }
  },
});

defineActions('urgent/goods', { tree: goodsNodes });
