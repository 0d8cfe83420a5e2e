/** Inspection item groups: the rules and reads of itemGroupActions.ts, shared by the three kinds. */
import { defineActions } from '../../engine/actions.js';
import { defineItemGroupHooks, itemGroupActions } from './itemGroupActions.js';

defineItemGroupHooks('inspect');
defineActions('inspect/itemGroup', itemGroupActions('inspect'));
