/**
 * The code generator's calls beyond a register's CRUD (which go through the
 * client schema's bindings): data-source choices and connection test, tables
 * and fields read from a data source, a model's fields, the registers a
 * reference may point at and the dictionaries a field may be labelled by,
 * generating a register and downloading its schema.
 */
import type { PrototypeFieldRules } from '../../../shared/prototypeFieldRules';
import type { Envelope } from '../../../shared/envelope';
import { request } from '../../api/http';
import type { ParamValue } from '../../api/request';

const BASE = '/blade-develop';

/** SWR options for choices a dialog loads once (not again on focus or when stale). */
export const LOAD_ONCE = { revalidateOnFocus: false, revalidateIfStale: false };

async function get<T>(url: string, params?: Record<string, ParamValue>): Promise<T> {
  return (await request<Envelope<T>>({ url: `${BASE}/${url}`, params })).data.data;
}

async function post<T>(url: string, data?: unknown, params?: Record<string, ParamValue>): Promise<T> {
  return (await request<Envelope<T>>({ url: `${BASE}/${url}`, method: 'POST', data, params })).data.data;
}

export interface DatasourceChoice {
  id: string;
  name: string;
  url: string;
  isBuiltIn: boolean;
}

export interface ConnectionForm {
  id?: string;
  url?: string;
  username?: string;
  password?: string;
}

export interface TableSummary {
  tableName: string;
  tableComment: string | null;
}

/** One field of a data model, as the prototype editor edits it. */
export interface PrototypeRow extends PrototypeFieldRules {
  id?: string;
  version?: number;
  jdbcName: string;
  jdbcType?: string | null;
  jdbcComment: string;
  titleEn?: string | null;
  propertyName: string;
  propertyType: string;
  propertyLength?: number | null;
  propertyEntity?: string | null;
  isList: number;
  isForm: number;
  isRow?: number;
  isRequired: number;
  isQuery: number;
  queryType?: string | null;
  componentType?: string | null;
  sort?: number;
}

/** A register a reference field may point at. */
export interface RegisterChoice {
  id: string;
  title: string;
  titleEn: string;
  picker: 'tree' | 'options';
}

/** A dictionary of the signed-in tenant (its parent row). */
export interface DictionaryChoice {
  code: string;
  dictValue: string;
  dictValueEn?: string | null;
}

export interface ModelChoice {
  id: string;
  modelName: string;
  modelCode: string;
  modelClass: string | null;
}

export interface GenerationResult {
  code: string;
  schemaId: string;
  revision: number;
  isNew: boolean;
  pagePath: string;
}

export const fetchDatasourceChoices = () => get<DatasourceChoice[]>('datasource/select');
/** The connection test; silent, because its caller shows the server's message itself (in the dialog and as a toast). */
export const testConnection = async (form: ConnectionForm) =>
  (await request<Envelope<{ isConnected: boolean; version: string }>>({ url: `${BASE}/datasource/test`, method: 'POST', data: form, meta: { isSilent: true } }))
    .data.data;
export const saveDatasource = (body: Record<string, unknown>) => post<Record<string, unknown>>('datasource/submit', body);

export const fetchTables = (datasourceId: string) => get<TableSummary[]>('model/table-list', { datasourceId });
export const fetchTablePrototypes = (datasourceId: string, tableName: string) => get<PrototypeRow[]>('model/model-prototype', { datasourceId, tableName });
export const fetchModelPrototypes = (modelId: string) => get<PrototypeRow[]>('model/model-prototype', { modelId });
export const fetchModelChoices = () => get<ModelChoice[]>('model/select');
export const fetchRegisterChoices = () => get<RegisterChoice[]>('model/register-list');
/** The tenant's dictionaries: the parent rows of the system dictionary, one page of the largest size. */
export const fetchDictionaryChoices = async () =>
  (await request<Envelope<{ records: DictionaryChoice[] }>>({ url: '/blade-system/dict/parent-list', params: { current: 1, size: 1000 } })).data.data.records;
export const saveModel = (body: Record<string, unknown>) => post<Record<string, unknown> & { id: string }>('model/submit', body);
export const savePrototypes = (modelId: string, rows: PrototypeRow[]) => post<PrototypeRow[]>('model-prototype/submit-list', rows, { modelId });

export const saveCode = (body: Record<string, unknown>) => post<Record<string, unknown>>('code/submit', body);
export const copyCode = (id: string) => post<Record<string, unknown>>('code/copy', undefined, { id });
export const generateCode = (id: string) => post<GenerationResult[]>('code/gen-code', undefined, { ids: id, system: 'saber' });

/** Downloads the register's schema file (<code>.json) as the server names it. */
export async function downloadSchema(id: string): Promise<void> {
  const response = await request<Blob>({ url: `${BASE}/code/schema`, params: { id }, responseType: 'blob' });
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  const link = document.createElement('a');
  link.href = URL.createObjectURL(response.data);
  link.download = encoded ? decodeURIComponent(encoded) : 'schema.json';
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
