/** removal: a stock movement (hooks in src/server/urgent/movementHooks.ts). */
import { defineMovementHooks } from '../../urgent/movementHooks.js';
import { REMOVAL } from '../../urgent/movementKinds.js';

defineMovementHooks(REMOVAL);
