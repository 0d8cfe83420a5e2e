/** Inspection item groups: the kind-parameterised handlers of itemGroupActions.ts. */
import { defineActions } from '../../engine/actions.js';
import { itemGroupActions } from './itemGroupActions.js';

defineActions('inspect/itemGroup', itemGroupActions('inspect'));
