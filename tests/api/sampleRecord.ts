/**
 * A valid record for any entity, derived from its schema alone, so the
 * generated endpoint suite covers registers added later without edits.
 */
import crypto from 'node:crypto';
import type { EntityModel, FieldModel } from '../../src/server/engine/entityModel.js';
import type { Queryable } from '../../src/server/db/pool.js';
import { entityModels } from '../../src/server/engine/entityRegistry.js';
import { quoteIdent } from '../../src/server/engine/naming.js';
import { compileValidators, writableFields } from '../../src/server/engine/validation.js';

function stringSample(field: FieldModel, unique: string): string {
  const s = field.schema;
  if (s.enum) return String(s.enum[0]);
  if (s.format === 'datetime') return '2026-05-01 08:00:00';
  if (s.format === 'date') return '2026-05-01';
  if (s.format === 'email') return `t${unique}@example.com`;
  const max = s.maxLength ?? 64;
  const candidates = [`t${unique}`, `T${unique}`, `1${'3'.repeat(10)}`, unique.replace(/\D/g, '').padEnd(6, '1'), `t_${unique}`, `/api/t${unique}/**`, `https://t${unique}.example.com`, `postgres://127.0.0.1:5432/t${unique}`, 'refresh_token', String(parseInt(unique, 16)).padStart(12, '9').slice(-12)];
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
  // A reference with a default (e.g. a region's parent code 00, the root) takes it: any other value would name nothing.
  if (field.schema['x-ref'] && field.schema.default !== undefined) return field.schema.default;
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
    // An optional reference (an id, or a comma list of ids, or a code) cannot be invented: it would name nothing.
    if ((field.isId || field.schema['x-ref']) && field.schema.default === undefined && !field.isRequired) continue;
    record[field.name] = sampleValue(field, unique);
  }
  // Decimal measurements rise in declaration order, so ordered ones (a reservoir's characteristic levels) are valid.
  let rise = 0;
  for (const field of writableFields(model)) {
    if (field.kind === 'number' && !field.schema.enum && typeof record[field.name] === 'number') record[field.name] = Math.min((record[field.name] as number) + (rise += 0.01), field.schema.maximum ?? Infinity);
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

/**
 * A sample whose required references name real rows of the tenant (e.g. a
 * purchase needs goods that exist): the first row of the referenced register.
 * References the tenant has no row for keep the sample value.
 */
export async function withExistingReferences(db: Queryable, tenantId: string, model: EntityModel, record: Record<string, unknown>): Promise<Record<string, unknown>> {
  const filled = { ...record };
  // An id field gets the row's id; a list of ids (a plan's reservoirs) gets a list of it.
  for (const field of model.fields.filter((f) => (f.isId || f.kind === 'json') && f.isRequired && f.schema['x-ref'])) {
    const target = entityModels().find((m) => m.id === field.schema['x-ref']);
    if (!target || target.scope !== 'tenant') continue;
    const found = await db.query<{ id: string }>(
      `SELECT id::text AS id FROM ${quoteIdent(target.table)} WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY ${liveRowsFirst(target)} id LIMIT 1`,
      [tenantId],
    );
    if (found.rows[0]) filled[field.name] = field.isId ? found.rows[0].id : [found.rows[0].id];
  }
  return filled;
}

/**
 * A register with a lifecycle is referred to in its working state (a record names a published plan, not a draft):
 * rows that reached the first transition's target come first.
 */
function liveRowsFirst(model: EntityModel): string {
  const first = model.states?.machine.transitions[0];
  if (!model.states || !first) return '';
  const targets = first.to.map((value) => Number(value)).filter(Number.isFinite);
  return targets.length ? `(${quoteIdent(model.states.field.column)} IN (${targets.join(', ')})) DESC,` : '';
}
