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
 */
import type { EntitySchema, FieldSchema, Messages, SearchOperator } from '../../shared/entitySchema.js';
import { BASE_FIELDS } from '../engine/entityModel.js';
import { toSnakeCase } from '../engine/naming.js';
import { COLUMN_NAME, generatedNames, PROPERTY_NAME, REGISTER_CODE } from './generatedNames.js';

export const PROPERTY_TYPES = ['string', 'text', 'integer', 'number', 'boolean', 'date', 'datetime'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];
export const COMPONENT_TYPES = ['input', 'textarea', 'number', 'select', 'radio', 'switch', 'date', 'datetime'] as const;
export type ComponentType = (typeof COMPONENT_TYPES)[number];
export type QueryType = Extract<SearchOperator, 'eq' | 'like' | 'date-range'>;

/** One field as the model prototypes store it (flags are 0/1 as in Saber). */
export interface PrototypeRow {
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
  dictCode?: string | null;
  sort?: number | null;
}

export interface GenerationInput {
  code: string;
  title: string;
  titleEn: string;
  fields: PrototypeRow[];
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
};

/** "waterLevel" → "Water level": an English label when none was given. */
export function humanize(name: string): string {
  const words = name.replace(/_/g, ' ').replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().trim();
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
    fail(row, index, '字段名称须以小写字母开头，只含小写字母、数字和下划线（最多 41 个）', 'the column starts with a lower-case letter and holds only lower-case letters, digits and underscores (41 at most)');
  }
  if (BASE_COLUMNS.has(row.jdbcName)) fail(row, index, `“${row.jdbcName}”是系统自动添加的字段`, `"${row.jdbcName}" is a column every register gets automatically`);
  if (!PROPERTY_NAME.test(row.propertyName ?? '')) {
    fail(row, index, '属性名称须以小写字母开头，只含字母和数字（最多 41 个）', 'the property starts with a lower-case letter and holds only letters and digits (41 at most)');
  }
  if (row.propertyName in BASE_FIELDS || LIST_PARAMETERS.has(row.propertyName)) {
    fail(row, index, `属性名称“${row.propertyName}”已被系统使用`, `the property name "${row.propertyName}" is reserved`);
  }
}

function typeLimits(row: PrototypeRow, index: number, type: PropertyType): Pick<FieldSchema, 'type' | 'maxLength' | 'format'> {
  switch (type) {
    case 'string': {
      const length = row.propertyLength ?? DEFAULT_STRING_LENGTH;
      if (!Number.isInteger(length) || length < 1 || length > 4000) fail(row, index, '文本长度须在 1 到 4000 之间', 'the text length must be between 1 and 4000');
      return { type: 'string', maxLength: length };
    }
    case 'text':
      return { type: 'string', maxLength: TEXT_LENGTH };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'datetime':
      return { type: 'string', format: 'datetime' };
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
  const operator = (row.queryType || (isText && !row.dictCode ? 'like' : isDate ? 'date-range' : 'eq')) as QueryType;
  if (operator === 'like' && !isText) fail(row, index, '只有文本字段可以模糊查询', 'only text fields can be searched with "like"');
  if (operator === 'date-range' && !isDate) fail(row, index, '只有日期字段可以按范围查询', 'only date fields can be searched by range');
  if (!['eq', 'like', 'date-range'].includes(operator)) fail(row, index, `不支持的查询方式“${operator}”`, `the search operator "${operator}" is not supported`);
  return operator;
}

function requiredMessages(widget: ComponentType, title: string, titleEn: string): { zh: Messages; en: Messages } {
  const isChoice = ['select', 'radio', 'date', 'datetime'].includes(widget);
  const lower = titleEn.length > 1 && titleEn[1] === titleEn[1].toLowerCase() ? titleEn[0].toLowerCase() + titleEn.slice(1) : titleEn;
  return {
    zh: { required: `${isChoice ? '请选择' : '请输入'}${title}` },
    en: { required: `Please ${isChoice ? 'choose' : 'enter'} the ${lower}` },
  };
}

/** The field schema of one prototype row; throws a GenerationError naming the row. */
export function fieldSchemaOf(row: PrototypeRow, index: number): FieldSchema {
  checkNames(row, index);
  if (!(PROPERTY_TYPES as readonly string[]).includes(row.propertyType)) {
    fail(row, index, `不支持的属性类型“${row.propertyType}”`, `the property type "${row.propertyType}" is not supported`);
  }
  const type = row.propertyType as PropertyType;
  const title = (row.jdbcComment ?? '').trim().slice(0, 64) || row.propertyName;
  const titleEn = (row.titleEn ?? '').trim().slice(0, 64) || humanize(row.propertyName);
  const widget = widgetOf(row, index, type);
  const search = searchOf(row, index, type);
  const isForm = isOn(row.isForm, true);
  if (isOn(row.isRequired, false) && !isForm) fail(row, index, '必填字段必须在表单中显示', 'a required field must be shown in the form');
  const field: FieldSchema = { ...typeLimits(row, index, type), title, 'x-en': titleEn, 'x-component': widget };
  if (row.jdbcName !== toSnakeCase(row.propertyName)) field['x-column'] = row.jdbcName;
  if (isOn(row.isList, true)) field['x-list'] = true;
  if (!isForm) field['x-form'] = false;
  if (search) field['x-search'] = search;
  if (row.dictCode) field['x-dict'] = row.dictCode;
  if (isOn(row.isRequired, false)) {
    const messages = requiredMessages(widget, title, titleEn);
    field['x-messages'] = messages.zh;
    field['x-messages-en'] = messages.en;
  }
  return field;
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
    throw new GenerationError('模型编号须以小写字母开头，只含小写字母和数字（最多 41 个）', 'The model code starts with a lower-case letter and holds only lower-case letters and digits (41 at most)');
  }
  if (input.fields.length === 0) throw new GenerationError('数据模型还没有字段', 'The data model has no fields yet');
  if (input.fields.length > MAX_FIELDS) throw new GenerationError(`一个登记表最多 ${MAX_FIELDS} 个字段`, `A register has at most ${MAX_FIELDS} fields`);
  assertDistinct(input.fields);
  const ordered = input.fields.map((row, index) => ({ row, index })).sort((a, b) => (a.row.sort ?? 0) - (b.row.sort ?? 0) || a.index - b.index);
  const properties: Record<string, FieldSchema> = {};
  const required: string[] = [];
  for (const { row, index } of ordered) {
    properties[row.propertyName] = fieldSchemaOf(row, index);
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
  return schema;
}
