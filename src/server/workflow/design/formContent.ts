/**
 * The content of a process form (contract 14 §5): a Formily JSON schema `{type: "object", properties}` of at
 * most 100 fields and 256 KB, field names ^[A-Za-z_][A-Za-z0-9_]{0,63}$, only the components the console renders,
 * and every x-default naming a flow/formDefaultValue of the tenant. Refusals are 400s naming the field.
 */
import type { DbClient } from '../../db/pool.js';
import { localApi, type LocalContext } from '../../engine/localApi.js';
import { badRequest } from '../../http/apiError.js';

export const MAX_FORM_BYTES = 256 * 1024;
export const MAX_FORM_FIELDS = 100;
export const MAX_ENUM_OPTIONS = 200;
export const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
export const FORM_COMPONENTS = ['Input', 'Input.TextArea', 'NumberPicker', 'Select', 'DatePicker', 'Switch', 'Radio.Group', 'Checkbox.Group'] as const;
export const FIELD_TYPES = ['string', 'number', 'boolean', 'array'] as const;

export type FormField = Record<string, unknown> & { 'x-default'?: string; default?: unknown };
export interface FormContent {
  type: 'object';
  properties: Record<string, FormField>;
  [key: string]: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const refuse = (zh: string, en: string) => badRequest(`表单内容不正确：${zh}`, `The form content is not valid: ${en}`);

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
  if (field.type !== undefined && !(FIELD_TYPES as readonly unknown[]).includes(field.type))
    throw refuse(`字段「${name}」的类型只能是 ${FIELD_TYPES.join('、')}`, `the type of "${name}" must be one of ${FIELD_TYPES.join(', ')}`);
  if (!(FORM_COMPONENTS as readonly unknown[]).includes(field['x-component']))
    throw refuse(`字段「${name}」的组件只能是 ${FORM_COMPONENTS.join('、')}`, `the component of "${name}" must be one of ${FORM_COMPONENTS.join(', ')}`);
  if (field['x-decorator'] !== undefined && field['x-decorator'] !== 'FormItem')
    throw refuse(`字段「${name}」的装饰器只能是 FormItem`, `the decorator of "${name}" must be FormItem`);
  if (field.title !== undefined && (typeof field.title !== 'string' || field.title.length > 100))
    throw refuse(`字段「${name}」的标题须是不超过100个字符的文本`, `the title of "${name}" must be text of at most 100 characters`);
  if (field.enum !== undefined) {
    const options = field.enum;
    if (!Array.isArray(options) || options.length > MAX_ENUM_OPTIONS || !options.every((option) => isObject(option) && 'value' in option && 'label' in option))
      throw refuse(
        `字段「${name}」的选项须是至多${MAX_ENUM_OPTIONS}个 {label, value}`,
        `the options of "${name}" must be at most ${MAX_ENUM_OPTIONS} {label, value} objects`,
      );
  }
  if (field.required !== undefined && typeof field.required !== 'boolean')
    throw refuse(`字段「${name}」的 required 须是 true 或 false`, `"required" of "${name}" must be true or false`);
  if (field['x-default'] !== undefined && (typeof field['x-default'] !== 'string' || !FIELD_NAME.test(field['x-default'])))
    throw refuse(`字段「${name}」的默认值标识不正确`, `the default value key of "${name}" is not valid`);
  return field as FormField;
}

/** Checks the content; answers it as an object (with its JSON text). */
export async function checkedFormContent(ctx: LocalContext, tx: DbClient | undefined, raw: unknown): Promise<{ content: FormContent; text: string }> {
  const value = formContentObject(raw);
  const text = JSON.stringify(value);
  if (Buffer.byteLength(text, 'utf8') > MAX_FORM_BYTES) throw refuse(`不能超过 ${MAX_FORM_BYTES / 1024} KB`, `it must not exceed ${MAX_FORM_BYTES / 1024} KB`);
  if (value.type !== 'object') throw refuse('type 必须是 object', 'type must be "object"');
  if (!isObject(value.properties)) throw refuse('缺少字段列表 properties', 'it has no properties');
  const entries = Object.entries(value.properties);
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
  return { content: value as FormContent, text };
}
