/** purchase: a stock movement (src/server/urgent/movementHandlers.ts). */
import { defineActions } from '../../engine/actions.js';
import { movementHandlers } from '../../urgent/movementHandlers.js';
import { PURCHASE } from '../../urgent/movementKinds.js';

defineActions(PURCHASE.schemaId, movementHandlers(PURCHASE));
