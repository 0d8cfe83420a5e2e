/**
 * The form designer's model and its one output format, the Formily JSON schema of contract 14 §5:
 * `{ type: 'object', properties: { <field>: { type, title, x-decorator: 'FormItem', x-component, enum?, required?,
 * x-default?, default?, x-index } } }`. The designer edits a list of fields; toFormSchema writes the content that
 * form/submit stores, fromFormSchema reads a stored content back (a history version, an edited form). Pure, so the
 * preview and the saved content come from one function.
 */

/** The field kinds the palette offers, by their Formily component name (the x-component written). */
export const FIELD_KINDS = ['Input', 'Input.TextArea', 'NumberPicker', 'Select', 'DatePicker', 'Switch', 'Radio.Group', 'Checkbox.Group'] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

/** Choice fields carry options (enum). */
export const CHOICE_KINDS: ReadonlySet<FieldKind> = new Set(['Select', 'Radio.Group', 'Checkbox.Group']);

/** Contract §5 limits: at most 100 fields and 256 KB of content. */
export const MAX_FIELDS = 100;
export const MAX_CONTENT_BYTES = 256 * 1024;
export const MAX_OPTIONS = 100;
/** A field name is a process variable name (conditions read it): an identifier. */
export const FIELD_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
/** The form key's rule (as the model key's, contract §1). */
export const FORM_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;

export interface FieldOption {
  label: string;
  value: string;
}

/** Where a field's initial value comes from: none, a literal, or a flow/formDefaultValue resolved by the server. */
export type DefaultSource = 'none' | 'literal' | 'key';

export interface DesignerField {
  /** The designer's own id of the row (stable while the name is edited). */
  uid: string;
  name: string;
  kind: FieldKind;
  title: string;
  required: boolean;
  options: FieldOption[];
  defaultSource: DefaultSource;
  /** The literal default: text, number, boolean or a list of option values, by kind. */
  defaultValue?: unknown;
  /** The defaultKey of a flow/formDefaultValue. */
  defaultKey?: string;
}

export interface FormSchemaProperty {
  type: 'string' | 'number' | 'boolean' | 'array';
  title: string;
  'x-decorator': 'FormItem';
  'x-component': FieldKind;
  enum?: FieldOption[];
  required?: true;
  'x-default'?: string;
  default?: unknown;
  'x-index': number;
}

export interface FormSchema {
  type: 'object';
  properties: Record<string, FormSchemaProperty>;
}

const TYPE_OF_KIND: Record<FieldKind, FormSchemaProperty['type']> = {
  Input: 'string',
  'Input.TextArea': 'string',
  NumberPicker: 'number',
  Select: 'string',
  DatePicker: 'string',
  Switch: 'boolean',
  'Radio.Group': 'string',
  'Checkbox.Group': 'array',
};

export function typeOfKind(kind: FieldKind): FormSchemaProperty['type'] {
  return TYPE_OF_KIND[kind];
}

let counter = 0;
function nextUid(): string {
  counter += 1;
  return `f${Date.now().toString(36)}${counter}`;
}

/** A name not yet taken: field1, field2 … */
function freeName(taken: ReadonlySet<string>): string {
  for (let index = 1; ; index += 1) {
    const name = `field${index}`;
    if (!taken.has(name)) return name;
  }
}

/** A new field of a kind, named freeName, titled by the caller (the palette's label in the console's language). */
export function newField(kind: FieldKind, title: string, existing: readonly DesignerField[]): DesignerField {
  const options = CHOICE_KINDS.has(kind)
    ? [
        { label: 'A', value: 'a' },
        { label: 'B', value: 'b' },
      ]
    : [];
  return { uid: nextUid(), name: freeName(new Set(existing.map((field) => field.name))), kind, title, required: false, options, defaultSource: 'none' };
}

/** The literal default as the kind stores it, or undefined when it is empty. */
export function literalDefault(field: DesignerField): unknown {
  const value = field.defaultValue;
  if (value === undefined || value === null || value === '') return undefined;
  switch (field.kind) {
    case 'NumberPicker': {
      const number = typeof value === 'number' ? value : Number(value);
      return Number.isFinite(number) ? number : undefined;
    }
    case 'Switch':
      return value === true || value === 'true';
    case 'Checkbox.Group': {
      const list = Array.isArray(value) ? value.map(String) : [];
      return list.length > 0 ? list : undefined;
    }
    default:
      return String(value);
  }
}

