/** Maintenance objects: the inspection module's kind-parameterised handlers. */
import { defineActions } from '../../engine/actions.js';
import { objectActions } from '../inspect/objectActions.js';

defineActions('maintain/object', objectActions('maintain'));
