/** Inspection items: the kind-parameterised handlers of itemActions.ts. */
import { defineActions } from '../../engine/actions.js';
import { itemActions } from './itemActions.js';

defineActions('inspect/item', itemActions('inspect'));
