/**
 * The content of a process form (contract 14 §5): a Formily JSON schema `{type: "object", properties}` of at
 * most 100 fields and 256 KB, field names ^[A-Za-z_][A-Za-z0-9_]{0,63}$, each field only the keys and values of
 * formFieldRules.ts (no `{{` anywhere: Formily would run it), and every x-default naming a flow/formDefaultValue of
 * the tenant. Refusals are 400s naming the field.
 */
import type { DbClient } from '../../db/pool.js';
import { localApi, type LocalContext } from '../../engine/localApi.js';
import { checkFieldKeys, FIELD_KEY_RULES, FIELD_NAME, isObject, refuse, refuseExpressions, TOP_LEVEL_KEYS } from './formFieldRules.js';

export const MAX_FORM_BYTES = 256 * 1024;
export const MAX_FORM_FIELDS = 100;
export { FIELD_NAME, FIELD_TYPES, FORM_COMPONENTS, MAX_ENUM_OPTIONS } from './formFieldRules.js';

export type FormField = Record<string, unknown> & { 'x-default'?: string; default?: unknown };
export interface FormContent {
  type: 'object';
  properties: Record<string, FormField>;
  title?: string;
}

/** The content as an object: a JSON text or an object (anything else is a 400). */
export function formContentObject(raw: unknown): Record<string, unknown> {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw refuse('不是有效的 JSON', 'it is not valid JSON');
    }
  }
  if (!isObject(value)) throw refuse('必须是一个 JSON 对象', 'it must be a JSON object');
  return value;
}

function checkField(name: string, field: unknown): FormField {
  if (!FIELD_NAME.test(name))
    throw refuse(
      `字段名「${name.slice(0, 64)}」须以字母或下划线开头，只含字母、数字和下划线，最长64个字符`,
      `the field name "${name.slice(0, 64)}" must start with a letter or underscore and hold letters, digits and underscores (at most 64)`,
    );
  if (!isObject(field)) throw refuse(`字段「${name}」必须是一个对象`, `the field "${name}" must be an object`);
  // The component is the one key every field needs (the console draws nothing without it).
  FIELD_KEY_RULES['x-component'](field['x-component'], name);
  checkFieldKeys(name, field);
  return field as FormField;
}

/** Only type, properties and a title at the top (anything else would reach Formily's schema as it is). */
function checkTopLevel(value: Record<string, unknown>): void {
  const extra = Object.keys(value).find((key) => !(TOP_LEVEL_KEYS as readonly string[]).includes(key));
  if (extra) throw refuse(`不支持的属性「${extra.slice(0, 64)}」`, `the property "${extra.slice(0, 64)}" is not supported`);
  if (value.type !== 'object') throw refuse('type 必须是 object', 'type must be "object"');
  if (value.title !== undefined) FIELD_KEY_RULES.title(value.title, 'title');
  if (!isObject(value.properties)) throw refuse('缺少字段列表 properties', 'it has no properties');
}

/** The content's JSON text; a content nested deeper than JSON.stringify can go is a 400, not a server error. */
function jsonTextOf(value: Record<string, unknown>): string {
  try {
    return JSON.stringify(value);
  } catch {
    throw refuse('嵌套层次过深', 'it is nested too deeply');
  }
}

/** Checks the content; answers it as an object (with its JSON text). */
export async function checkedFormContent(ctx: LocalContext, tx: DbClient | undefined, raw: unknown): Promise<{ content: FormContent; text: string }> {
  const value = formContentObject(raw);
  const text = jsonTextOf(value);
  if (Buffer.byteLength(text, 'utf8') > MAX_FORM_BYTES) throw refuse(`不能超过 ${MAX_FORM_BYTES / 1024} KB`, `it must not exceed ${MAX_FORM_BYTES / 1024} KB`);
  refuseExpressions(value);
  checkTopLevel(value);
  const entries = Object.entries(value.properties as Record<string, unknown>);
  if (entries.length > MAX_FORM_FIELDS) throw refuse(`字段不能超过 ${MAX_FORM_FIELDS} 个`, `it may have at most ${MAX_FORM_FIELDS} fields`);
  const fields = entries.map(([name, field]) => [name, checkField(name, field)] as const);
  const defaultKeys = [...new Set(fields.map(([, field]) => field['x-default']).filter((key): key is string => typeof key === 'string'))];
  if (defaultKeys.length) {
    const found = await localApi(ctx, tx)
      .tenantWide()
      .find('flow/formDefaultValue', { where: { defaultKey: defaultKeys } });
    const known = new Set(found.map((row) => row.defaultKey));
    const missing = defaultKeys.find((key) => !known.has(key));
    if (missing) throw refuse(`默认值「${missing}」不存在`, `the default value "${missing}" does not exist`);
  }
  return { content: value as unknown as FormContent, text };
}
