/**
 * The task centre's calls (contract 14 §6): the lists of /api/blade-flow/work and process/copyList, the detail, the
 * history and the model view, the start forms, and every task action of /api/blade-workflow/process. Each action
 * answers the server's envelope; a refusal rejects with the server's message (the request layer shows it).
 */
import type { Envelope, Page } from '../../../../shared/envelope';
import { request } from '../../../api/http';
import type { BackNode, FlowProcessRow, FlowTaskRow, HistoryRow, ModelView, ProcessDetail, StartForm } from './processTypes';

const FLOW = '/blade-flow';
const PROCESS = '/blade-workflow/process';

export type TaskListKind = 'claim' | 'todo' | 'send' | 'done' | 'copy';

/** The list each task-centre page reads. */
export const TASK_LIST_URL: Record<TaskListKind, string> = {
  claim: `${FLOW}/work/claim-list`,
  todo: `${FLOW}/work/todo-list`,
  send: `${FLOW}/work/send-list`,
  done: `${FLOW}/work/done-list`,
  copy: `${PROCESS}/copyList`,
};

/** The search of a task list: words of the process name and of the title, and a date range of the creation time. */
export interface TaskSearch {
  processDefinitionName?: string;
  title?: string;
  startDate?: string;
  endDate?: string;
}

export interface Paging {
  current: number;
  size: number;
}

/** The query a list is asked with (src/server/workflow/api/listFilters.ts reads these names). */
export function taskListParams(search: TaskSearch, paging: Paging): Record<string, string | number> {
  const params: Record<string, string | number> = { current: paging.current, size: paging.size };
  if (search.processDefinitionName?.trim()) params.processDefinitionName = search.processDefinitionName.trim();
  if (search.title?.trim()) params.title = search.title.trim();
  if (search.startDate) params.startDate = search.startDate;
  if (search.endDate) params.endDate = search.endDate;
  return params;
}

async function get<T>(url: string, params?: Record<string, string | number | undefined>, isSilent = false): Promise<T> {
  return (await request<Envelope<T>>({ url, params, meta: { isSilent } })).data.data;
}

async function post<T = unknown>(url: string, data?: unknown, params?: Record<string, string>): Promise<Envelope<T>> {
  return (await request<Envelope<T>>({ url, method: 'POST', data, params })).data;
}

export function fetchTaskList(kind: TaskListKind, search: TaskSearch, paging: Paging): Promise<Page<FlowTaskRow>> {
  return get<Page<FlowTaskRow>>(TASK_LIST_URL[kind], taskListParams(search, paging));
}

/** The processes the caller may start (their deployments, newest version of each key). */
export function fetchStartList(params: { current: number; size: number; category?: string; keyword?: string }): Promise<Page<FlowProcessRow>> {
  return get<Page<FlowProcessRow>>(`${FLOW}/work/start-list`, {
    current: params.current,
    size: params.size,
    category: params.category,
    processDefinitionName: params.keyword?.trim() || undefined,
  });
}

/** The tenant's categories as a tree (flow/category), for the start page's filter. */
export interface CategoryNode {
  id: string;
  title?: string;
  name?: string;
  children?: CategoryNode[];
}

export function fetchCategoryTree(): Promise<CategoryNode[]> {
  return get<CategoryNode[]>('/blade-workflow/design/category/tree', undefined, true);
}

export function fetchProcessDetail(processInstanceId: string | undefined, taskId: string | undefined): Promise<ProcessDetail> {
  return get<ProcessDetail>(`${PROCESS}/detail`, { processInstanceId, taskId }, true);
}

export function fetchHistory(processInstanceId: string): Promise<HistoryRow[]> {
  return get<HistoryRow[]>(`${FLOW}/process/history-flow-list`, { processInstanceId }, true);
}

export function fetchModelView(processInstanceId: string): Promise<ModelView> {
  return get<ModelView>(`${FLOW}/process/model-view`, { processInstanceId }, true);
}

export function fetchStartForm(by: { processDefinitionId?: string; processDefinitionKey?: string }): Promise<StartForm> {
  if (by.processDefinitionId) return get<StartForm>(`${PROCESS}/getFormByProcessId`, { processDefinitionId: by.processDefinitionId }, true);
  return get<StartForm>(`${PROCESS}/getFormByProcessDefKey`, { processDefinitionKey: by.processDefinitionKey }, true);
}

