/**
 * What a process form's field may say (contract 14 §5, review finding H2). Formily compiles every `{{…}}` string of
 * a schema (and runs x-reactions) with `new Function` in the browser of whoever opens the form, so the stored content
 * is an allow-list: each key of a field has a rule for its value, any other key is refused, and no string anywhere in
 * the content may contain `{{`. safeFormSchema applies the same list to a stored content before it is answered
 * (forms saved before the rule existed).
 */
import { badRequest } from '../../http/apiError.js';

export const MAX_ENUM_OPTIONS = 200;
export const MAX_TITLE_LENGTH = 100;
export const MAX_OPTION_LABEL_LENGTH = 100;
export const MAX_DEFAULT_TEXT_LENGTH = 2000;
export const MAX_DEFAULT_ITEMS = 200;
export const MAX_PLACEHOLDER_LENGTH = 200;
export const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
export const FORM_COMPONENTS = ['Input', 'Input.TextArea', 'NumberPicker', 'Select', 'DatePicker', 'Switch', 'Radio.Group', 'Checkbox.Group'] as const;
export const FIELD_TYPES = ['string', 'number', 'boolean', 'array'] as const;
/** The keys of the content itself. */
export const TOP_LEVEL_KEYS = ['type', 'properties', 'title'] as const;

const EXPRESSION = '{{';

export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value.length <= max;
const isPlainValue = (value: unknown) => isText(value, MAX_DEFAULT_TEXT_LENGTH) || isNumber(value) || typeof value === 'boolean';

export const refuse = (zh: string, en: string) => badRequest(`表单内容不正确：${zh}`, `The form content is not valid: ${en}`);

const unsupported = (name: string, key: string) =>
  refuse(`字段「${name}」不支持的属性「${key.slice(0, 64)}」`, `the field "${name}" has an unsupported property "${key.slice(0, 64)}"`);

/** A rule throws a 400 naming the field when the value is not allowed. */
type ValueRule = (value: unknown, name: string) => void;

const checkEnum: ValueRule = (options, name) => {
  const shaped =
    Array.isArray(options) &&
    options.length <= MAX_ENUM_OPTIONS &&
    options.every((option) => isObject(option) && 'value' in option && 'label' in option && Object.keys(option).length === 2);
  if (!shaped)
    throw refuse(
      `字段「${name}」的选项须是至多${MAX_ENUM_OPTIONS}个 {label, value}`,
      `the options of "${name}" must be at most ${MAX_ENUM_OPTIONS} {label, value} objects`,
    );
  for (const option of options as Array<{ label: unknown; value: unknown }>) {
    if (!isText(option.label, MAX_OPTION_LABEL_LENGTH))
      throw refuse(
        `字段「${name}」的选项名称须是不超过${MAX_OPTION_LABEL_LENGTH}个字符的文本`,
        `the option labels of "${name}" must be text of at most ${MAX_OPTION_LABEL_LENGTH} characters`,
      );
    if (typeof option.value !== 'string' && !isNumber(option.value))
      throw refuse(`字段「${name}」的选项值须是文本或数字`, `the option values of "${name}" must be text or numbers`);
  }
};

const checkDefault: ValueRule = (value, name) => {
  const plain = Array.isArray(value) ? value.length <= MAX_DEFAULT_ITEMS && value.every(isPlainValue) : isPlainValue(value);
  if (!plain)
    throw refuse(
      `字段「${name}」的默认值须是不超过${MAX_DEFAULT_TEXT_LENGTH}个字符的文本、数字、布尔值或至多${MAX_DEFAULT_ITEMS}个这样的值`,
      `the default of "${name}" must be text of at most ${MAX_DEFAULT_TEXT_LENGTH} characters, a number, a boolean or a list of at most ${MAX_DEFAULT_ITEMS} of them`,
    );
};

/** x-component-props: a few plain settings of the components, never style, event handlers or render functions. */
const COMPONENT_PROP_RULES: Record<string, (value: unknown) => boolean> = {
  placeholder: (value) => isText(value, MAX_PLACEHOLDER_LENGTH),
  maxLength: isNumber,
  min: isNumber,
  max: isNumber,
  precision: isNumber,
  rows: isNumber,
};

const checkComponentProps: ValueRule = (props, name) => {
  if (!isObject(props)) throw refuse(`字段「${name}」的 x-component-props 必须是一个对象`, `"x-component-props" of "${name}" must be an object`);
  for (const [key, value] of Object.entries(props)) {
    const rule = COMPONENT_PROP_RULES[key];
    if (!rule) throw unsupported(name, `x-component-props.${key}`);
    if (!rule(value))
      throw refuse(
        `字段「${name}」的 x-component-props.${key} 须是${key === 'placeholder' ? `不超过${MAX_PLACEHOLDER_LENGTH}个字符的文本` : '数字'}`,
        `"x-component-props.${key}" of "${name}" must be ${key === 'placeholder' ? `text of at most ${MAX_PLACEHOLDER_LENGTH} characters` : 'a number'}`,
      );
  }
};

