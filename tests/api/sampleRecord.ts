/**
 * A valid record for any entity, derived from its schema alone, so the
 * generated endpoint suite covers registers added later without edits.
 */
import crypto from 'node:crypto';
import type { EntityModel, FieldModel } from '../../src/server/engine/entityModel.js';
import type { Queryable } from '../../src/server/db/pool.js';
import { entityModels } from '../../src/server/engine/entityRegistry.js';
import { quoteIdent } from '../../src/server/engine/naming.js';
import { validatorsOf } from '../../src/server/engine/operations/writeOperations.js';
import { compileValidators, writableFields } from '../../src/server/engine/validation.js';

function stringSample(field: FieldModel, unique: string): string {
  const s = field.schema;
  if (s.enum) return String(s.enum[0]);
  if (s.format === 'datetime') return '2026-05-01 08:00:00';
  if (s.format === 'date') return '2026-05-01';
  if (s.format === 'email') return `t${unique}@example.com`;
  const max = s.maxLength ?? 64;
  const candidates = [
    `t${unique}`,
    `T${unique}`,
    `1${'3'.repeat(10)}`,
    unique.replace(/\D/g, '').padEnd(6, '1'),
    `t_${unique}`,
    `/api/t${unique}/**`,
    `https://t${unique}.example.com`,
    `postgres://127.0.0.1:5432/t${unique}`,
    'refresh_token',
    'reservoir/reservoir',
    String(parseInt(unique, 16)).padStart(12, '9').slice(-12),
  ];
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
    if (field.kind === 'number' && !field.schema.enum && typeof record[field.name] === 'number')
      record[field.name] = Math.min((record[field.name] as number) + (rise += 0.01), field.schema.maximum ?? Infinity);
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

/** Whether a value passes the field's own validation (type, limits, pattern), as the server will check it. */
function fits(model: EntityModel, field: FieldModel, value: unknown): boolean {
  return validatorsOf(model).update(structuredClone({ [field.name]: value }));
}

/** The keys of live rows of a reference's target in one tenant (platform-wide targets: all), best first. */
export async function referenceKeys(db: Queryable, tenantId: string, field: FieldModel, limit = 6000): Promise<string[]> {
  const target = entityModels().find((m) => m.id === field.ref!.target)!;
  const key = target.field.get(field.ref!.key)!;
  const tenantCondition = target.scope === 'tenant' ? 'tenant_id = $1' : '$1::text IS NOT NULL';
  const found = await db.query<{ key: string }>(
    `SELECT ${quoteIdent(key.column)}::text AS key FROM ${quoteIdent(target.table)} WHERE ${tenantCondition} AND is_deleted = 0 ORDER BY ${liveRowsFirst(target)} id LIMIT ${limit}`,
    [tenantId],
  );
  return found.rows.map((row) => row.key);
}

/** A reference value in the field's shape: one key, a list of one, or a comma list of one. */
function referenceValue(field: FieldModel, key: string): unknown {
  return field.ref!.shape === 'array' ? [key] : key;
}

/** The tenant's dictionary keys of an x-dict field, in their order. */
export async function dictionaryKeysOf(db: Queryable, tenantId: string, field: FieldModel): Promise<string[]> {
  const found = await db.query<{ key: string }>(
    `SELECT dict_key AS key FROM blade_dict WHERE tenant_id = $1 AND code = $2 AND parent_id <> 0 AND is_deleted = 0 ORDER BY sort, id`,
    [tenantId, field.schema['x-dict']],
  );
  return found.rows.map((row) => row.key);
}

/**
 * A sample whose references name real rows of the tenant (a purchase needs goods that exist; a reservoir a township)
 * and whose dictionary fields hold entries of the tenant's dictionaries: the engine refuses anything else.
 */
export async function withExistingReferences(
  db: Queryable,
  tenantId: string,
  model: EntityModel,
  record: Record<string, unknown>,
  attempt = 0,
): Promise<Record<string, unknown>> {
  const filled = { ...record };
  for (const field of writableFields(model)) {
    if (!(field.name in filled)) continue;
    if (field.ref && field.name !== model.tree?.parentField && !(field.schema.default !== undefined && filled[field.name] === field.schema.default)) {
      // A later attempt takes a later row: the first may already hold a record a unique rule allows once (a reservoir's keeper).
      const fitting = (await referenceKeys(db, tenantId, field)).filter((candidate) => fits(model, field, referenceValue(field, candidate)));
      const key = attempt === 0 ? fitting[0] : fitting[Math.max(0, fitting.length - attempt)];
      if (key !== undefined) filled[field.name] = referenceValue(field, key);
    } else if (field.schema['x-dict']) {
      const entries = (await dictionaryKeysOf(db, tenantId, field)).filter((candidate) =>
        fits(model, field, field.kind === 'string' ? candidate : Number(candidate)),
      );
      const key = entries[attempt % Math.max(entries.length, 1)];
      if (key !== undefined) filled[field.name] = field.kind === 'string' ? key : Number(key);
    }
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
