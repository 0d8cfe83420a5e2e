/** Available goods: a read-only view over the goods with stock (src/server/urgent/goodsAvailability.ts). */
import { defineActions } from '../../engine/actions.js';
import { availableGoods, availableGoodsPage } from '../../urgent/goodsAvailability.js';

defineActions('urgent/goodsAvailable', {
  // Stays: the view's list reads the goods register (stock > 0) with each depository's name and shortfall, not a table of its own.
  list: availableGoodsPage,
  getAvailable: availableGoods,
});
