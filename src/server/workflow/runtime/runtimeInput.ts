/**
 * Limits on what callers hand the runtime: comments, process variables, user id lists. A refusal is a
 * 400 in the caller's language; nothing has been written when it is thrown.
 */
import { badRequest } from '../../http/apiError.js';
import type { Variables } from './runtimeTypes.js';

export const MAX_COMMENT = 2000;
export const MAX_VARIABLES = 100;
export const MAX_VARIABLES_BYTES = 64 * 1024;
export const MAX_USER_IDS = 100;
const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const ID = /^[1-9][0-9]{0,18}$/;

export function checkedComment(comment: unknown): string | undefined {
  if (comment === undefined || comment === null || comment === '') return undefined;
  if (typeof comment !== 'string') throw badRequest('审批意见必须是文本', 'The comment must be text');
  if (comment.length > MAX_COMMENT) throw badRequest(`审批意见不能超过 ${MAX_COMMENT} 个字符`, `The comment may have at most ${MAX_COMMENT} characters`);
  return comment;
}

/** Process variables: a JSON object of at most 100 names (letters, digits, _), 64 KB in all. */
export function checkedVariables(variables: unknown): Variables {
  if (variables === undefined || variables === null) return {};
  if (typeof variables !== 'object' || Array.isArray(variables)) throw badRequest('流程变量必须是对象', 'The process variables must be an object');
  const entries = Object.entries(variables as Variables);
  if (entries.length > MAX_VARIABLES) throw badRequest(`流程变量不能超过 ${MAX_VARIABLES} 个`, `At most ${MAX_VARIABLES} process variables`);
  const bad = entries.find(([name]) => !NAME.test(name));
  if (bad) throw badRequest(`流程变量名「${bad[0].slice(0, 64)}」不正确`, `The variable name "${bad[0].slice(0, 64)}" is not valid`);
  if (Buffer.byteLength(JSON.stringify(variables), 'utf8') > MAX_VARIABLES_BYTES)
    throw badRequest('流程变量不能超过 64 KB', 'The process variables may take at most 64 KB');
  return { ...(variables as Variables) };
}

/** A list of user ids (array or comma text), at most 100. */
export function checkedUserIds(userIds: unknown): string[] {
  const list = Array.isArray(userIds) ? userIds.map(String) : typeof userIds === 'string' ? userIds.split(',') : [];
  const ids = [...new Set(list.map((id) => id.trim()).filter(Boolean))];
  if (ids.length === 0) throw badRequest('请选择人员', 'Please choose the users');
  if (ids.length > MAX_USER_IDS) throw badRequest(`一次最多选择 ${MAX_USER_IDS} 人`, `Choose at most ${MAX_USER_IDS} users at once`);
  if (ids.some((id) => !ID.test(id))) throw badRequest('人员编号不正确', 'A user id is not valid');
  return ids;
}

export function checkedId(value: unknown, name: string): string {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !ID.test(text)) throw badRequest(`参数 ${name} 不正确`, `The parameter ${name} is not valid`);
  return text;
}
