/** removal: a stock movement (src/server/urgent/movementHandlers.ts). */
import { defineActions } from '../../engine/actions.js';
import { movementHandlers } from '../../urgent/movementHandlers.js';
import { REMOVAL } from '../../urgent/movementKinds.js';

defineActions(REMOVAL.schemaId, movementHandlers(REMOVAL));
