/** Maintenance item groups: the inspection module's kind-parameterised handlers. */
import { defineActions } from '../../engine/actions.js';
import { itemGroupActions } from '../inspect/itemGroupActions.js';

defineActions('maintain/itemGroup', itemGroupActions('maintain'));
