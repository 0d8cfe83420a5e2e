/**
 * Turns a list request's query string into checked filters, sort and paging.
 * Only what the schema declares is accepted: an unknown parameter name, an
 * undeclared sort field or a malformed value is a 400, so query keys never
 * become SQL and values are always typed before they reach a parameter.
 */
import { isIdString } from '../db/ids.js';
import { badRequest } from '../http/apiError.js';
import { hasControlCharacters } from '../http/textInput.js';
import type { EntityModel, FieldModel, RouteBinding } from './entityModel.js';
import { isDateString, isDateTimeString } from './validation.js';

export type FilterOperator = 'eq' | 'ne' | 'like' | 'in' | 'gt' | 'lt' | 'ge' | 'le';

export interface Filter {
  field: FieldModel;
  op: FilterOperator;
  value: unknown;
}

export interface SortKey {
  field: FieldModel;
  direction: 'ASC' | 'DESC';
}

export interface ListParams {
  filters: Filter[];
  sort: SortKey[];
  current: number;
  size: number;
}

export const MAX_PAGE_SIZE = 1000;
const MAX_LIKE_LENGTH = 200;
const MAX_IN_VALUES = 500;
/** Parameters the contract sends that carry no filter. `tenantId` never widens access: the token decides. */
const IGNORED_PARAMS = new Set(['blade-auth', '_t', 'tenantId']);
const DATE_SUFFIXES: Record<string, FilterOperator> = { _dategt: 'gt', _datelt: 'lt', _datege: 'ge', _datele: 'le' };

function invalidValue(field: FieldModel): never {
  throw badRequest(`查询条件“${field.schema.title}”的值不正确`, `The value of the filter "${field.schema['x-en']}" is not valid`);
}

/** Checks and converts one scalar filter value to the field's type. */
export function typedValue(field: FieldModel, raw: string): unknown {
  if (field.isId) {
    if (raw === '0' || isIdString(raw)) return raw;
    return invalidValue(field);
  }
  switch (field.kind) {
    case 'integer': {
      const value = Number(raw);
      if (!/^-?\d{1,10}$/.test(raw) || value < (field.schema.minimum ?? -2147483648) || value > (field.schema.maximum ?? 2147483647)) {
        return invalidValue(field);
      }
      return value;
    }
    case 'number': {
      const value = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(value)) return invalidValue(field);
      return value;
    }
    case 'boolean':
      if (raw === 'true' || raw === '1') return true;
      if (raw === 'false' || raw === '0') return false;
      return invalidValue(field);
    case 'datetime':
      if (isDateTimeString(raw)) return raw;
      if (isDateString(raw)) return `${raw} 00:00:00`;
      return invalidValue(field);
    case 'date':
      if (isDateString(raw)) return raw;
      return invalidValue(field);
    case 'json':
      return invalidValue(field);
    default:
      if (hasControlCharacters(raw)) return invalidValue(field);
      if (field.schema.maxLength !== undefined && raw.length > Math.max(field.schema.maxLength, 1)) return invalidValue(field);
      if (field.schema.enum && !field.schema.enum.map(String).includes(raw)) return invalidValue(field);
      return raw;
  }
}

function singleValue(key: string, raw: unknown): string {
  if (typeof raw !== 'string') {
    throw badRequest(`查询参数“${key}”只能出现一次`, `The query parameter "${key}" may appear only once`);
  }
  return raw;
}

function positiveInt(key: string, raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1 || Number(raw) > max) {
    throw badRequest(`参数 ${key} 必须是 1 到 ${max} 之间的整数`, `The parameter ${key} must be an integer from 1 to ${max}`);
  }
  return Number(raw);
}

function parseSort(model: EntityModel, ascs: string | undefined, descs: string | undefined): SortKey[] {
  const keys: SortKey[] = [];
  for (const [list, direction] of [
    [ascs, 'ASC'],
    [descs, 'DESC'],
  ] as const) {
    if (!list) continue;
    for (const name of list
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const field = model.field.get(name) ?? model.fields.find((f) => f.column === name);
      if (!field || !field.isSortable) {
        throw badRequest(`不支持按“${name.slice(0, 64)}”排序`, `Sorting by "${name.slice(0, 64)}" is not supported`);
      }
      keys.push({ field, direction });
    }
  }
  return [...keys, ...model.order.filter((o) => !keys.some((k) => k.field === o.field))];
}

function filterFor(model: EntityModel, key: string, raw: string, binding: RouteBinding): Filter | undefined {
  const direct = model.field.get(key);
  if (direct && (direct.search || binding.require.includes(key) || binding.rootParam === key) && !direct.isSecret) {
    if (binding.rootParam === key) return undefined; // consumed by the tree operation
    if (direct.search === 'date-range') return invalidDateRangeUse(direct);
    if (direct.search === 'in') {
      const values = raw.split(',').filter((v) => v !== '');
      if (values.length > MAX_IN_VALUES) return invalidValue(direct);
      return { field: direct, op: 'in', value: values.map((v) => typedValue(direct, v)) };
    }
    if (direct.search === 'like' && !binding.require.includes(key)) {
      if (raw.length > MAX_LIKE_LENGTH || hasControlCharacters(raw)) return invalidValue(direct);
      return { field: direct, op: 'like', value: raw };
    }
    return { field: direct, op: 'eq', value: typedValue(direct, raw) };
  }
  const suffix = Object.keys(DATE_SUFFIXES).find((s) => key.endsWith(s));
  if (suffix) {
    const field = model.field.get(key.slice(0, -suffix.length));
    if (field && field.search === 'date-range') return { field, op: DATE_SUFFIXES[suffix], value: typedValue(field, raw) };
  }
  throw badRequest(`不支持的查询参数“${key.slice(0, 64)}”`, `Unsupported query parameter "${key.slice(0, 64)}"`);
}

function invalidDateRangeUse(field: FieldModel): never {
  throw badRequest(`“${field.schema.title}”请用 _dategt / _datelt 查询`, `Filter "${field.schema['x-en']}" with _dategt / _datelt`);
}

export function parseListParams(model: EntityModel, binding: RouteBinding, query: Record<string, unknown>): ListParams {
  const filters: Filter[] = [];
  let current: string | undefined;
  let size: string | undefined;
  let ascs: string | undefined;
  let descs: string | undefined;
  for (const [key, raw] of Object.entries(query)) {
    if (IGNORED_PARAMS.has(key)) continue;
    const value = singleValue(key, raw);
    if (key === 'current') current = value;
    else if (key === 'size') size = value;
    else if (key === 'ascs') ascs = value;
    else if (key === 'descs') descs = value;
    else if (value === '' && !binding.require.includes(key))
      continue; // empty search boxes are dropped
    else {
      const filter = filterFor(model, key, value, binding);
      if (filter) filters.push(filter);
    }
  }
  for (const name of binding.require) {
    if (query[name] === undefined || query[name] === '') {
      throw badRequest(`缺少参数 ${name}`, `The parameter ${name} is required`);
    }
  }
  return {
    filters,
    sort: parseSort(model, ascs, descs),
    current: positiveInt('current', current, 1, 10_000_000),
    size: positiveInt('size', size, 10, MAX_PAGE_SIZE),
  };
}
