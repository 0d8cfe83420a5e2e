/**
 * The Formily schema of a process form, built from the allowed keys only (review finding H2). Formily compiles every
 * `{{…}}` string of a schema and runs x-reactions with `new Function`, so a stored form is never spread into the
 * schema: each allowed key (contract 14 §5, as the server checks it in formFieldRules.ts) is copied on its own, and
 * any string containing `{{` is dropped. Number pickers, selects and date pickers fill the row; the designer's preview
 * may add a plain-text tooltip to a field's label (x-decorator-props.tooltip, never part of a stored form).
 */
import type { ISchema } from '@formily/react';
import type { FormilySchema } from '../processTypes';

const COMPONENTS = new Set(['Input', 'Input.TextArea', 'NumberPicker', 'Select', 'DatePicker', 'Switch', 'Radio.Group', 'Checkbox.Group']);
const TYPES = new Set(['string', 'number', 'boolean', 'array']);
const WIDE = new Set(['NumberPicker', 'DatePicker', 'Select']);
const NUMBER_PROPS = ['maxLength', 'min', 'max', 'precision', 'rows'] as const;

type Plain = string | number | boolean;

const isSafeText = (value: unknown): value is string => typeof value === 'string' && !value.includes('{{');
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isPlain = (value: unknown): value is Plain => isSafeText(value) || isNumber(value) || typeof value === 'boolean';
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function optionsOf(value: unknown): Array<{ label: string; value: string | number }> | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.flatMap((option: unknown) =>
    isRecord(option) && isSafeText(option.label) && (isSafeText(option.value) || isNumber(option.value)) ? [{ label: option.label, value: option.value }] : [],
  );
}

function defaultOf(value: unknown): Plain | Plain[] | undefined {
  if (Array.isArray(value)) return value.every(isPlain) ? [...value] : undefined;
  return isPlain(value) ? value : undefined;
}

function componentPropsOf(value: unknown, component: string): Record<string, unknown> {
  const stored = isRecord(value) ? value : {};
  const props: Record<string, unknown> = WIDE.has(component) ? { style: { width: '100%' } } : {};
  if (isSafeText(stored.placeholder)) props.placeholder = stored.placeholder;
  for (const key of NUMBER_PROPS) if (isNumber(stored[key])) props[key] = stored[key];
  return props;
}

/** One field of the stored form as Formily draws it, or null when it names no component the console has. */
export function safeField(stored: Record<string, unknown>): ISchema | null {
  const component = stored['x-component'];
  if (typeof component !== 'string' || !COMPONENTS.has(component)) return null;
  const field: ISchema = { 'x-decorator': 'FormItem', 'x-component': component, 'x-component-props': componentPropsOf(stored['x-component-props'], component) };
  if (typeof stored.type === 'string' && TYPES.has(stored.type)) field.type = stored.type as ISchema['type'];
  if (isSafeText(stored.title)) field.title = stored.title;
  // The designer's preview names a field's default value key in the label's tooltip (plain text; never stored).
  const decoratorProps = stored['x-decorator-props'];
  if (isRecord(decoratorProps) && isSafeText(decoratorProps.tooltip)) field['x-decorator-props'] = { tooltip: decoratorProps.tooltip };
  if (typeof stored.required === 'boolean') field.required = stored.required;
  if (Number.isInteger(stored['x-index'])) field['x-index'] = stored['x-index'] as number;
  const options = optionsOf(stored.enum);
  if (options) field.enum = options;
  const initial = defaultOf(stored.default);
  if (initial !== undefined) field.default = initial;
  return field;
}

/** The whole form: an object schema of the safe fields (field names are identifiers, as the server requires). */
export function safeFormilySchema(schema: FormilySchema): ISchema {
  const properties = Object.entries(schema.properties ?? {}).flatMap(([name, stored]) => {
    const field = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name) && isRecord(stored) ? safeField(stored) : null;
    return field ? [[name, field] as const] : [];
  });
  return { type: 'object', properties: Object.fromEntries(properties) };
}
