/** Cleaning items: the inspection module's kind-parameterised handlers. */
import { defineActions } from '../../engine/actions.js';
import { itemActions } from '../inspect/itemActions.js';

defineActions('clean/item', itemActions('clean'));
