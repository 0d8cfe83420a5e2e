/** Cleaning objects: the inspection module's kind-parameterised handlers. */
import { defineActions } from '../../engine/actions.js';
import { objectActions } from '../inspect/objectActions.js';

defineActions('clean/object', objectActions('clean'));
