/**
 * Form rules from the client schema, pure: which fields a form shows and
 * requires, their Formily validator rules with the schema's own messages
 * (x-messages in Chinese, x-messages-en in English, else the same default
 * wording the server uses), the initial values of a new record, the body a
 * save sends, and the server's field errors of a refused save.
 */
import type { ClientFieldSchema, ClientSchema } from '../../shared/clientSchema';
import type { FieldError } from '../../shared/envelope';
import type { Messages } from '../../shared/entitySchema';
import { RequestError } from '../api/request';
import { fieldLabel, formFields, isChildOnlyField, widgetOf, type Language, type SchemaField, type WidgetKind } from './schemaFields';

export type Translate = (key: string, options?: Record<string, unknown>) => string;
export type FormMode = 'add' | 'edit' | 'view';
export type Values = Record<string, unknown>;

export interface ValidatorRule {
  required?: boolean;
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  format?: string;
  message: string;
  triggerType: 'onBlur' | 'onInput';
}

export interface FormFieldSpec {
  name: string;
  label: string;
  widget: WidgetKind;
  schema: ClientFieldSchema;
  isRequired: boolean;
  isDisabled: boolean;
  /** A write-only secret the record already has: not required, empty keeps it (the box says so). */
  keepsSecret: boolean;
  rules: ValidatorRule[];
}

export interface FormOptions {
  mode: FormMode;
  language: Language;
  t: Translate;
  /** Values decided by the page (a child's parent and code): shown, not editable. */
  fixed?: Values;
  /** The form of a tree's root rows (no parent field, no child-only fields). */
  isRootLevel?: boolean;
  /** The record being edited or viewed, as listed (decides conditional requirements). */
  record?: Values;
}

/** Inputs are checked when they lose focus (platform-core §5); pickers when they change. */
const BLUR_WIDGETS: WidgetKind[] = ['input', 'textarea', 'number', 'password'];

function messageFor(field: SchemaField, keyword: keyof Messages, options: FormOptions, limit?: unknown): string {
  const custom = options.language === 'en' ? field.schema['x-messages-en']?.[keyword] : field.schema['x-messages']?.[keyword];
  if (custom) return custom;
  const label = fieldLabel(field.schema, options.language);
  return options.t(`renderers.validation.${keyword}`, { label, limit });
}

/** Required by the schema, or by x-required-unless when the other field (as fixed or defaulted) differs from the value. */
export function isFieldRequired(schema: ClientSchema, name: string, known: Values = {}): boolean {
  if (schema.required.includes(name)) return true;
  const rule = schema.properties[name]?.['x-required-unless'];
  if (!rule) return false;
  const other = known[rule.field] ?? schema.properties[rule.field]?.default;
  return String(other) !== String(rule.value);
}

export function rulesOf(field: SchemaField, isRequired: boolean, options: FormOptions): ValidatorRule[] {
  const s = field.schema;
  const triggerType = BLUR_WIDGETS.includes(widgetOf(s)) ? 'onBlur' : 'onInput';
  const rules: ValidatorRule[] = [];
  if (isRequired) rules.push({ required: true, message: messageFor(field, 'required', options), triggerType });
  if (s.type === 'string') {
    if (s.maxLength !== undefined) rules.push({ maxLength: s.maxLength, message: messageFor(field, 'maxLength', options, s.maxLength), triggerType });
    if (s.minLength !== undefined) rules.push({ minLength: s.minLength, message: messageFor(field, 'minLength', options, s.minLength), triggerType });
    if (s.pattern !== undefined) rules.push({ pattern: s.pattern, message: messageFor(field, 'pattern', options), triggerType });
    if (s.format === 'email') rules.push({ format: 'email', message: messageFor(field, 'format', options), triggerType });
  }
  if (s.type === 'integer' || s.type === 'number') {
    if (s.minimum !== undefined) rules.push({ minimum: s.minimum, message: messageFor(field, 'minimum', options, s.minimum), triggerType });
    if (s.maximum !== undefined) rules.push({ maximum: s.maximum, message: messageFor(field, 'maximum', options, s.maximum), triggerType });
  }
  return rules;
}

/** A write-only secret (never sent to the browser) that the record has stored: rows answer `<name>Set`. */
function isStoredSecret(field: SchemaField, record: Values | undefined): boolean {
  return field.schema.writeOnly === true && record?.[`${field.name}Set`] === true;
}

/** An empty write-only secret is not sent: the server keeps the stored one. */
function isBlankSecret(spec: FormFieldSpec, value: unknown): boolean {
  return spec.schema.writeOnly === true && (value === undefined || value === null || value === '');
}

/** The fields of an add, edit or view form, each with its widget, label, state and rules. */
export function formFieldSpecs(schema: ClientSchema, options: FormOptions): FormFieldSpec[] {
  const fixed = options.fixed ?? {};
  const known = { ...options.record, ...fixed };
  return formFields(schema, { isRootLevel: options.isRootLevel }).map((field) => {
    const keepsSecret = options.mode !== 'add' && isStoredSecret(field, options.record);
    const isRequired = !keepsSecret && isFieldRequired(schema, field.name, known);
    const isDisabled = field.name in fixed || (options.mode === 'edit' && field.schema['x-immutable'] === true);
    return {
      name: field.name,
      label: fieldLabel(field.schema, options.language),
      widget: widgetOf(field.schema),
      schema: field.schema,
      isRequired,
      isDisabled,
      keepsSecret,
      rules: isDisabled ? [] : rulesOf(field, isRequired, options),
    };
  });
}

/**
 * A new record's values: each shown field's default, then the fixed values.
 * A child-only field's default is the root's marker (a dictionary key of -1),
 * so a child starts empty instead.
 */
export function initialValuesOf(schema: ClientSchema, specs: FormFieldSpec[], fixed: Values = {}): Values {
  const values: Values = {};
  for (const spec of specs) {
    if (spec.schema.default === undefined || isChildOnlyField(schema, spec.schema)) continue;
    values[spec.name] = spec.schema.default;
  }
  return { ...values, ...fixed };
}

/** What a save sends: the form's fields (an empty secret left out), the fixed values, and on edit the id and version (lost-update guard). */
export function saveBodyOf(specs: FormFieldSpec[], values: Values, fixed: Values = {}, original?: Values): Values {
  const body: Values = {};
  for (const spec of specs) {
    if (isBlankSecret(spec, values[spec.name])) continue;
    if (spec.name in values) body[spec.name] = values[spec.name] === undefined ? null : values[spec.name];
  }
  Object.assign(body, fixed);
  if (original?.id !== undefined) body.id = original.id;
  if (original?.version !== undefined) body.version = original.version;
  return body;
}

/** Field errors of a refused save (`data.errors = [{field, message}]`), if the server sent any. */
export function fieldErrorsOf(error: unknown): FieldError[] {
  if (!(error instanceof RequestError)) return [];
  const data = (error.body as { data?: { errors?: unknown } } | null)?.data;
  const errors = data?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter((e): e is FieldError => !!e && typeof e.field === 'string' && typeof e.message === 'string');
}
