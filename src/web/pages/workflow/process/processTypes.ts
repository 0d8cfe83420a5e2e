/**
 * The workflow answers the task centre reads (contract 14 §6): task-list rows (BladeFlow), start-list rows
 * (FlowProcess), history rows, the model view and the process detail. Fields the server may leave out are optional.
 */

/** A row of claim-list, todo-list, send-list, done-list and copyList (times `yyyy-MM-dd HH:mm:ss`). */
export interface FlowTaskRow {
  taskId?: string | null;
  taskName?: string | null;
  taskDefinitionKey?: string | null;
  assignee?: string | null;
  assigneeName?: string | null;
  category?: string | null;
  categoryName?: string | null;
  createTime?: string | null;
  endTime?: string | null;
  claimTime?: string | null;
  processInstanceId: string;
  processDefinitionId?: string | null;
  processDefinitionKey?: string | null;
  processDefinitionName?: string | null;
  processDefinitionVersion?: number | string | null;
  businessTable?: string | null;
  businessId?: string | null;
  status?: number | string | null;
  comment?: string | null;
  flag?: string | null;
  processIsFinished?: boolean | number | string | null;
  /** The instance's status (dict flow_instance_status: 1 running … 5 suspended). */
  processStatus?: number | string | null;
  fromUserName?: string | null;
  copyTime?: string | null;
  startUserName?: string | null;
  title?: string | null;
  dueTime?: string | null;
  /** A copy row's own id (抄送) and whether it was read. */
  id?: string | null;
  readStatus?: number | string | null;
}

/** A row of start-list / processList: one deployed process definition the caller may start. */
export interface FlowProcessRow {
  id: string;
  tenantId?: string;
  name: string;
  key: string;
  category?: string | null;
  categoryName?: string | null;
  version?: number | string | null;
  deploymentId?: string | null;
  suspensionState?: number | string | null;
  deploymentTime?: string | null;
  formKey?: string | null;
}

/** A row of history-flow-list (and the detail's history), in time order. */
export interface HistoryRow {
  historyActivityId: string;
  historyActivityName?: string | null;
  historyActivityType?: string | null;
  assignee?: string | null;
  assigneeName?: string | null;
  createTime?: string | null;
  endTime?: string | null;
  /** The run's duration as the server words it (e.g. "2小时5分"), or milliseconds. */
  historyActivityDurationTime?: string | number | null;
  comment?: string | null;
  flag?: string | null;
}

/** GET process/model-view: the deployed XML and what the instance went through. */
export interface ModelView {
  xml: string;
  flow: { historyActivityId: string; historyActivityType?: string | null; endTime?: string | null }[];
}

/** A button the task offers (flow/button), by its key. */
export interface TaskButton {
  buttonKey: string;
  name: string;
  nameEn?: string | null;
}

/** A Formily JSON schema as flow/form.content holds it (contract 14 §5). */
export interface FormilySchema {
  type?: string;
  properties?: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

/** The instance as the detail shows it (flow/processInstance fields, engineState never sent). */
export interface ProcessInstanceView {
  id: string;
  processInstanceId?: string;
  deploymentId?: string | null;
  processDefinitionId?: string | null;
  processKey?: string | null;
  processName?: string | null;
  processDefinitionName?: string | null;
  categoryName?: string | null;
  title?: string | null;
  businessTable?: string | null;
  businessId?: string | null;
  startUserId?: string | null;
  startUserName?: string | null;
  startTime?: string | null;
  endTime?: string | null;
  status?: number | string | null;
  outcome?: string | null;
  currentNodeNames?: string | null;
  form?: FormilySchema | null;
}

/** The caller's open task on the instance, with what it offers. */
export interface TaskView {
  id?: string;
  taskId?: string;
  name?: string | null;
  taskName?: string | null;
  taskDefinitionKey?: string | null;
  assigneeId?: string | null;
  /** Comma-joined user ids who may claim the task while nobody holds it. */
  candidateUserIds?: string | null;
  status?: number | string | null;
  multiInstanceGroup?: string | null;
  /** The open instances of the task's multi-instance group (减签 removes one of them). */
  groupTasks?: { taskId: string; assigneeName?: string | null }[];
  buttons?: TaskButton[];
  form?: FormilySchema | null;
  formReadonly?: boolean;
}

/** GET process/detail?processInstanceId&taskId?. */
export interface ProcessDetail {
  process: ProcessInstanceView;
  task?: TaskView | null;
  variables?: Record<string, unknown> | null;
  history?: HistoryRow[];
  canWithdraw?: boolean;
  canUrge?: boolean;
}

/** GET getFormByProcessId / getFormByProcessDefKey. */
export interface StartForm {
  processDefinitionId: string;
  processKey: string;
  name: string;
  formKey?: string | null;
  form?: FormilySchema | null;
}

/** A node rollback may return to (GET getBackNodes). */
export interface BackNode {
  nodeId: string;
  nodeName: string;
}
