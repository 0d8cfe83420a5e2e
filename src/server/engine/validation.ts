/**
 * Input validation for an entity, from its schema: ajv checks types and
 * limits, and each failure becomes a message from the schema (x-messages /
 * x-messages-en) or a default template, in the caller's language, tied to
 * its field so the console can show it there.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { FieldError } from '../../shared/envelope.js';
import { isIdString } from '../db/ids.js';
import type { Messages } from '../../shared/entitySchema.js';
import { badRequest, type Language } from '../http/apiError.js';
import { hasControlCharacters } from '../http/textInput.js';
import type { EntityModel, FieldModel } from './entityModel.js';

const DATETIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function isDateTimeString(value: string): boolean {
  const m = DATETIME.exec(value);
  return !!m && isRealDate(+m[1], +m[2], +m[3]) && +m[4] < 24 && +m[5] < 60 && +m[6] < 60;
}

export function isDateString(value: string): boolean {
  const m = DATE.exec(value);
  return !!m && isRealDate(+m[1], +m[2], +m[3]);
}

export const ajv = new Ajv({ allErrors: true, coerceTypes: true, useDefaults: false, strict: false });
ajv.addFormat('datetime', { type: 'string', validate: isDateTimeString });
ajv.addFormat('date', { type: 'string', validate: isDateString });
// An id field holds a row id, or 0 for "none" (tree roots use parentId 0).
ajv.addFormat('row-id', { type: 'string', validate: (value: string) => value === '0' || isIdString(value) });
ajv.addFormat('email', { type: 'string', validate: /^[^\s@]+@[^\s@]+\.[^\s@]+$/ });

type Keyword = keyof Messages;

const DEFAULTS: Record<Language, Record<Keyword, (title: string, limit?: unknown) => string>> = {
  zh: {
    required: (t) => `请输入${t}`,
    maxLength: (t, n) => `${t}长度不能超过${n}个字符`,
    minLength: (t, n) => `${t}长度不能少于${n}个字符`,
    pattern: (t) => `${t}格式不正确`,
    minimum: (t, n) => `${t}不能小于${n}`,
    maximum: (t, n) => `${t}不能大于${n}`,
    type: (t) => `${t}的类型不正确`,
    format: (t) => `${t}格式不正确`,
    enum: (t) => `${t}的取值不在允许范围内`,
    ref: (t) => `所选${t}不存在或已被删除`,
    dict: (t) => `${t}的取值不在字典中`,
  },
  en: {
    required: (t) => `Please enter ${t}`,
    maxLength: (t, n) => `${t} must be at most ${n} characters`,
    minLength: (t, n) => `${t} must be at least ${n} characters`,
    pattern: (t) => `${t} has an invalid format`,
    minimum: (t, n) => `${t} must not be less than ${n}`,
    maximum: (t, n) => `${t} must not be greater than ${n}`,
    type: (t) => `${t} has the wrong type`,
    format: (t) => `${t} has an invalid format`,
    enum: (t) => `${t} is not one of the allowed values`,
    ref: (t) => `The chosen ${t} does not exist or was deleted`,
    dict: (t) => `${t} is not an entry of its dictionary`,
  },
};

export function fieldMessage(field: FieldModel, keyword: Keyword, language: Language, limit?: unknown): string {
  const custom = language === 'zh' ? field.schema['x-messages']?.[keyword] : field.schema['x-messages-en']?.[keyword];
  if (custom) return custom;
  const title = language === 'zh' ? field.schema.title : field.schema['x-en'];
  return DEFAULTS[language][keyword](title, limit);
}

function jsonSchemaOf(field: FieldModel): Record<string, unknown> {
  const s = field.schema;
  if (field.isId) return { type: ['string', 'null'], format: 'row-id' };
  const out: Record<string, unknown> = { type: [s.type, 'null'] };
  for (const key of ['maxLength', 'minLength', 'pattern', 'format', 'minimum', 'maximum', 'enum', 'maxItems'] as const) {
    if (s[key] !== undefined) out[key] = s[key];
  }
  if (s.items) out.items = s.items;
  if (s.enum) out.enum = [...s.enum, null];
  return out;
}

/** Fields a caller may write; readOnly and base columns are the server's. */
export function writableFields(model: EntityModel): FieldModel[] {
  return model.fields.filter((field) => !field.isReadOnly && !field.isBase);
}

