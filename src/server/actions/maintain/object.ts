/** Maintenance objects: the rule and actions of objectActions.ts, shared by the three kinds. */
import { defineActions } from '../../engine/actions.js';
import { defineObjectHooks, objectActions } from '../inspect/objectActions.js';

defineObjectHooks('maintain');
defineActions('maintain/object', objectActions('maintain'));
