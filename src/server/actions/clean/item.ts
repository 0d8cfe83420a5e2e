/** Cleaning items: the remove rule of itemActions.ts, shared by the three kinds. */
import { defineItemHooks } from '../inspect/itemActions.js';

defineItemHooks('clean');
