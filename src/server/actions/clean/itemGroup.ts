/** Cleaning item groups: the rules and reads of itemGroupActions.ts, shared by the three kinds. */
import { defineActions } from '../../engine/actions.js';
import { defineItemGroupHooks, itemGroupActions } from '../inspect/itemGroupActions.js';

defineItemGroupHooks('clean');
defineActions('clean/itemGroup', itemGroupActions('clean'));
