/** Responsible-person actions: checked writes, the export with reservoir names, and account binding. */
import { defineActions } from '../../engine/actions.js';
import { checkedSave, checkedUpdate } from './checkedWrites.js';
import { RESERVOIR_REF } from './references.js';
import { bindStaff, candidateAccounts, unbindStaff } from './staffBinding.js';
import { exportStaff } from './staffExport.js';

defineActions('reservoir/staff', {
  add: checkedSave([RESERVOIR_REF]),
  update: checkedUpdate([RESERVOIR_REF]),
  export: exportStaff,
  account: candidateAccounts,
  bind: bindStaff,
  unbinding: unbindStaff,
});
