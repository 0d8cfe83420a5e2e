/** purchase: a stock movement (hooks in src/server/urgent/movementHooks.ts). */
import { defineMovementHooks } from '../../urgent/movementHooks.js';
import { PURCHASE } from '../../urgent/movementKinds.js';

defineMovementHooks(PURCHASE);
