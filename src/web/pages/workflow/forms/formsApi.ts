/**
 * The console's calls of the form pages (contract 14 §1, design routes under /api/blade-workflow/design): forms and
 * their history versions, the form default values a field may name, and the category tree both the form list and
 * the deployment page filter by. Every call goes through the console's request layer (token, language, the error
 * popup with the server's message).
 */
import type { Envelope, Page, TreeNode } from '../../../../shared/envelope';
import { request } from '../../../api/http';
import type { ParamValue } from '../../../api/request';

export const DESIGN = '/blade-workflow/design';

export async function get<T>(url: string, params?: Record<string, ParamValue>): Promise<T> {
  return (await request<Envelope<T>>({ url, params })).data.data;
}

export async function post<T>(url: string, data?: unknown, params?: Record<string, ParamValue>): Promise<T> {
  return (await request<Envelope<T>>({ url, method: 'POST', data, params })).data.data;
}

export interface FlowForm {
  id: string;
  formKey: string;
  name: string;
  categoryId?: string | null;
  categoryName?: string | null;
  content?: unknown;
  formVersion?: number | null;
  remark?: string | null;
  updateTime?: string | null;
  createTime?: string | null;
  version?: number;
}

export interface FormHistory {
  id: string;
  formId: string;
  historyVersion: number;
  content?: unknown;
  isMain: number;
  remark?: string | null;
  createTime?: string | null;
}

export interface FormDefaultValue {
  id: string;
  name: string;
  defaultKey: string;
  valueType?: string | null;
}

export interface FormListQuery {
  current: number;
  size: number;
  name?: string;
  formKey?: string;
  categoryId?: string;
}

export const fetchForms = (query: FormListQuery) => get<Page<FlowForm>>(`${DESIGN}/form/list`, { ...query });

export const fetchForm = (id: string) => get<FlowForm>(`${DESIGN}/form/detail`, { id });

export interface FormSubmission {
  id?: string;
  formKey: string;
  name: string;
  categoryId?: string;
  content: unknown;
  remark?: string;
  version?: number;
}

/** The content goes as JSON text, the register's type of it (flow/form.content is a string column). */
export const submitForm = (form: FormSubmission) =>
  post<FlowForm>(`${DESIGN}/form/submit`, { ...form, content: typeof form.content === 'string' ? form.content : JSON.stringify(form.content) });

export const removeForms = (ids: string[]) => post<unknown>(`${DESIGN}/form/remove`, undefined, { ids });

export const changeFormCategory = (ids: string[], categoryId: string) => post<unknown>(`${DESIGN}/form/changeCategory`, { ids: ids.join(','), categoryId });

export const fetchFormHistory = (formId: string) =>
  get<Page<FormHistory>>(`${DESIGN}/form/history/list`, { formId, current: 1, size: 100 }).then((page) => page.records ?? []);

export const fetchFormHistoryDetail = (id: string) => get<FormHistory>(`${DESIGN}/form/history/detail`, { id });

export const setMainFormVersion = (id: string) => post<unknown>(`${DESIGN}/form/history/setMainVersion`, { id });

export const removeFormHistory = (ids: string[]) => post<unknown>(`${DESIGN}/form/history/remove`, undefined, { ids });

/** Every default value the tenant defines (a form names a few; at most 1000 are offered). */
export const fetchDefaultValues = () =>
  get<Page<FormDefaultValue>>(`${DESIGN}/form/default-values/list`, { current: 1, size: 1000 }).then((page) => page.records ?? []);

/** The tenant's category tree (flow/category). */
export const fetchCategoryTree = () => get<TreeNode[]>(`${DESIGN}/category/tree`);
