/** Responsible-person actions: the export with reservoir names, and account binding (add and update are the engine's). */
import { defineActions } from '../../engine/actions.js';
import { bindStaff, candidateAccounts, unbindStaff } from './staffBinding.js';
import { exportStaff } from './staffExport.js';

defineActions('reservoir/staff', {
  export: exportStaff,
  account: candidateAccounts,
  bind: bindStaff,
  unbinding: unbindStaff,
});
