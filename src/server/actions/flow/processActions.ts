/**
 * Registers the handlers of the workflow runtime registers' bindings (the
 * x-api of flow/processInstance, flow/task, flow/activity and flow/copy):
 * the task centre's lists, the reads of one process, the task actions and
 * 流程监控. Each name is the binding's `action`.
 */
import { defineActions } from '../../engine/actions.js';
import { startListPage } from '../../workflow/api/startForms.js';
import { inputOf } from '../../workflow/api/actionInput.js';
import { listFiltersOf } from '../../workflow/api/listFilters.js';
import { opsActions } from './opsActions.js';
import { processReads } from './processReads.js';
import { taskActions } from './taskActions.js';
import { handoverActions } from './taskActionsHandover.js';
import { claimList, copyList, doneList, myDoneList, sendList, todoList } from './workLists.js';

defineActions('flow/processInstance', {
  startList: (ctx) => startListPage(ctx, listFiltersOf(inputOf(ctx))),
  sendList,
  detail: processReads.detail,
  modelView: processReads.modelView,
  formByProcessId: processReads.formByProcessId,
  formByProcessKey: processReads.formByProcessKey,
  xmlById: processReads.xmlById,
  xmlByKey: processReads.xmlByKey,
  instanceList: opsActions.instanceList,
  endedInstanceList: opsActions.endedInstanceList,
  processNodes: opsActions.processNodes,
  changeStatus: opsActions.changeStatus,
  urgeTask: handoverActions.urgeTask,
  opsUrgeTask: handoverActions.opsUrgeTask,
  startProcess: taskActions.startProcess,
  withdrawTask: taskActions.withdrawTask,
  terminateProcess: taskActions.terminateProcess,
  opsTerminate: opsActions.terminate,
  deleteInstance: opsActions.deleteInstance,
});

defineActions('flow/task', {
  claimList,
  todoList,
  doneList,
  myDoneList,
  openTaskList: opsActions.openTaskList,
  claimTask: taskActions.claimTask,
  completeTask: taskActions.completeTask,
  transferTask: taskActions.transferTask,
  delegateTask: taskActions.delegateTask,
  rollbackTask: taskActions.rollbackTask,
  getBackNodes: taskActions.getBackNodes,
  addMultiInstance: taskActions.addMultiInstance,
  deleteMultiInstance: taskActions.deleteMultiInstance,
  copyTask: handoverActions.copyTask,
  opsCopyTask: handoverActions.opsCopyTask,
  changeAssignee: opsActions.changeAssignee,
  opsComplete: opsActions.complete,
  opsClaim: opsActions.claim,
  opsDelegate: opsActions.delegate,
  opsRollback: opsActions.rollback,
  opsAddMulti: opsActions.addMulti,
  opsDeleteMulti: opsActions.deleteMulti,
  dispatchTask: opsActions.dispatchTask,
});

defineActions('flow/activity', { historyFlowList: processReads.historyFlowList });

defineActions('flow/copy', { copyList });