export interface EntityValidators {
  create: ValidateFunction;
  update: ValidateFunction;
}

export function compileValidators(model: EntityModel): EntityValidators {
  const properties: Record<string, unknown> = {};
  for (const field of writableFields(model)) properties[field.name] = jsonSchemaOf(field);
  const required = writableFields(model)
    .filter((f) => f.isRequired)
    .map((f) => f.name);
  return {
    create: ajv.compile({ type: 'object', properties, required }),
    update: ajv.compile({ type: 'object', properties }),
  };
}

/** A validator of some fields by their own property schemas, readOnly ones included (a transition's input fields). */
export function compileFieldsValidator(fields: FieldModel[]): ValidateFunction {
  return ajv.compile({ type: 'object', properties: Object.fromEntries(fields.map((field) => [field.name, jsonSchemaOf(field)])) });
}

function errorToFieldError(model: EntityModel, error: ErrorObject, language: Language): FieldError | undefined {
  const name = error.keyword === 'required' ? String(error.params.missingProperty) : error.instancePath.split('/')[1];
  const field = model.field.get(name);
  if (!field) return undefined;
  const keyword = (error.keyword in DEFAULTS.zh ? error.keyword : 'type') as Keyword;
  const limit = error.params.limit ?? error.params.comparison;
  return { field: name, message: fieldMessage(field, keyword, language, limit) };
}

/**
 * Keeps only the writable fields of a body and treats empty required values
 * as missing (forms send "" for an empty box). A write-only secret left empty
 * is left out: an edit keeps the stored one (the form cannot show it).
 * Returns a new object.
 */
export function pickWritable(model: EntityModel, body: Record<string, unknown>, isCreate: boolean): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const field of writableFields(model)) {
    if (!(field.name in body)) continue;
    const value = body[field.name];
    if (field.isSecret && (value === '' || value === null || value === undefined)) continue;
    if (field.isRequired && (value === '' || value === null)) {
      if (isCreate) continue; // reported as "required"
      picked[field.name] = undefined;
      continue;
    }
    picked[field.name] = value === '' && field.kind !== 'string' ? null : value;
  }
  return picked;
}

/** Fields set on create only: validated like the rest on update, then left out of the write. */
export function withoutImmutable(model: EntityModel, data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([name]) => !model.field.get(name)?.isImmutable));
}

/** Validates a picked body; throws a 400 listing every field error (first one as the message). */
export function assertValid(model: EntityModel, validate: ValidateFunction, data: Record<string, unknown>, language: Language): void {
  const errors = fieldErrors(model, validate, data, language);
  if (errors.length > 0) {
    const first = errors[0].message;
    throw badRequest(first, first, { errors });
  }
}

/** The field errors of a picked body (none: valid), coercing its values in place as assertValid does; for bulk writes that list bad rows instead of throwing. */
export function fieldErrors(model: EntityModel, validate: ValidateFunction, data: Record<string, unknown>, language: Language): FieldError[] {
  const blanked = Object.entries(data)
    .filter(([, value]) => value === undefined)
    .map(([name]) => name);
  const errors: FieldError[] = blanked.map((name) => ({ field: name, message: fieldMessage(model.field.get(name)!, 'required', language) }));
  for (const [name, value] of Object.entries(data)) {
    if (typeof value === 'string' && hasControlCharacters(value)) {
      const field = model.field.get(name)!;
      const title = language === 'zh' ? field.schema.title : field.schema['x-en'];
      errors.push({ field: name, message: language === 'zh' ? `${title}包含不允许的控制字符` : `${title} contains control characters` });
    }
  }
  const present = Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined));
  if (!validate(present)) {
    for (const error of validate.errors ?? []) {
      const fieldError = errorToFieldError(model, error, language);
      if (fieldError && !errors.some((e) => e.field === fieldError.field)) errors.push(fieldError);
    }
  }
  // Coercion happened in place on `present`; copy values back.
  Object.assign(data, present);
  return errors;
}
