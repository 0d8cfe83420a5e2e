/**
 * Reading the code generator's request parameters: query string and JSON body
 * (body wins), every value checked before it reaches SQL, with a message that
 * names the parameter.
 */
import { isIdString } from '../../db/ids.js';
import type { DbClient } from '../../db/pool.js';
import type { ActionContext } from '../../engine/actions.js';
import { badRequest } from '../../http/apiError.js';
import { BUILT_IN_DATASOURCE_ID } from '../../develop/datasourceConnection.js';

export type Params = Record<string, unknown>;

export function bodyObject(ctx: ActionContext): Params {
  const body = ctx.body;
  if (body === undefined || body === null || body === '') return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('请求体必须是一个 JSON 对象', 'The request body must be a JSON object');
  return body as Params;
}

export function paramsOf(ctx: ActionContext): Params {
  return { ...ctx.query, ...bodyObject(ctx) };
}

export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

const invalid = (name: string) => badRequest(`参数 ${name} 不正确`, `The parameter ${name} is not valid`);
const missing = (name: string) => badRequest(`参数 ${name} 不能为空`, `The parameter ${name} is required`);

export function requiredId(raw: unknown, name = 'id'): string {
  if (isBlank(raw)) throw missing(name);
  const value = String(raw).trim();
  if (!isIdString(value)) throw invalid(name);
  return value;
}

/** A data source id: a saved one, or 0 for this system's database (the default). */
export function datasourceIdOf(raw: unknown): string {
  if (isBlank(raw)) return BUILT_IN_DATASOURCE_ID;
  const value = String(raw).trim();
  if (value !== BUILT_IN_DATASOURCE_ID && !isIdString(value)) throw invalid('datasourceId');
  return value;
}

/** A table name as catalogs print it; anything else never reaches a query. */
export function tableNameOf(raw: unknown): string {
  if (isBlank(raw)) throw missing('tableName');
  const value = String(raw);
  if (!/^[A-Za-z_][A-Za-z0-9_$]{0,62}$/.test(value)) throw invalid('tableName');
  return value;
}

/** Comma-separated (or array) ids, at least one, at most `max`. */
export function idListOf(raw: unknown, name: string, max = 100): string[] {
  const items = Array.isArray(raw) ? raw.map(String) : isBlank(raw) ? [] : String(raw).split(',');
  const ids = [...new Set(items.map((item) => item.trim()).filter(Boolean))];
  if (ids.length === 0) throw badRequest('请选择至少一条数据', 'Please select at least one record');
  if (ids.length > max || ids.some((id) => !isIdString(id))) throw invalid(name);
  return ids;
}

/** The transaction of a POST action (the engine opens one for every write). */
export function transactionOf(ctx: ActionContext): DbClient {
  if (!('release' in ctx.tx)) throw new Error(`${ctx.binding.name} runs outside a transaction`);
  return ctx.tx;
}
