/**
 * Starting a leave (POST /api/blade-desk/process/leave/start-process): in the
 * request's one transaction the leave is stored (approvalStatus 1 审批中,
 * applyTime now, days counted by the server), its process is started through
 * the runtime (startProcess: the first task's assignee resolved, the instance
 * and task rows written) and the instance id is stored on the leave. Any
 * refusal — a bad field, no deployment, nobody to approve — undoes it all.
 */
import type { DbClient } from '../../db/pool.js';
import { isIdString } from '../../db/ids.js';
import { localApi, type LocalContext } from '../../engine/localApi.js';
import { badRequest } from '../../http/apiError.js';
import { LEAVE_PROCESS_KEY } from '../demo/demoLeaveModel.js';
import { mayStartProcess } from '../design/modelScopes.js';
import { startableDeployments } from '../design/startable.js';
import { startProcess } from '../runtime/workflowService.js';
import { checkLeaveDates } from './leaveDays.js';
import type { LeaveRow } from './leaveAccess.js';
import { databaseNow } from '../design/databaseNow.js';

import { LEAVE_TABLE } from './leaveStatus.js';

const noDeployment = () =>
  badRequest('没有可发起的请假流程，请联系管理员部署请假流程', 'There is no leave process you may start; ask an administrator to deploy one');

const notLeaveProcess = () => badRequest('请选择请假流程', 'Choose a leave process');

/**
 * The deployment a leave starts: the one named — a deployment of the caller's tenant of key `leave` (any version),
 * active, whose process the caller may start — else the latest active `leave`. Only key `leave`: an applicant who
 * could name another process (one whose only step is the initiator) would approve their own leave.
 */
async function leaveDeploymentId(ctx: LocalContext, tx: DbClient, requested: unknown): Promise<string> {
  if (requested === undefined || requested === null || requested === '') {
    const latest = (await startableDeployments(ctx, tx)).find((row) => row.processKey === LEAVE_PROCESS_KEY);
    if (!latest) throw noDeployment();
    return latest.id;
  }
  if (!isIdString(requested)) throw badRequest('参数 processDefinitionId 不正确', 'The parameter processDefinitionId is not valid');
  const deployment = await localApi(ctx, tx).tenantWide().findById('flow/deployment', requested);
  if (!deployment) throw badRequest('所选流程不存在或已被删除', 'The chosen process does not exist or was removed');
  if (deployment.processKey !== LEAVE_PROCESS_KEY) throw notLeaveProcess();
  if (deployment.suspension !== 1) throw badRequest('所选流程已挂起，暂不能发起', 'The chosen process is suspended and cannot be started now');
  if (!(await mayStartProcess(ctx, tx, deployment.processKey))) throw badRequest('您没有发起该流程的权限', 'You may not start this process');
  return deployment.id;
}

/** The applicant's name for the process title (张三的请假申请). */
async function applicantName(ctx: LocalContext, tx: DbClient): Promise<string> {
  const user = await localApi(ctx, tx).tenantWide().findById('system/user', ctx.caller.userId);
  return user?.realName || user?.name || ctx.caller.account;
}

export async function startLeaveProcess(ctx: LocalContext, tx: DbClient, body: Record<string, unknown>): Promise<LeaveRow> {
  // The dates first: a clear message about them before anything else is looked at.
  const dates = checkLeaveDates(body.startTime, body.endTime, ctx.language);
  const deploymentId = await leaveDeploymentId(ctx, tx, body.processDefinitionId);
  const api = localApi(ctx, tx);
  const leave = await api.create('work/leave', {
    leaveType: body.leaveType as number,
    startTime: dates.startTime,
    endTime: dates.endTime,
    reason: body.reason as string,
    processDefinitionId: deploymentId,
    applyTime: await databaseNow(tx),
    approvalStatus: 1,
  });
  const name = await applicantName(ctx, tx);
  const started = await startProcess(ctx, tx, {
    deploymentId,
    businessTable: LEAVE_TABLE,
    businessId: leave.id,
    title: `${name}的请假申请`,
    variables: { days: leave.days, leaveType: leave.leaveType, startTime: leave.startTime, endTime: leave.endTime, reason: leave.reason },
  });
  return api.update('work/leave', leave.id, { processInstanceId: started.processInstanceId });
}
