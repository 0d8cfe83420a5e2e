/**
 * The entity schema of a runtime register, built from a data model's fields
 * (model prototypes). Pure: the generator, the download and the unit test
 * share it. Each field is checked here with a message the administrator can
 * act on; the result is then validated against the meta-schema and sanitized
 * by the engine (generatedSchemaCheck.ts) before anything trusts it.
 *
 * A generated register always gets its own new table with the engine's base
 * columns (tenant, owner, soft delete, version): reading a table only
 * prototypes the fields, it is never adopted.
 *
 * Beyond a column, a field may be a reference to another register (x-ref,
 * x-id), be labelled by a dictionary (x-dict, several entries comma-joined),
 * match a pattern, be unique alone or with other fields (x-unique) and carry
 * its own messages (x-messages / x-messages-en). Whether the register and the
 * dictionary exist is asked of the caller (GenerationInput.names), so this
 * stays pure.
 */
import type { PrototypeFieldRules } from '../../shared/prototypeFieldRules.js';
import type { EntitySchema, FieldSchema, Messages, SearchOperator, UniqueRule } from '../../shared/entitySchema.js';
import { BASE_FIELDS } from '../engine/entityModel.js';
import { toSnakeCase } from '../engine/naming.js';
import { patternProblem } from './fieldPattern.js';
import { COLUMN_NAME, generatedNames, PROPERTY_NAME, REGISTER_CODE } from './generatedNames.js';

export const PROPERTY_TYPES = ['string', 'text', 'integer', 'number', 'boolean', 'date', 'datetime', 'reference'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];
export const COMPONENT_TYPES = ['input', 'textarea', 'number', 'select', 'radio', 'switch', 'date', 'datetime', 'tree-select'] as const;
export type ComponentType = (typeof COMPONENT_TYPES)[number];
export type QueryType = Extract<SearchOperator, 'eq' | 'like' | 'date-range'>;

/** One field as the model prototypes store it (flags are 0/1 as in Saber). */
export interface PrototypeRow extends PrototypeFieldRules {
  jdbcName: string;
  jdbcComment?: string | null;
  titleEn?: string | null;
  propertyName: string;
  propertyType: string;
  propertyLength?: number | null;
  isList?: number | null;
  isForm?: number | null;
  isRequired?: number | null;
  isQuery?: number | null;
  queryType?: string | null;
  componentType?: string | null;
  sort?: number | null;
}

/** Which registers and dictionaries exist (the generator asks the registry and the caller's tenant). */
export interface KnownNames {
  isRegister: (schemaId: string) => boolean;
  isDictionary: (code: string) => boolean;
}

export interface GenerationInput {
  code: string;
  title: string;
  titleEn: string;
  fields: PrototypeRow[];
  /** Without it, references and dictionaries are taken as named. */
  names?: KnownNames;
}

/** A problem with the model or its fields, in both languages. */
export class GenerationError extends Error {
  constructor(
    readonly zh: string,
    readonly en: string,
  ) {
    super(en);
  }
}

export const MAX_FIELDS = 100;
export const DEFAULT_STRING_LENGTH = 255;
const TEXT_LENGTH = 65535;
/** Names a list request uses for paging and sorting: a field called so could never be searched. */
const LIST_PARAMETERS = new Set(['current', 'size', 'ascs', 'descs']);
const BASE_COLUMNS = new Set(Object.keys(BASE_FIELDS).map(toSnakeCase));

/** Which widgets fit which type; the first is the default (a dictionary makes it a select). */
const WIDGETS: Record<PropertyType, ComponentType[]> = {
  string: ['input', 'textarea', 'select', 'radio'],
  text: ['textarea', 'input'],
  integer: ['number', 'select', 'radio'],
  number: ['number', 'select', 'radio'],
  boolean: ['switch'],
  date: ['date'],
  datetime: ['datetime'],
  reference: ['tree-select'],
};

/** The pattern of a field holding several dictionary keys, comma-joined (the console offers a multiple select for it). */
export const DICT_LIST_PATTERN = '^[^,]+(,[^,]+)*$';

