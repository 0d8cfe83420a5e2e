/**
 * Calls an entity's endpoints through the bindings of its client schema —
 * the renderers never spell a register's URL. Every call goes through the
 * console's request layer (headers, error popup, 401 rule).
 */
import type { ClientBinding, ClientSchema } from '../../shared/clientSchema';
import type { OperationName } from '../../shared/entitySchema';
import type { Envelope, Page, TreeNode } from '../../shared/envelope';
import { request } from '../api/http';
import { getStore } from '../api/storage';
import type { TokenResponse } from '../api/authApi';
import type { ParamValue, RequestConfig, RequestResponse } from '../api/request';
import type { ActionRequest } from './actionLogic';
import type { ListQuery } from './crudLogic';
import { resolveReference } from './schemaFields';

export type EntityRecord = Record<string, unknown> & { id?: string; children?: EntityRecord[] };

export const CLIENT_SCHEMA_URL = '/blade-system/schema/client';
/** The shared dictionary lookup (platform-core §7: dict … dictionary by code). */
export const DICTIONARY_URL = '/blade-system/dict/dictionary';

export interface DictionaryEntry {
  dictKey: string;
  dictValue: string;
  /** The English name, when the entry has one (shown in English; see entryLabel). */
  dictValueEn?: string | null;
}

/** The binding of that name, else the first binding with one of the operations. */
export function bindingOf(schema: ClientSchema, name: string, ...ops: OperationName[]): ClientBinding | undefined {
  const named = schema['x-api'][name];
  if (named) return named;
  return Object.values(schema['x-api']).find((binding) => ops.includes(binding.op));
}

async function call<T>(binding: ClientBinding, options: { params?: Record<string, ParamValue>; data?: unknown; id?: string } = {}): Promise<T> {
  let url = binding.url;
  const params = { ...options.params };
  if (options.id !== undefined) {
    const placeholder = `:${binding.idParam}`;
    if (url.includes(placeholder)) url = url.replace(placeholder, encodeURIComponent(options.id));
    else params[binding.idParam] = options.id;
  }
  const response = await request<Envelope<T>>({ url, method: binding.method, params, data: options.data });
  return response.data.data;
}

const clientSchemas = new Map<string, Promise<ClientSchema>>();

/** A client schema, asked for once per session (a failed answer is asked for again next time). */
export function fetchClientSchema(id: string): Promise<ClientSchema> {
  let pending = clientSchemas.get(id);
  if (!pending) {
    pending = request<Envelope<ClientSchema>>({ url: CLIENT_SCHEMA_URL, params: { id } }).then((response) => response.data.data);
    pending.catch(() => clientSchemas.delete(id));
    clientSchemas.set(id, pending);
  }
  return pending;
}

/** A page of records; a listAll or tree binding answers with an array, shown as one page. */
export async function fetchPage(binding: ClientBinding, query: ListQuery): Promise<Page<EntityRecord>> {
  const params = binding.op === 'list' ? query : Object.fromEntries(Object.entries(query).filter(([key]) => key !== 'current' && key !== 'size'));
  const data = await call<Page<EntityRecord> | EntityRecord[]>(binding, { params });
  if (Array.isArray(data)) return { records: data, total: data.length, size: data.length, current: 1, pages: 1 };
  return data;
}

