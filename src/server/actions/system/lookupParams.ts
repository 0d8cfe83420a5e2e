/**
 * The query parameters of a small hand-written read (a picker lookup, a
 * relation page): only the named ones are accepted, each checked, so nothing
 * unexpected reaches SQL; text is matched literally (% and _ included).
 */
import { isIdString } from '../../db/ids.js';
import type { Params } from '../../engine/sqlBuilder.js';
import { badRequest } from '../../http/apiError.js';
import { hasControlCharacters } from '../../http/textInput.js';
import { isBlank } from './actionParams.js';

type Row = Record<string, unknown>;

const HARMLESS = new Set(['blade-auth', '_t', 'tenantId']);

/** The recognised parameters of a lookup, checked: text at most 64 characters, ids as ids, anything else a 400. */
export function lookupParams(query: Row, text: string[], ids: string[] = [], numbers: string[] = []): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, raw] of Object.entries(query)) {
    if (HARMLESS.has(key) || isBlank(raw)) continue;
    const known = text.includes(key) || ids.includes(key) || numbers.includes(key);
    const value = typeof raw === 'string' ? raw : undefined;
    const bad = () => badRequest(`查询参数“${key.slice(0, 64)}”不正确`, `The query parameter "${key.slice(0, 64)}" is not valid`);
    if (!known || value === undefined) throw bad();
    if (text.includes(key) && (value.length > 64 || hasControlCharacters(value))) throw bad();
    if (ids.includes(key) && !isIdString(value)) throw bad();
    if (numbers.includes(key) && !/^[1-9][0-9]{0,5}$/.test(value)) throw bad();
    out[key] = value;
  }
  return out;
}

export function likeValue(params: Params, text: string): string {
  return params.add(likePattern(text));
}

/** An ILIKE pattern matching the text literally anywhere (% and _ included). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
