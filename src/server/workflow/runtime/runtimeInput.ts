/**
 * Limits on what callers hand the runtime: comments, process variables (per call and in all), user id lists. A refusal is a
 * 400 in the caller's language; nothing has been written when it is thrown.
 */
import { badRequest } from '../../http/apiError.js';
import type { Variables } from './runtimeTypes.js';

export const MAX_COMMENT = 2000;
/** Names a process may hold: per call and after a completion's merge. */
export const MAX_VARIABLES = 200;
/** The serialized variables, per call and in all (the HTTP layer's limit too: api/actionInput.ts imports it). */
export const MAX_VARIABLES_BYTES = 256 * 1024;
/** How deep a variable's value may nest (objects and arrays): a deeper one costs every read and evaluation. */
export const MAX_VARIABLE_DEPTH = 10;
export const MAX_USER_IDS = 100;
const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const ID = /^[1-9][0-9]{0,18}$/;

export function checkedComment(comment: unknown): string | undefined {
  if (comment === undefined || comment === null || comment === '') return undefined;
  if (typeof comment !== 'string') throw badRequest('审批意见必须是文本', 'The comment must be text');
  if (comment.length > MAX_COMMENT) throw badRequest(`审批意见不能超过 ${MAX_COMMENT} 个字符`, `The comment may have at most ${MAX_COMMENT} characters`);
  return comment;
}

/** Whether the value nests deeper than `limit` levels of objects and arrays (walked without recursion). */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth + 1 > limit) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

/** The whole set of an instance's variables stays within the limits (after a completion merged its values in). */
export function checkedVariableTotals(variables: Variables): Variables {
  if (Object.keys(variables).length > MAX_VARIABLES)
    throw badRequest(`流程变量总数不能超过 ${MAX_VARIABLES} 个`, `A process may hold at most ${MAX_VARIABLES} variables in all`);
  if (Buffer.byteLength(JSON.stringify(variables), 'utf8') > MAX_VARIABLES_BYTES)
    throw badRequest(`流程变量合计不能超过 ${MAX_VARIABLES_BYTES / 1024} KB`, `The process variables may take at most ${MAX_VARIABLES_BYTES / 1024} KB in all`);
  return variables;
}

/** Process variables: a JSON object of at most 200 names (letters, digits, _), 256 KB, values nesting at most 10 deep. */
export function checkedVariables(variables: unknown): Variables {
  if (variables === undefined || variables === null) return {};
  if (typeof variables !== 'object' || Array.isArray(variables)) throw badRequest('流程变量必须是对象', 'The process variables must be an object');
  const entries = Object.entries(variables as Variables);
  if (entries.length > MAX_VARIABLES) throw badRequest(`流程变量不能超过 ${MAX_VARIABLES} 个`, `At most ${MAX_VARIABLES} process variables`);
  const bad = entries.find(([name]) => !NAME.test(name));
  if (bad) throw badRequest(`流程变量名「${bad[0].slice(0, 64)}」不正确`, `The variable name "${bad[0].slice(0, 64)}" is not valid`);
  const deep = entries.find(([, value]) => nestsDeeperThan(value, MAX_VARIABLE_DEPTH));
  if (deep)
    throw badRequest(
      `流程变量「${deep[0]}」嵌套不能超过 ${MAX_VARIABLE_DEPTH} 层`,
      `The variable "${deep[0]}" may nest at most ${MAX_VARIABLE_DEPTH} levels deep`,
    );
  if (Buffer.byteLength(JSON.stringify(variables), 'utf8') > MAX_VARIABLES_BYTES)
    throw badRequest(`流程变量不能超过 ${MAX_VARIABLES_BYTES / 1024} KB`, `The process variables may take at most ${MAX_VARIABLES_BYTES / 1024} KB`);
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
