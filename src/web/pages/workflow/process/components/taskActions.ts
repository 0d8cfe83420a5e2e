/**
 * What each task button asks before it acts and which call it makes (contract 14 §6 task action bodies): 同意 and
 * 驳回 complete the task (a rejection needs a comment), 转办 / 委托 hand it to one person, 加签 / 抄送 name several,
 * 回退 returns to a node already passed, 减签 removes an instance of the group, 终止 ends the process (with a reason).
 */
import { addMultiInstance, completeTask, copyTask, delegateTask, deleteMultiInstance, rollbackTask, terminateProcess, transferTask } from '../processApi';

export type CommentRule = 'none' | 'optional' | 'required';

export interface TaskActionSpec {
  comment: CommentRule;
  /** The i18n key of the message a missing required comment shows. */
  commentMessage?: string;
  users?: 'single' | 'multiple';
  /** Asks for the node to return to (getBackNodes). */
  backNode?: boolean;
  /** Asks for the instance of the group to remove. */
  groupInstance?: boolean;
  danger?: boolean;
}

export const DEFAULT_BUTTONS = ['flow_pass', 'flow_reject'];

export const TASK_ACTIONS: Record<string, TaskActionSpec> = {
  flow_pass: { comment: 'optional' },
  flow_reject: { comment: 'required', commentMessage: 'workflowProcess.task.commentRequired', danger: true },
  flow_transfer: { comment: 'optional', users: 'single' },
  flow_delegate: { comment: 'optional', users: 'single' },
  flow_rollback: { comment: 'optional', backNode: true },
  flow_terminate: { comment: 'required', commentMessage: 'workflowProcess.task.terminateRequired', danger: true },
  flow_copy: { comment: 'optional', users: 'multiple' },
  flow_add_multi: { comment: 'none', users: 'multiple' },
  flow_delete_multi: { comment: 'none', groupInstance: true },
};

/** What the dialog collected. */
export interface TaskActionInput {
  comment?: string;
  userIds?: string[];
  nodeId?: string;
  instanceTaskId?: string;
  /** The task form's values (an editable task form), sent as process variables with 同意 / 驳回. */
  variables?: Record<string, unknown>;
}

/** Sends the button's action for the task; rejects with the server's refusal. */
export async function runTaskAction(buttonKey: string, taskId: string, processInstanceId: string | undefined, input: TaskActionInput) {
  const comment = input.comment?.trim() ?? '';
  const userIds = input.userIds ?? [];
  switch (buttonKey) {
    case 'flow_pass':
    case 'flow_reject':
      return completeTask({ taskId, pass: buttonKey === 'flow_pass', comment, ...(input.variables ? { variables: input.variables } : {}) });
    case 'flow_transfer':
      return transferTask({ taskId, userId: userIds[0], comment });
    case 'flow_delegate':
      return delegateTask({ taskId, userId: userIds[0], comment });
    case 'flow_rollback':
      return rollbackTask({ taskId, nodeId: input.nodeId ?? '', comment });
    case 'flow_terminate':
      return terminateProcess({ taskId, processInstanceId, comment });
    case 'flow_copy':
      return copyTask({ taskId, userIds: userIds.join(','), comment });
    case 'flow_add_multi':
      return addMultiInstance({ taskId, userIds: userIds.join(',') });
    case 'flow_delete_multi':
      return deleteMultiInstance({ taskId: input.instanceTaskId ?? '' });
    default:
      throw new Error(`unknown task button ${buttonKey}`);
  }
}
