/** Inspection objects: the rule and actions of objectActions.ts, shared by the three kinds. */
import { defineActions } from '../../engine/actions.js';
import { defineObjectHooks, objectActions } from './objectActions.js';

defineObjectHooks('inspect');
defineActions('inspect/object', objectActions('inspect'));
