/** Cleaning item groups: the inspection module's kind-parameterised handlers. */
import { defineActions } from '../../engine/actions.js';
import { itemGroupActions } from '../inspect/itemGroupActions.js';

defineActions('clean/itemGroup', itemGroupActions('clean'));
