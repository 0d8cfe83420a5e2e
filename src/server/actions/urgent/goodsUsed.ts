/** goodsUsed: a stock movement (src/server/urgent/movementHandlers.ts); the reservoir it was used at must be the tenant's. */
import { defineActions } from '../../engine/actions.js';
import { movementHandlers } from '../../urgent/movementHandlers.js';
import { GOODS_USED } from '../../urgent/movementKinds.js';
import { RESERVOIR_REF } from '../../urgent/references.js';

defineActions(GOODS_USED.schemaId, movementHandlers(GOODS_USED, [RESERVOIR_REF]));