/** Rollback targets, whatever names the server gives the id and the name of a node. */
export async function fetchBackNodes(taskId: string): Promise<BackNode[]> {
  const rows = await get<Record<string, unknown>[]>(`${PROCESS}/getBackNodes`, { taskId });
  return (rows ?? []).map((row) => ({
    nodeId: String(row.nodeId ?? row.id ?? row.taskDefinitionKey ?? row.activityId ?? ''),
    nodeName: String(row.nodeName ?? row.name ?? row.activityName ?? row.nodeId ?? ''),
  }));
}

export interface StartBody {
  processDefinitionId?: string;
  processDefinitionKey?: string;
  variables: Record<string, unknown>;
  title?: string;
  businessTable?: string;
  businessId?: string;
}

export function startProcess(body: StartBody) {
  return body.processDefinitionId ? post(`${PROCESS}/startProcess`, body) : post(`${PROCESS}/startProcessByKey`, body);
}

/** A start form saved for later (flow/draft, the caller's own). */
export interface Draft {
  id: string;
  processKey: string;
  processDefinitionId?: string | null;
  title?: string | null;
  formData: string;
  updateTime?: string | null;
}

export function saveDraft(body: { id?: string; processDefinitionId?: string; processKey?: string; formData: Record<string, unknown>; title?: string }) {
  return post<Draft>(`${PROCESS}/draft/submit`, body);
}

/** The caller's newest draft of a process, if any (the register lists the newest first). */
export async function fetchNewestDraft(processKey: string): Promise<Draft | undefined> {
  const page = await get<Page<Draft>>(`${PROCESS}/draft/list`, { processKey, current: 1, size: 1 }, true);
  return page?.records?.[0];
}

export const removeDraft = (id: string) => post(`${PROCESS}/draft/remove`, undefined, { ids: id });

export const claimTask = (taskId: string) => post(`${PROCESS}/claimTask`, undefined, { taskId });
export const completeTask = (body: { taskId: string; pass: boolean; comment: string; variables?: Record<string, unknown> }) =>
  post(`${PROCESS}/completeTask`, body);
export const transferTask = (body: { taskId: string; userId: string; comment: string }) => post(`${PROCESS}/transferTask`, body);
export const delegateTask = (body: { taskId: string; userId: string; comment: string }) => post(`${PROCESS}/delegateTask`, body);
export const rollbackTask = (body: { taskId: string; nodeId: string; comment: string }) => post(`${PROCESS}/rollbackTask`, body);
export const terminateProcess = (body: { taskId?: string; processInstanceId?: string; comment: string }) => post(`${PROCESS}/terminateProcess`, body);
export const addMultiInstance = (body: { taskId: string; userIds: string }) => post(`${PROCESS}/addMultiInstance`, body);
export const deleteMultiInstance = (body: { taskId: string }) => post(`${PROCESS}/deleteMultiInstance`, body);
export const copyTask = (body: { taskId: string; userIds: string; comment: string }) => post(`${PROCESS}/copyTask`, body);
export const withdrawTask = (body: { processInstanceId?: string; taskId?: string }) => post(`${PROCESS}/withdrawTask`, body);
export const urgeTask = (body: { processInstanceId: string; comment: string }) => post(`${PROCESS}/urgeTask`, body);

/** 流程监控 (flow_follow): every instance of the tenant, and what an administrator may do with one. */
export function fetchFollowList(search: TaskSearch, paging: Paging): Promise<Page<FlowTaskRow>> {
  return get<Page<FlowTaskRow>>(`${FLOW}/follow/list`, taskListParams(search, paging));
}

export const deleteProcessInstance = (processInstanceId: string, deleteReason: string) =>
  post(`${FLOW}/follow/delete-process-instance`, undefined, { processInstanceId, deleteReason });
export const opsTerminateProcess = (body: { processInstanceId: string; comment: string }) => post(`${PROCESS}/ops/terminateProcess`, body);
export const opsChangeStatus = (body: { processInstanceId: string; status: 'active' | 'suspended' }) => post(`${PROCESS}/ops/changeStatus`, body);
