/**
 * A leave follows its process (contract 14 §3): when the process ends, in the
 * transaction of the action that ended it, the leave becomes 已通过 (the last
 * approver passed), 已驳回 (an approver rejected, or the process was
 * terminated) or 已撤回 (withdrawn by the applicant), with the time and — for a
 * decision — who made it. The leave is the applicant's row, read across the
 * tenant: the approver who ends the process is not its owner.
 */
import { localApi } from '../../engine/localApi.js';
import { databaseNow } from '../design/databaseNow.js';
import { defineProcessListener, type ProcessOutcome } from '../runtime/processListeners.js';
import { isSystemActor } from '../runtime/timerScheduler.js';
import { LEAVE_STATUS, LEAVE_TABLE } from './leaveStatus.js';

const STATUS_OF: Record<ProcessOutcome, (typeof LEAVE_STATUS)[keyof typeof LEAVE_STATUS]> = {
  pass: LEAVE_STATUS.approved,
  reject: LEAVE_STATUS.rejected,
  terminated: LEAVE_STATUS.rejected,
  withdrawn: LEAVE_STATUS.withdrawn,
};

defineProcessListener(LEAVE_TABLE, {
  async onEnd(ctx, tx, instance, outcome) {
    if (!instance.businessId) return;
    const api = localApi(ctx, tx).tenantWide();
    const leave = await api.findById('work/leave', String(instance.businessId));
    // Only the process the leave itself started decides it (a process merely naming the leave does not).
    if (!leave || String(leave.processInstanceId ?? '') !== String(instance.id)) return;
    await api.update('work/leave', leave.id, {
      approvalStatus: STATUS_OF[outcome],
      finishTime: await databaseNow(tx),
      // A withdrawn leave was decided by nobody.
      // Nor was one ended by a timer (the system acts then, not a person).
      taskUser: outcome === 'withdrawn' || isSystemActor(ctx) ? undefined : ctx.caller.userId,
    });
  },
});
