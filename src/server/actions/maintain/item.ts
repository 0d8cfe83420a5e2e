/** Maintenance items: the inspection module's kind-parameterised handlers. */
import { defineActions } from '../../engine/actions.js';
import { itemActions } from '../inspect/itemActions.js';

defineActions('maintain/item', itemActions('maintain'));
