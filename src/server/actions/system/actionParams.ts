/**
 * Reading the parameters of hand-written actions (system administration,
 * organisation, business registers). SpringBlade
 * clients send them as query parameters, the console's action dialogs as a
 * JSON body; both are accepted, the body winning. Every value is checked
 * before it reaches SQL, with a message naming the parameter.
 */
import { isIdString } from '../../db/ids.js';
import { badRequest } from '../../http/apiError.js';
import type { ActionContext } from '../../engine/actions.js';

export type Params = Record<string, unknown>;

/** A JSON object body (none = {}); anything else is a 400. */
export function bodyObject(body: unknown): Params {
  if (body === undefined || body === null || body === '') return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('请求体必须是一个 JSON 对象', 'The request body must be a JSON object');
  return body as Params;
}

export function bodyOf(ctx: ActionContext): Params {
  return bodyObject(ctx.body);
}

/** Query and body merged (body wins). */
export function paramsOf(ctx: ActionContext): Params {
  return { ...ctx.query, ...bodyOf(ctx) };
}

export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

export function hasId(body: Params): boolean {
  return !isBlank(body.id);
}

const invalid = (name: string) => badRequest(`参数 ${name} 不正确`, `The parameter ${name} is not valid`);

/**
 * A list of row ids: a JSON array or a comma-separated string; blanks and
 * repeats dropped, at most `max`. Anything that is not an id is a 400.
 */
export function idList(raw: unknown, name: string, max = 5000): string[] {
  if (isBlank(raw)) return [];
  const items = Array.isArray(raw) ? raw : typeof raw === 'string' || typeof raw === 'number' ? String(raw).split(',') : undefined;
  if (!items) throw invalid(name);
  const ids = [
    ...new Set(items.map((item) => (typeof item === 'string' || typeof item === 'number' ? String(item).trim() : '\u0000')).filter((id) => id !== '')),
  ];
  if (ids.length > max || ids.some((id) => !isIdString(id))) throw invalid(name);
  return ids;
}

/** The rows an action acts on: at least one id (at most 1000). */
export function requiredIds(raw: unknown, name: string): string[] {
  const ids = idList(raw, name, 1000);
  if (ids.length === 0) throw badRequest('请选择至少一条数据', 'Please select at least one record');
  return ids;
}

/** One id that must be there. */
export function requiredId(raw: unknown, name: string): string {
  const value = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : '';
  if (!isIdString(value)) throw invalid(name);
  return value;
}

/** Splits a stored comma list into its ids. */
export function splitIds(value: unknown): string[] {
  return typeof value === 'string'
    ? value
        .split(',')
        .map((id) => id.trim())
        .filter((id) => isIdString(id))
    : [];
}

/** One optional row id; blank = none (null). */
export function optionalId(raw: unknown, name: string): string | null {
  if (isBlank(raw)) return null;
  const value = String(raw).trim();
  if (!isIdString(value)) throw invalid(name);
  return value;
}

/** Ids of the rows an action acts on, as the console sends them (`?ids=` or `?id=`); at least one. */
export function targetIds(params: Params, name = 'ids'): string[] {
  return requiredIds(params[name] ?? params.id, name);
}

/**
 * A comma-joined id list as a register stores it: an array is joined, spaces
 * and repeats are dropped. Anything else is left as it came, for the
 * schema's validation to name the field.
 */
export function joinedIds(raw: unknown): unknown {
  const join = (items: string[]) => [...new Set(items.map((item) => item.trim()).filter((item) => item !== ''))].join(',');
  if (Array.isArray(raw)) return raw.every((item) => typeof item === 'string' || typeof item === 'number') ? join(raw.map(String)) : raw;
  if (typeof raw === 'string') return join(raw.split(','));
  return raw;
}
