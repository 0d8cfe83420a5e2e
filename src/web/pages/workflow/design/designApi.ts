/**
 * The designer's calls (contract 14: /api/blade-workflow/design/*): models and their history, deployment, and the
 * choices the properties panel offers (forms, buttons, conditions, categories, roles, departments, users, tenants).
 */
import type { Envelope, Page, TreeNode } from '../../../../shared/envelope';
import { request } from '../../../api/http';
import type { ParamValue } from '../../../api/request';

const DESIGN = '/blade-workflow/design';

/** The panel's pickers read whole lists at once; the engine's page limit. */
const CHOICE_PAGE_SIZE = 1000;

async function get<T>(url: string, params?: Record<string, ParamValue>): Promise<T> {
  return (await request<Envelope<T>>({ url, params })).data.data;
}

/** A picker's list: a refusal (the user lacks that register's menu) leaves the picker empty without a popup. */
async function getChoices<T>(url: string, params?: Record<string, ParamValue>): Promise<T> {
  return (await request<Envelope<T>>({ url, params, meta: { isSilent: true } })).data.data;
}

async function post<T>(url: string, data?: unknown, params?: Record<string, ParamValue>): Promise<T> {
  return (await request<Envelope<T>>({ url, method: 'POST', data, params })).data.data;
}

export interface ProcessModel {
  id: string;
  modelKey: string;
  name: string;
  categoryId?: string | null;
  categoryName?: string | null;
  icon?: string | null;
  description?: string | null;
  xml?: string | null;
  modelVersion?: number;
  mainHistoryId?: string | null;
  createTime?: string;
  updateTime?: string;
}

export interface ModelSearch {
  name?: string;
  modelKey?: string;
  categoryId?: string;
}

export interface ModelDraft {
  id?: string;
  modelKey: string;
  name: string;
  categoryId?: string;
  description?: string;
  xml: string;
}

export interface ModelHistory {
  id: string;
  modelId: string;
  /** The model's version number (1, 2, …); `version` is the row's edit counter. */
  historyVersion: number;
  isMain: number;
  remark?: string | null;
  xml?: string | null;
  createUser?: string;
  createUserName?: string | null;
  createTime?: string;
}

export interface DeployRequest {
  modelId: string;
  categoryId?: string;
  /** Other tenants to deploy to (platform administrator only). */
  tenantIds?: string[];
}

export interface FormChoice {
  id: string;
  formKey: string;
  name: string;
}

export interface ButtonChoice {
  id: string;
  buttonKey: string;
  name: string;
  nameEn?: string | null;
  sort?: number;
}

export interface ConditionChoice {
  id: string;
  name: string;
  expression: string;
}

export interface TenantChoice {
  tenantId: string;
  tenantName: string;
}

export const fetchModelPage = (current: number, size: number, search: ModelSearch) =>
  get<Page<ProcessModel>>(`${DESIGN}/model/list`, { current, size, ...search });

export const fetchModel = (id: string) => get<ProcessModel>(`${DESIGN}/model/detail`, { id });

export const submitModel = (draft: ModelDraft) => post<ProcessModel>(`${DESIGN}/model/submit`, draft);

export const removeModels = (ids: string[]) => post<unknown>(`${DESIGN}/model/remove`, undefined, { ids });

export const deployModel = (deploy: DeployRequest) => post<unknown>(`${DESIGN}/model/deploy`, deploy);

export const fetchModelHistory = (modelId: string) => get<Page<ModelHistory>>(`${DESIGN}/model/history/list`, { modelId, current: 1, size: CHOICE_PAGE_SIZE });

export const fetchModelHistoryDetail = (id: string) => get<ModelHistory>(`${DESIGN}/model/history/detail`, { id });

export const setMainHistory = (id: string) => post<unknown>(`${DESIGN}/model/history/setMainVersion`, { id });

export const removeModelHistory = (id: string) => post<unknown>(`${DESIGN}/model/history/remove`, undefined, { ids: id });

export const fetchForms = async () => (await getChoices<Page<FormChoice>>(`${DESIGN}/form/list`, { current: 1, size: CHOICE_PAGE_SIZE })).records;

export const fetchButtons = async () => (await getChoices<Page<ButtonChoice>>(`${DESIGN}/button/list`, { current: 1, size: CHOICE_PAGE_SIZE })).records;

export const fetchConditions = async () =>
  (await getChoices<Page<ConditionChoice>>(`${DESIGN}/condition/list`, { current: 1, size: CHOICE_PAGE_SIZE })).records;

export const fetchCategoryTree = () => getChoices<TreeNode[]>(`${DESIGN}/category/tree`);

export const fetchRoleTree = () => getChoices<TreeNode[]>('/blade-system/role/tree');

export const fetchDeptTree = () => getChoices<TreeNode[]>('/blade-system/dept/tree');

/** Every user of the tenant as a flat picker node: names the ids a task is assigned to. */
export const fetchUserOptions = () => getChoices<TreeNode[]>('/blade-system/user/options');

export const fetchTenants = () => getChoices<TenantChoice[]>('/blade-system/tenant/select');

/** One row of a model's start scope: scopeType 1 everyone, 2 users, 3 roles, 4 departments; scopeValue their comma ids. */
export interface ModelScope {
  scopeType: number;
  scopeValue: string;
}

/** The engine's list page limit; the server keeps at most 50 scope rows per model. */
export const fetchModelScopes = async (modelId: string) =>
  (await get<Page<ModelScope & { id: string }>>(`${DESIGN}/model/scope/list`, { modelId, current: 1, size: 100 })).records;

/** Replaces every scope row of the model (no rows: everyone with 我的事务 may start it). */
export const submitModelScopes = (modelId: string, scopes: ModelScope[]) => post<unknown>(`${DESIGN}/model/scope/submit`, { modelId, scopes });

export const changeModelIcon = (ids: string[], icon: string) => post<unknown>(`${DESIGN}/model/changeIcon`, { ids: ids.join(','), icon });