/** Every key a field may carry, with the rule of its value; x-component is required (checked apart). */
export const FIELD_KEY_RULES: Record<string, ValueRule> = {
  type: (value, name) => {
    if (!(FIELD_TYPES as readonly unknown[]).includes(value))
      throw refuse(`字段「${name}」的类型只能是 ${FIELD_TYPES.join('、')}`, `the type of "${name}" must be one of ${FIELD_TYPES.join(', ')}`);
  },
  title: (value, name) => {
    if (!isText(value, MAX_TITLE_LENGTH))
      throw refuse(
        `字段「${name}」的标题须是不超过${MAX_TITLE_LENGTH}个字符的文本`,
        `the title of "${name}" must be text of at most ${MAX_TITLE_LENGTH} characters`,
      );
  },
  'x-decorator': (value, name) => {
    if (value !== 'FormItem') throw refuse(`字段「${name}」的装饰器只能是 FormItem`, `the decorator of "${name}" must be FormItem`);
  },
  'x-component': (value, name) => {
    if (!(FORM_COMPONENTS as readonly unknown[]).includes(value))
      throw refuse(`字段「${name}」的组件只能是 ${FORM_COMPONENTS.join('、')}`, `the component of "${name}" must be one of ${FORM_COMPONENTS.join(', ')}`);
  },
  enum: checkEnum,
  required: (value, name) => {
    if (typeof value !== 'boolean') throw refuse(`字段「${name}」的 required 须是 true 或 false`, `"required" of "${name}" must be true or false`);
  },
  default: checkDefault,
  'x-default': (value, name) => {
    if (typeof value !== 'string' || !FIELD_NAME.test(value))
      throw refuse(`字段「${name}」的默认值标识不正确`, `the default value key of "${name}" is not valid`);
  },
  'x-index': (value, name) => {
    if (!Number.isInteger(value)) throw refuse(`字段「${name}」的 x-index 须是整数`, `"x-index" of "${name}" must be an integer`);
  },
  'x-component-props': checkComponentProps,
};

/** Refuses a key the allow-list does not name, then checks each value by its rule. */
export function checkFieldKeys(name: string, field: Record<string, unknown>): void {
  for (const key of Object.keys(field)) if (!Object.hasOwn(FIELD_KEY_RULES, key)) throw unsupported(name, key);
  for (const [key, value] of Object.entries(field)) FIELD_KEY_RULES[key](value, name);
}

/** One value met while walking the content; the parent link spells its path only when it is needed. */
interface Visit {
  value: unknown;
  key?: string;
  parent?: Visit;
}

function pathOf(visit: Visit): string[] {
  const path: string[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) path.unshift(at.key);
  return path;
}

/** Where in the content a `{{` sits: the field and its key (for the message), or null. Walks without recursion. */
export function expressionIn(content: unknown): { field?: string; key: string } | null {
  const pending: Visit[] = [{ value: content }];
  while (pending.length > 0) {
    const visit = pending.pop()!;
    const { value } = visit;
    if (typeof value === 'string') {
      if (value.includes(EXPRESSION)) return placeOf(pathOf(visit));
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push({ value: item, key: String(index), parent: visit }));
    } else if (isObject(value)) {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes(EXPRESSION)) return placeOf([...pathOf(visit), key]);
        pending.push({ value: item, key, parent: visit });
      }
    }
  }
  return null;
}

function placeOf(path: string[]): { field?: string; key: string } {
  if (path[0] === 'properties' && path.length > 1) return { field: path[1].slice(0, 64), key: path.slice(2).join('.').slice(0, 100) || path[1].slice(0, 64) };
  return { key: path.join('.').slice(0, 100) };
}

/** 400 when any string of the content contains `{{` (Formily would run it as script). */
export function refuseExpressions(content: unknown): void {
  const place = expressionIn(content);
  if (!place) return;
  const zhWhere = place.field ? `字段「${place.field}」的 ${place.key}` : place.key;
  const enWhere = place.field ? `"${place.key}" of the field "${place.field}"` : `"${place.key}"`;
  throw badRequest(`表单内容不能包含表达式 {{ }}（${zhWhere}）`, `The form content must not contain expressions {{ }} (${enWhere})`);
}

/** A field's allowed keys whose values pass their rules and hold no `{{`; anything else is left out. */
function safeField(name: string, field: unknown): Record<string, unknown> | null {
  if (!isObject(field) || !FIELD_NAME.test(name)) return null;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(field)) {
    if (!Object.hasOwn(FIELD_KEY_RULES, key) || expressionIn(value)) continue;
    try {
      FIELD_KEY_RULES[key](value, name);
      kept[key] = value;
    } catch {
      // A value the rules refuse is dropped, not answered.
    }
  }
  return kept['x-component'] ? kept : null;
}

/**
 * A stored content reduced to what the rules allow (a form saved before them keeps its plain fields): answered to
 * the console instead of the stored object, so no stored expression reaches a browser.
 */
export function safeFormSchema(content: Record<string, unknown>): Record<string, unknown> {
  const properties = isObject(content.properties) ? content.properties : {};
  const fields = Object.entries(properties).flatMap(([name, field]) => {
    const safe = safeField(name, field);
    return safe ? [[name, safe] as const] : [];
  });
  const title = isText(content.title, MAX_TITLE_LENGTH) && !content.title.includes(EXPRESSION) ? { title: content.title } : {};
  return { type: 'object', ...title, properties: Object.fromEntries(fields) };
}
