/** Inspection objects: the kind-parameterised handlers of objectActions.ts (list/default only here). */
import { defineActions } from '../../engine/actions.js';
import { objectActions } from './objectActions.js';

defineActions('inspect/object', objectActions('inspect'));