/** "waterLevel" → "Water level": an English label when none was given. */
export function humanize(name: string): string {
  const words = name
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function fieldLabel(row: PrototypeRow, index: number): { zh: string; en: string } {
  const name = row.jdbcName || row.propertyName || String(index + 1);
  return { zh: `第 ${index + 1} 个字段（${name}）`, en: `field ${index + 1} (${name})` };
}

function fail(row: PrototypeRow, index: number, zh: string, en: string): never {
  const label = fieldLabel(row, index);
  throw new GenerationError(`${label.zh}：${zh}`, `In ${label.en}: ${en}`);
}

function isOn(flag: number | null | undefined, fallback: boolean): boolean {
  return flag === null || flag === undefined ? fallback : Number(flag) === 1;
}

function checkNames(row: PrototypeRow, index: number): void {
  if (!COLUMN_NAME.test(row.jdbcName ?? '')) {
    fail(
      row,
      index,
      '字段名称须以小写字母开头，只含小写字母、数字和下划线（最多 41 个）',
      'the column starts with a lower-case letter and holds only lower-case letters, digits and underscores (41 at most)',
    );
  }
  if (BASE_COLUMNS.has(row.jdbcName))
    fail(row, index, `“${row.jdbcName}”是系统自动添加的字段`, `"${row.jdbcName}" is a column every register gets automatically`);
  if (!PROPERTY_NAME.test(row.propertyName ?? '')) {
    fail(
      row,
      index,
      '属性名称须以小写字母开头，只含字母和数字（最多 41 个）',
      'the property starts with a lower-case letter and holds only letters and digits (41 at most)',
    );
  }
  if (row.propertyName in BASE_FIELDS || LIST_PARAMETERS.has(row.propertyName)) {
    fail(row, index, `属性名称“${row.propertyName}”已被系统使用`, `the property name "${row.propertyName}" is reserved`);
  }
}

function typeLimits(row: PrototypeRow, index: number, type: PropertyType): Pick<FieldSchema, 'type' | 'maxLength' | 'format'> {
  switch (type) {
    case 'string': {
      const length = row.propertyLength ?? DEFAULT_STRING_LENGTH;
      if (!Number.isInteger(length) || length < 1 || length > 4000)
        fail(row, index, '文本长度须在 1 到 4000 之间', 'the text length must be between 1 and 4000');
      return { type: 'string', maxLength: length };
    }
    case 'text':
      return { type: 'string', maxLength: TEXT_LENGTH };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'datetime':
      return { type: 'string', format: 'datetime' };
    case 'reference':
      return { type: 'string' };
    default:
      return { type };
  }
}

function widgetOf(row: PrototypeRow, index: number, type: PropertyType): ComponentType {
  const allowed = WIDGETS[type];
  const dict = row.dictCode || undefined;
  if (dict && !allowed.includes('select')) fail(row, index, `${type} 类型的字段不能绑定字典`, `a ${type} field cannot take a dictionary`);
  const chosen = (row.componentType || (dict ? 'select' : allowed[0])) as ComponentType;
  if (!allowed.includes(chosen)) fail(row, index, `组件“${chosen}”不适用于 ${type} 类型`, `the widget "${chosen}" does not fit a ${type} field`);
  if ((chosen === 'select' || chosen === 'radio') && !dict) fail(row, index, '下拉框和单选框需要字典编号', 'a select or radio widget needs a dictionary');
  return chosen;
}

function searchOf(row: PrototypeRow, index: number, type: PropertyType): QueryType | undefined {
  if (!isOn(row.isQuery, false)) return undefined;
  const isText = type === 'string' || type === 'text';
  const isDate = type === 'date' || type === 'datetime';
  const isList = isOn(row.dictMultiple, false);
  const operator = (row.queryType || (isText && (!row.dictCode || isList) ? 'like' : isDate ? 'date-range' : 'eq')) as QueryType;
  if (operator === 'like' && !isText) fail(row, index, '只有文本字段可以模糊查询', 'only text fields can be searched with "like"');
  if (operator === 'date-range' && !isDate) fail(row, index, '只有日期字段可以按范围查询', 'only date fields can be searched by range');
  if (!['eq', 'like', 'date-range'].includes(operator)) fail(row, index, `不支持的查询方式“${operator}”`, `the search operator "${operator}" is not supported`);
  return operator;
}

function requiredMessages(widget: ComponentType, title: string, titleEn: string): { zh: Messages; en: Messages } {
  const isChoice = ['select', 'radio', 'date', 'datetime', 'tree-select'].includes(widget);
  const lower = titleEn.length > 1 && titleEn[1] === titleEn[1].toLowerCase() ? titleEn[0].toLowerCase() + titleEn.slice(1) : titleEn;
  return {
    zh: { required: `${isChoice ? '请选择' : '请输入'}${title}` },
    en: { required: `Please ${isChoice ? 'choose' : 'enter'} the ${lower}` },
  };
}

const trimmed = (value: string | null | undefined): string | undefined => value?.trim() || undefined;

/** What the field refers to or is labelled by, and its pattern; checked against the known names. */
function valueRules(
  row: PrototypeRow,
  index: number,
  type: PropertyType,
  names: KnownNames | undefined,
): Pick<FieldSchema, 'x-ref' | 'x-id' | 'x-dict' | 'pattern'> {
  const rules: Pick<FieldSchema, 'x-ref' | 'x-id' | 'x-dict' | 'pattern'> = {};
  const target = trimmed(row.refSchema);
  if (type === 'reference') {
    if (!target) fail(row, index, '引用字段需要选择引用的登记表', 'a reference field needs the register it refers to');
    if (names && !names.isRegister(target))
      fail(row, index, `引用的登记表“${target}”不存在或不能被引用`, `the register "${target}" does not exist or cannot be referred to`);
    rules['x-ref'] = target;
    rules['x-id'] = true;
  } else if (target) {
    fail(row, index, '只有引用类型的字段可以选择引用的登记表', 'only a reference field can name a register');
  }
  const dict = trimmed(row.dictCode);
  if (dict) {
    if (names && !names.isDictionary(dict)) fail(row, index, `字典“${dict}”不存在`, `the dictionary "${dict}" does not exist`);
    rules['x-dict'] = dict;
  }
  const pattern = row.fieldPattern ?? '';
  if (isOn(row.dictMultiple, false)) {
    if (!dict) fail(row, index, '字典多选需要字典编号', 'several entries need a dictionary');
    if (type !== 'string') fail(row, index, '只有文本字段可以多选字典', 'only a text field can hold several dictionary entries');
    if (pattern) fail(row, index, '字典多选的字段不能另设正则表达式', 'a field of several dictionary entries cannot have its own pattern');
    rules.pattern = DICT_LIST_PATTERN;
  }
  if (pattern) {
    if (type !== 'string' && type !== 'text') fail(row, index, '只有文本字段可以设置正则表达式', 'only text fields can have a pattern');
    if (dict) fail(row, index, '字典字段不能另设正则表达式', 'a dictionary field cannot have a pattern');
    const problem = patternProblem(pattern);
    if (problem) fail(row, index, problem.zh, problem.en);
    rules.pattern = pattern;
  }
  return rules;
}

/** The field's own messages over the generated ones, for the rules it has. */
function fieldMessages(row: PrototypeRow, field: FieldSchema, isRequired: boolean): { zh: Messages; en: Messages } {
  const zh: Messages = {};
  const en: Messages = {};
  const own = (keyword: 'required' | 'pattern' | 'maxLength', text: string | null | undefined, textEn: string | null | undefined) => {
    const value = trimmed(text);
    const valueEn = trimmed(textEn);
    if (value) zh[keyword] = value;
    if (valueEn) en[keyword] = valueEn;
  };
  if (isRequired) own('required', row.requiredMessage, row.requiredMessageEn);
  // A comma list of dictionary entries keeps the engine's message: its pattern is not the administrator's.
  if (field.pattern && row.fieldPattern) own('pattern', row.patternMessage, row.patternMessageEn);
  if (field.maxLength !== undefined) own('maxLength', row.maxLengthMessage, row.maxLengthMessageEn);
  return { zh, en };
}

/** The field schema of one prototype row; throws a GenerationError naming the row. */
export function fieldSchemaOf(row: PrototypeRow, index: number, names?: KnownNames): FieldSchema {
  checkNames(row, index);
  if (!(PROPERTY_TYPES as readonly string[]).includes(row.propertyType)) {
    fail(row, index, `不支持的属性类型“${row.propertyType}”`, `the property type "${row.propertyType}" is not supported`);
  }
  const type = row.propertyType as PropertyType;
  const title = (row.jdbcComment ?? '').trim().slice(0, 64) || row.propertyName;
  const titleEn = (row.titleEn ?? '').trim().slice(0, 64) || humanize(row.propertyName);
  const rules = valueRules(row, index, type, names);
  const widget = widgetOf(row, index, type);
  const search = searchOf(row, index, type);
  const isForm = isOn(row.isForm, true);
  if (isOn(row.isRequired, false) && !isForm) fail(row, index, '必填字段必须在表单中显示', 'a required field must be shown in the form');
  const field: FieldSchema = { ...typeLimits(row, index, type), ...rules, title, 'x-en': titleEn, 'x-component': widget };
  if (row.jdbcName !== toSnakeCase(row.propertyName)) field['x-column'] = row.jdbcName;
  if (isOn(row.isList, true)) field['x-list'] = true;
  if (!isForm) field['x-form'] = false;
  if (search) field['x-search'] = search;
  const isRequired = isOn(row.isRequired, false);
  const own = fieldMessages(row, field, isRequired);
  const generated = isRequired ? requiredMessages(widget, title, titleEn) : { zh: {}, en: {} };
  const zh = { ...generated.zh, ...own.zh };
  const en = { ...generated.en, ...own.en };
  if (Object.keys(zh).length > 0) field['x-messages'] = zh;
  if (Object.keys(en).length > 0) field['x-messages-en'] = en;
  return field;
}

/** x-unique from the fields marked unique (alone, or together with the properties they name); one rule per set of fields. */
export function uniqueRulesOf(ordered: { row: PrototypeRow; index: number }[], properties: Record<string, FieldSchema>): UniqueRule[] {
  const rules = new Map<string, UniqueRule>();
  for (const { row, index } of ordered) {
    const others = (row.uniqueWith ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    if (!isOn(row.isUnique, false)) {
      if (others.length > 0) fail(row, index, '联合唯一字段只能在唯一的字段上设置', 'fields unique together can only be named on a unique field');
      continue;
    }
    for (const name of others) {
      if (!(name in properties))
        fail(row, index, `联合唯一字段“${name}”不是该模型的属性`, `the property "${name}" named as unique together is not a field of the model`);
      if (name === row.propertyName) fail(row, index, '联合唯一字段不能包含字段自身', 'a field cannot be unique together with itself');
    }
    const fields = [row.propertyName, ...new Set(others)];
    const key = [...fields].sort().join(',');
    if (rules.has(key)) continue;
    const titles = fields.map((name) => properties[name].title);
    const titlesEn = fields.map((name) => properties[name]['x-en'].toLowerCase());
    rules.set(key, {
      fields,
      message: trimmed(row.uniqueMessage) ?? `${titles.join('、')}已存在`,
      'message-en': trimmed(row.uniqueMessageEn) ?? `A record with this ${titlesEn.join(' and ')} already exists`,
    });
  }
  return [...rules.values()];
}

function assertDistinct(fields: PrototypeRow[]): void {
  const columns = new Map<string, number>();
  const properties = new Map<string, number>();
  fields.forEach((row, index) => {
    if (columns.has(row.jdbcName)) fail(row, index, `字段名称“${row.jdbcName}”重复`, `the column "${row.jdbcName}" appears twice`);
    if (properties.has(row.propertyName)) fail(row, index, `属性名称“${row.propertyName}”重复`, `the property "${row.propertyName}" appears twice`);
    columns.set(row.jdbcName, index);
    properties.set(row.propertyName, index);
  });
}

/** The schema of the register; fields in their sort order. */
export function buildGeneratedSchema(input: GenerationInput): EntitySchema {
  if (!REGISTER_CODE.test(input.code)) {
    throw new GenerationError(
      '模型编号须以小写字母开头，只含小写字母和数字（最多 41 个）',
      'The model code starts with a lower-case letter and holds only lower-case letters and digits (41 at most)',
    );
  }
  if (input.fields.length === 0) throw new GenerationError('数据模型还没有字段', 'The data model has no fields yet');
  if (input.fields.length > MAX_FIELDS) throw new GenerationError(`一个登记表最多 ${MAX_FIELDS} 个字段`, `A register has at most ${MAX_FIELDS} fields`);
  assertDistinct(input.fields);
  const ordered = input.fields.map((row, index) => ({ row, index })).sort((a, b) => (a.row.sort ?? 0) - (b.row.sort ?? 0) || a.index - b.index);
  const properties: Record<string, FieldSchema> = {};
  const required: string[] = [];
  for (const { row, index } of ordered) {
    properties[row.propertyName] = fieldSchemaOf(row, index, input.names);
    if (isOn(row.isRequired, false)) required.push(row.propertyName);
  }
  const names = generatedNames(input.code);
  const api = names.routePrefix;
  const schema: EntitySchema = {
    $id: names.schemaId,
    title: input.title,
    'x-title-en': input.titleEn,
    description: `Generated by the code generator from the data model "${input.code}".`,
    type: 'object',
    'x-table': names.table,
    'x-menu': names.menuCode,
    // Roles' data scopes apply as to any register (owner: the creating user and department).
    'x-data-scope': {},
    'x-page': { path: names.pagePath, layout: 'crud' },
    'x-api': {
      list: `GET ${api}list`,
      detail: `GET ${api}detail`,
      submit: `POST ${api}submit`,
      remove: `POST ${api}remove?ids`,
      export: `GET ${api}export`,
    },
    'x-permissions': { ...names.buttons },
    properties,
  };
  if (required.length > 0) schema.required = required;
  const unique = uniqueRulesOf(ordered, properties);
  if (unique.length > 0) schema['x-unique'] = unique;
  return schema;
}
