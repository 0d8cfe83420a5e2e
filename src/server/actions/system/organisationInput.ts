/**
 * Reading the parameters of the organisation actions (users, roles,
 * departments, posts, regions). SpringBlade clients send them as query
 * parameters, the console's dialogs as a JSON body; both are accepted, the
 * body winning. Every value is checked before it reaches SQL.
 */
import { isIdString } from '../../db/ids.js';
import type { ActionContext } from '../../engine/actions.js';
import { badRequest } from '../../http/apiError.js';

export type Params = Record<string, unknown>;

export function bodyObject(body: unknown): Params {
  if (body === undefined || body === null || body === '') return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('请求体必须是一个 JSON 对象', 'The request body must be a JSON object');
  return body as Params;
}

/** Query and body merged (body wins). */
export function paramsOf(ctx: ActionContext): Params {
  return { ...ctx.query, ...bodyObject(ctx.body) };
}

export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

const invalid = (name: string) => badRequest(`参数 ${name} 不正确`, `The parameter ${name} is not valid`);

/** Ids from a JSON array or a comma list; blanks and repeats dropped; anything that is not an id is a 400. */
export function idList(raw: unknown, name: string, max = 1000): string[] {
  if (isBlank(raw)) return [];
  const items = Array.isArray(raw) ? raw : typeof raw === 'string' || typeof raw === 'number' ? String(raw).split(',') : undefined;
  if (!items) throw invalid(name);
  const ids = [...new Set(items.map((item) => (typeof item === 'string' || typeof item === 'number' ? String(item).trim() : '\u0000')).filter((id) => id !== ''))];
  if (ids.length > max || ids.some((id) => !isIdString(id))) throw invalid(name);
  return ids;
}

/** The rows an action acts on: at least one id. */
export function requiredIds(raw: unknown, name: string): string[] {
  const ids = idList(raw, name);
  if (ids.length === 0) throw badRequest('请选择至少一条数据', 'Please select at least one record');
  return ids;
}

/** One id that must be there. */
export function requiredId(raw: unknown, name: string): string {
  const value = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : '';
  if (!isIdString(value)) throw invalid(name);
  return value;
}

/** A comma list as the registers store it (an array is joined); other shapes are left for schema validation to name. */
export function joinedIds(raw: unknown): unknown {
  const join = (items: string[]) => [...new Set(items.map((item) => item.trim()).filter((item) => item !== ''))].join(',');
  if (Array.isArray(raw)) return raw.every((item) => typeof item === 'string' || typeof item === 'number') ? join(raw.map(String)) : raw;
  if (typeof raw === 'string') return join(raw.split(','));
  return raw;
}

/** Splits a stored comma list into its ids. */
export function splitIds(value: unknown): string[] {
  return typeof value === 'string' ? value.split(',').map((id) => id.trim()).filter((id) => isIdString(id)) : [];
}