/** The content form/submit stores: exactly contract §5, fields in the designer's order (x-index). */
export function toFormSchema(fields: readonly DesignerField[]): FormSchema {
  const properties: Record<string, FormSchemaProperty> = {};
  fields.forEach((field, index) => {
    const property: FormSchemaProperty = {
      type: typeOfKind(field.kind),
      title: field.title,
      'x-decorator': 'FormItem',
      'x-component': field.kind,
      'x-index': index,
    };
    if (CHOICE_KINDS.has(field.kind)) property.enum = field.options.map((option) => ({ label: option.label, value: option.value }));
    if (field.required) property.required = true;
    if (field.defaultSource === 'key' && field.defaultKey) property['x-default'] = field.defaultKey;
    if (field.defaultSource === 'literal') {
      const value = literalDefault(field);
      if (value !== undefined) property.default = value;
    }
    properties[field.name] = property;
  });
  return { type: 'object', properties };
}

function isKind(value: unknown): value is FieldKind {
  return typeof value === 'string' && (FIELD_KINDS as readonly string[]).includes(value);
}

function optionsOf(value: unknown): FieldOption[] {
  if (!Array.isArray(value)) return [];
  return value.map((option: unknown) =>
    option && typeof option === 'object'
      ? { label: String((option as FieldOption).label ?? ''), value: String((option as FieldOption).value ?? '') }
      : { label: String(option), value: String(option) },
  );
}

/** A stored content (object or JSON text) parsed into a schema; anything else is an empty form. */
export function parseContent(content: unknown): FormSchema {
  let value = content;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return { type: 'object', properties: {} };
    }
  }
  if (!value || typeof value !== 'object' || typeof (value as FormSchema).properties !== 'object' || !(value as FormSchema).properties) {
    return { type: 'object', properties: {} };
  }
  return { type: 'object', properties: (value as FormSchema).properties };
}

/** The designer's fields of a stored content, in x-index order; an unknown component is edited as a text input. */
export function fromFormSchema(content: unknown): DesignerField[] {
  const { properties } = parseContent(content);
  return Object.entries(properties)
    .map(([name, property], position) => ({ name, property, order: typeof property['x-index'] === 'number' ? property['x-index'] : position }))
    .sort((a, b) => a.order - b.order)
    .map(({ name, property }) => {
      const kind = isKind(property['x-component']) ? property['x-component'] : 'Input';
      const defaultKey = typeof property['x-default'] === 'string' && property['x-default'] ? property['x-default'] : undefined;
      const hasLiteral = !defaultKey && property.default !== undefined;
      return {
        uid: nextUid(),
        name,
        kind,
        title: String(property.title ?? name),
        required: property.required === true,
        options: optionsOf(property.enum),
        defaultSource: defaultKey ? 'key' : hasLiteral ? 'literal' : 'none',
        defaultValue: hasLiteral ? property.default : undefined,
        defaultKey,
      } satisfies DesignerField;
    });
}

/** The first problem of one field, as an i18n key under workflowForms.problems and its values. */
export interface FieldProblem {
  uid: string;
  key:
    'nameMissing' | 'nameInvalid' | 'nameTaken' | 'titleMissing' | 'optionsMissing' | 'optionInvalid' | 'optionsTooMany' | 'optionTaken' | 'defaultKeyMissing';
}

function optionProblem(field: DesignerField): FieldProblem['key'] | undefined {
  if (!CHOICE_KINDS.has(field.kind)) return undefined;
  if (field.options.length === 0) return 'optionsMissing';
  if (field.options.length > MAX_OPTIONS) return 'optionsTooMany';
  if (field.options.some((option) => !option.label.trim() || !option.value.trim())) return 'optionInvalid';
  if (new Set(field.options.map((option) => option.value)).size !== field.options.length) return 'optionTaken';
  return undefined;
}

function fieldProblem(field: DesignerField, names: Map<string, number>): FieldProblem['key'] | undefined {
  if (!field.name) return 'nameMissing';
  if (!FIELD_NAME_PATTERN.test(field.name)) return 'nameInvalid';
  if ((names.get(field.name) ?? 0) > 1) return 'nameTaken';
  if (!field.title.trim()) return 'titleMissing';
  if (field.defaultSource === 'key' && !field.defaultKey) return 'defaultKeyMissing';
  return optionProblem(field);
}

/** Every field's first problem (the designer marks the rows and refuses to save while any is left). */
export function fieldProblems(fields: readonly DesignerField[]): FieldProblem[] {
  const names = new Map<string, number>();
  for (const field of fields) names.set(field.name, (names.get(field.name) ?? 0) + 1);
  return fields.flatMap((field) => {
    const key = fieldProblem(field, names);
    return key ? [{ uid: field.uid, key }] : [];
  });
}

/** The content's size in bytes as the server receives it. */
export function contentBytes(schema: FormSchema): number {
  return new TextEncoder().encode(JSON.stringify(schema)).length;
}

/** Moves the field at index by delta (-1 up, +1 down); out of range leaves the list as it is. */
export function moveField<T>(list: readonly T[], index: number, delta: number): T[] {
  const target = index + delta;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}
