/** Available goods: a read-only view over the goods with stock (src/server/urgent/goodsAvailability.ts). */
import { defineActions } from '../../engine/actions.js';
import { availableGoods, availableGoodsPage } from '../../urgent/goodsAvailability.js';

defineActions('urgent/goodsAvailable', {
  list: availableGoodsPage,
  getAvailable: availableGoods,
});
