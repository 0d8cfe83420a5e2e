/** goodsUsed: a stock movement (hooks in src/server/urgent/movementHooks.ts); the engine checks the reservoir and goods references. */
import { defineMovementHooks } from '../../urgent/movementHooks.js';
import { GOODS_USED } from '../../urgent/movementKinds.js';

defineMovementHooks(GOODS_USED);