/** Hands a file answer to the browser under the server's file name (Content-Disposition), else the fallback. */
function saveFileAnswer(response: RequestResponse<Blob>, fallbackName: string): void {
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  const link = document.createElement('a');
  link.href = URL.createObjectURL(response.data);
  link.download = encoded ? decodeURIComponent(encoded) : fallbackName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/** Downloads a file the server answers (blob; a 500 shows 未查询到数据 through the request layer). */
export async function downloadFile(config: RequestConfig, fallbackName: string): Promise<void> {
  const response = await request<Blob>({ ...config, responseType: 'blob' });
  saveFileAnswer(response, fallbackName);
}

/** Downloads the server's .xlsx of the whole filtered query (not just the page on screen). */
export async function downloadExport(binding: ClientBinding, query: ListQuery, fallbackName: string): Promise<void> {
  const params = Object.fromEntries(Object.entries(query).filter(([key]) => key !== 'current' && key !== 'size'));
  await downloadFile({ url: binding.url, method: binding.method, params }, `${fallbackName}.xlsx`);
}

/** Calls an action as actionLogic built the request; a file answer is downloaded, anything else returned. */
export async function runActionRequest(action: ActionRequest, fallbackName: string): Promise<unknown> {
  const config: RequestConfig = { url: action.url, method: action.method, params: action.params, data: action.data };
  if (action.responseType === 'blob') {
    await downloadFile(config, fallbackName);
    return undefined;
  }
  const response = await request<Envelope<unknown>>(config);
  return response.data.data;
}

export async function fetchRecords(binding: ClientBinding, params: Record<string, ParamValue>): Promise<EntityRecord[]> {
  const data = await call<EntityRecord[] | Page<EntityRecord>>(binding, { params });
  return Array.isArray(data) ? data : data.records;
}

export function fetchDetail(binding: ClientBinding, id: string): Promise<EntityRecord> {
  return call<EntityRecord>(binding, { id });
}

/** Saves through submit (upsert), or save/update when the schema binds those instead. */
export function saveRecord(schema: ClientSchema, body: EntityRecord, isNew: boolean): Promise<EntityRecord> {
  const binding = isNew ? bindingOf(schema, 'submit', 'submit', 'save') : bindingOf(schema, 'submit', 'submit', 'update');
  if (!binding) throw new Error(`${schema.$id} has no endpoint to ${isNew ? 'add' : 'edit'} records`);
  return call<EntityRecord>(binding, { data: body });
}

export async function removeRecords(schema: ClientSchema, ids: readonly string[]): Promise<void> {
  const binding = bindingOf(schema, 'remove', 'remove');
  if (!binding) throw new Error(`${schema.$id} has no endpoint to remove records`);
  await call<unknown>(binding, { id: ids.join(',') });
}

export async function fetchDictionary(code: string): Promise<DictionaryEntry[]> {
  const response = await request<Envelope<DictionaryEntry[]>>({ url: DICTIONARY_URL, params: { code } });
  return response.data.data ?? [];
}

const REFERENCE_TREE_MS = 60_000;
const referenceTrees = new Map<string, { at: number; tree: Promise<TreeNode[]> }>();

/**
 * The whole tree of a referenced entity (tree-select options, labels of
 * stored ids, a side filter tree), through its tree binding, or the flat
 * nodes of its options binding. Every user of
 * one register's tree shares one request for a minute (a region tree is
 * thousands of nodes), or until a save or delete forgets it.
 */
export function fetchReferenceTree(reference: string): Promise<TreeNode[]> {
  const { refId, query } = resolveReference(reference, sessionValues());
  const cacheKey = `${refId}?${new URLSearchParams(query)}`;
  const cached = referenceTrees.get(cacheKey);
  if (cached && Date.now() - cached.at < REFERENCE_TREE_MS) return cached.tree;
  const tree = fetchClientSchema(refId).then((schema) => {
    // A tree register answers its tree; any other names its rows through its options (flat nodes).
    const binding = bindingOf(schema, 'tree', 'tree') ?? bindingOf(schema, 'options', 'options');
    return binding ? call<TreeNode[]>(binding, { params: query }) : [];
  });
  tree.catch(() => referenceTrees.delete(cacheKey));
  referenceTrees.set(cacheKey, { at: Date.now(), tree });
  return tree;
}

/** The signed-in user's values a reference query may name. */
function sessionValues(): Record<string, string | undefined> {
  // Read from the stored session (as the session store keeps it) so that this module stays free of the store.
  return { deptRegionCode: getStore<Pick<TokenResponse, 'dept_region_code'>>({ name: 'userInfo' })?.dept_region_code || undefined };
}

/** After a change: reference trees load again when next asked for. */
export function forgetReferenceTrees(): void {
  referenceTrees.clear();
}
