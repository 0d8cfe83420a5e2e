/**
 * A valid record for any entity, derived from its schema alone, so the
 * generated endpoint suite covers registers added later without edits.
 */
import crypto from 'node:crypto';
import type { EntityModel, FieldModel } from '../../src/server/engine/entityModel.js';
import { compileValidators, writableFields } from '../../src/server/engine/validation.js';

function stringSample(field: FieldModel, unique: string): string {
  const s = field.schema;
  if (s.enum) return String(s.enum[0]);
  if (s.format === 'datetime') return '2026-05-01 08:00:00';
  if (s.format === 'date') return '2026-05-01';
  if (s.format === 'email') return `t${unique}@example.com`;
  const max = s.maxLength ?? 64;
  const candidates = [`t${unique}`, `T${unique}`, `1${'3'.repeat(10)}`, unique.replace(/\D/g, '').padEnd(6, '1'), `t_${unique}`];
  const pattern = s.pattern ? new RegExp(s.pattern) : undefined;
  const fits = (value: string) => value.length <= max && value.length >= (s.minLength ?? 0) && (!pattern || pattern.test(value));
  const found = candidates.map((c) => c.slice(0, max)).find(fits);
  if (!found) throw new Error(`No sample value for ${field.name}: add a candidate in tests/api/sampleRecord.ts`);
  return found;
}

function numberSample(field: FieldModel): number {
  const s = field.schema;
  if (s.enum) return Number(s.enum[0]);
  const min = s.minimum ?? 0;
  const max = s.maximum ?? 100;
  return Math.min(Math.max(1, min), max);
}

export function sampleValue(field: FieldModel, unique: string): unknown {
  if (field.isId) return field.schema.default ?? '0';
  switch (field.kind) {
    case 'integer':
    case 'number':
      return numberSample(field);
    case 'boolean':
      return true;
    case 'json':
      return [];
    default:
      return stringSample(field, unique);
  }
}

export function sampleRecord(model: EntityModel): Record<string, unknown> {
  const unique = crypto.randomBytes(4).toString('hex');
  const record: Record<string, unknown> = {};
  for (const field of writableFields(model)) {
    if (field.isId && field.schema.default === undefined && !field.isRequired) continue;
    record[field.name] = sampleValue(field, unique);
  }
  for (const field of model.fields) {
    const rule = field.schema['x-required-unless'];
    if (rule && String(record[rule.field]) === String(rule.value)) delete record[field.name];
  }
  const validate = compileValidators(model).create;
  if (!validate(structuredClone(record))) {
    throw new Error(`The generated sample for ${model.id} is invalid: ${JSON.stringify(validate.errors)}`);
  }
  return record;
}
