/**
 * Reading the workflow endpoints' input: query and JSON body merged (body
 * wins), each value checked with a 400 naming the parameter, and sizes
 * bounded (a comment of at most 1,000 characters, at most 50 users, form
 * variables of at most 256 KB).
 */
import type { DbClient } from '../../db/pool.js';
import { isIdString } from '../../db/ids.js';
import type { ActionContext } from '../../engine/actions.js';
import { badRequest } from '../../http/apiError.js';
import { MAX_VARIABLES_BYTES } from '../runtime/runtimeInput.js';

export type Params = Record<string, unknown>;

export const MAX_COMMENT = 1000;
export const MAX_USERS = 50;
/** The runtime's limit, so a request the HTTP layer accepts is never refused for its size by the runtime. */
export { MAX_VARIABLES_BYTES } from '../runtime/runtimeInput.js';

const blank = (value: unknown) => value === undefined || value === null || value === '';

/** Query and body merged; a body that is not a JSON object is a 400. */
export function inputOf(ctx: ActionContext): Params {
  const body = ctx.body;
  if (!blank(body) && (typeof body !== 'object' || Array.isArray(body)))
    throw badRequest('请求体必须是一个 JSON 对象', 'The request body must be a JSON object');
  return { ...ctx.query, ...((body as Params | undefined) ?? {}) };
}

/** The open transaction of a POST action (reads of a GET use the pool). */
export function txOf(ctx: ActionContext): DbClient | undefined {
  return ctx.binding.isWrite ? (ctx.tx as DbClient) : undefined;
}

export function requiredIdOf(params: Params, name: string): string {
  const raw = params[name];
  const value = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : '';
  if (!isIdString(value)) {
    throw blank(raw)
      ? badRequest(`缺少参数 ${name}`, `The parameter ${name} is missing`)
      : badRequest(`参数 ${name} 不正确`, `The parameter ${name} is not valid`);
  }
  return value;
}

export function optionalIdOf(params: Params, name: string): string | undefined {
  return blank(params[name]) ? undefined : requiredIdOf(params, name);
}

/** User ids as an array or a comma list: at least one, at most MAX_USERS, repeats dropped. */
export function userIdsOf(params: Params, name: string): string[] {
  const raw = params[name];
  const items = Array.isArray(raw) ? raw : typeof raw === 'string' || typeof raw === 'number' ? String(raw).split(',') : [];
  const ids = [
    ...new Set(items.map((item) => (typeof item === 'string' || typeof item === 'number' ? String(item).trim() : '\u0000')).filter((id) => id !== '')),
  ];
  if (ids.length === 0) throw badRequest(`请选择人员（参数 ${name}）`, `Please choose at least one user (parameter ${name})`);
  if (ids.length > MAX_USERS || ids.some((id) => !isIdString(id))) throw badRequest(`参数 ${name} 不正确`, `The parameter ${name} is not valid`);
  return ids;
}

export function commentOf(params: Params, isRequired = false): string {
  const raw = params.comment;
  if (blank(raw)) {
    if (isRequired) throw badRequest('请填写意见', 'Please enter a comment');
    return '';
  }
  if (typeof raw !== 'string' || raw.length > MAX_COMMENT) {
    throw badRequest(`意见必须是不超过 ${MAX_COMMENT} 个字符的文字`, `The comment must be text of at most ${MAX_COMMENT} characters`);
  }
  return raw.trim();
}

/** pass: true/false (also "true"/"false", 1/0 as the SpringBlade clients send it). */
export function passOf(params: Params): boolean {
  const raw = params.pass ?? params.flag;
  if (raw === true || raw === 'true' || raw === 1 || raw === '1' || raw === 'pass' || raw === 'ok') return true;
  if (raw === false || raw === 'false' || raw === 0 || raw === '0' || raw === 'reject') return false;
  throw badRequest('参数 pass 必须是 true 或 false', 'The parameter pass must be true or false');
}

/** Process variables: a JSON object of at most MAX_VARIABLES_BYTES (absent = none). */
export function variablesOf(params: Params): Record<string, unknown> | undefined {
  const raw = params.variables;
  if (blank(raw)) return undefined;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw badRequest('参数 variables 必须是一个 JSON 对象', 'The parameter variables must be a JSON object');
  if (Buffer.byteLength(JSON.stringify(raw)) > MAX_VARIABLES_BYTES) {
    throw badRequest('表单数据过大（不能超过 256 KB）', 'The form data is too large (at most 256 KB)');
  }
  return raw as Record<string, unknown>;
}

export function optionalTextOf(params: Params, name: string, max: number): string | undefined {
  const raw = params[name];
  if (blank(raw)) return undefined;
  if (typeof raw !== 'string' || raw.length > max) {
    throw badRequest(`参数 ${name} 必须是不超过 ${max} 个字符的文字`, `The parameter ${name} must be text of at most ${max} characters`);
  }
  return raw.trim() || undefined;
}
