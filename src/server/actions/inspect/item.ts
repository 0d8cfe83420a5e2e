/** Inspection items: the remove rule of itemActions.ts, shared by the three kinds. */
import { defineItemHooks } from './itemActions.js';

defineItemHooks('inspect');
