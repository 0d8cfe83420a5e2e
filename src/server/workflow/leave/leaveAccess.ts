/**
 * Who may read a leave: its applicant (create_user); a holder of the process
 * monitor menu (flow_follow: the tenant's administrators); and whoever holds
 * or held a task of its process — assignee, candidate, owner of a delegated or
 * proxied task — or received a copy of it (the approvers must see what they
 * approve). Everyone else, and every other tenant, gets "not found" (404):
 * the leave's existence is not told.
 */
import { hasMenu } from '../../auth/permissions.js';
import type { DbClient } from '../../db/pool.js';
import type { EntityTypeMap } from '../../../shared/generated/entityTypes.js';
import { localApi, type LocalContext } from '../../engine/localApi.js';
import { notFound } from '../../http/apiError.js';

export type LeaveRow = EntityTypeMap['work/leave'];

/** The menu whose holders see every leave of the tenant. */
export const LEAVE_OVERSIGHT_MENU = 'flow_follow';

/** Whether the caller sees every leave of the tenant (list and detail), not only their own. */
export function seesAllLeaves(ctx: LocalContext): Promise<boolean> {
  return hasMenu(ctx.db, ctx.caller, LEAVE_OVERSIGHT_MENU);
}

const listed = (commaList: unknown, userId: string) =>
  String(commaList ?? '')
    .split(',')
    .includes(userId);

/** Whether the caller has or had a part in the process: a task of theirs, or a copy sent to them. */
async function takesPartIn(ctx: LocalContext, tx: DbClient | undefined, processInstanceId: string): Promise<boolean> {
  const tenant = localApi(ctx, tx).tenantWide();
  const me = ctx.caller.userId;
  const tasks = await tenant.find('flow/task', { where: { processInstanceId }, limit: 1000 });
  if (tasks.some((task) => String(task.assigneeId ?? '') === me || String(task.ownerId ?? '') === me || listed(task.candidateUserIds, me))) return true;
  // flow/copy is owned by its recipient: the caller's own copies are all the local API finds.
  return localApi(ctx, tx).exists('flow/copy', { processInstanceId });
}

/** The leave the caller may read, with its references' titles; 404 otherwise. */
export async function readableLeave(ctx: LocalContext, tx: DbClient | undefined, leaveId: string): Promise<LeaveRow> {
  const [leave] = await localApi(ctx, tx)
    .tenantWide()
    .find('work/leave', { where: { id: leaveId }, limit: 1, withTitles: true });
  if (!leave) throw notFound();
  if (String(leave.createUser) === ctx.caller.userId || (await seesAllLeaves(ctx))) return leave;
  if (leave.processInstanceId && (await takesPartIn(ctx, tx, String(leave.processInstanceId)))) return leave;
  throw notFound();
}
