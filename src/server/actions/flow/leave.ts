/**
 * Leave requests (work/leave): the reads limited to whom a leave concerns,
 * the rules of drafts, and the start of a leave's process
 * (POST /api/blade-desk/process/leave/start-process) — see
 * src/server/workflow/leave/ for the rules themselves.
 */
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { defineHooks } from '../../engine/hooks.js';
import { listOperation, requireId } from '../../engine/operations/readOperations.js';
import { badRequest, forbidden } from '../../http/apiError.js';
import { leaveDaysOf } from '../../../shared/leaveDays.js';
import { readableLeave, seesAllLeaves } from '../../workflow/leave/leaveAccess.js';
import { leaveWithProcess } from '../../workflow/leave/leaveDetail.js';
import { startLeaveProcess } from '../../workflow/leave/leaveStart.js';
import '../../workflow/leave/leaveListener.js';
import { bodyOf, paramsOf } from '../system/actionParams.js';

/** The fields the applicant writes; the rest are the server's. */
const APPLICANT_FIELDS = ['leaveType', 'startTime', 'endTime', 'reason'] as const;

defineHooks('work/leave', {
  beforeChange: async ({ ctx, operation, data, merged, existing }) => {
    const changesLeave = APPLICANT_FIELDS.some((field) => field in data);
    if (operation === 'update' && changesLeave) {
      // Only a draft of one's own is edited; a leave once started is the process's record.
      if (String(existing?.createUser) !== ctx.caller.userId) throw forbidden('只能修改自己的请假申请', 'You can only edit your own leave requests');
      if (existing?.approvalStatus !== 0) throw badRequest('请假申请已提交审批，不能修改', 'The leave request is in approval or closed and cannot be edited');
    }
    // A draft may be unfinished: its days are counted once its dates make sense; start-process checks them in full.
    if (changesLeave || operation === 'create') data.days = leaveDaysOf(merged.startTime, merged.endTime) ?? null;
  },
  beforeRemove: async ({ ctx, rows }) => {
    const everyone = await seesAllLeaves(ctx);
    for (const row of rows) {
      if (!everyone && String(row.create_user) !== ctx.caller.userId) throw forbidden('只能删除自己的请假申请', 'You can only remove your own leave requests');
      if (Number(row.approval_status) === 1)
        throw badRequest('审批中的请假申请不能删除，请先撤回', 'A leave request in approval cannot be removed; withdraw it first');
    }
  },
});

/** The caller's own leaves, or the tenant's to a holder of the process monitor (the engine's list over a narrowed scope). */
async function listLeaves(ctx: ActionContext) {
  if (await seesAllLeaves(ctx)) return listOperation(ctx, ctx.model, ctx.binding, ctx.query);
  const own = { ...ctx.scope, restriction: { userIds: [ctx.caller.userId], deptIds: [] } };
  return listOperation({ ...ctx, scope: own }, ctx.model, ctx.binding, ctx.query);
}

defineActions('work/leave', {
  list: listLeaves,
  detail: (ctx) => readableLeave(ctx, undefined, requireId(ctx.query.id)),
  deskDetail: async (ctx) => leaveWithProcess(ctx, undefined, await readableLeave(ctx, undefined, requireId(paramsOf(ctx).businessId, 'businessId'))),
  startProcess: (ctx) => startLeaveProcess(ctx, ctx.tx as never, bodyOf(ctx)),
});
