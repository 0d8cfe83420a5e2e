/**
 * References (x-ref) are real: every value a write sets must be a live row of
 * the referenced register that the caller could see there — same tenant
 * (unless the target is platform-wide), not deleted, and within the caller's
 * data scope of the target. One query per referenced field, never per value.
 */
import { isIdString } from '../db/ids.js';
import type { Queryable } from '../db/pool.js';
import { rowScopeOf } from '../auth/dataScopes.js';
import { badRequest } from '../http/apiError.js';
import type { EntityModel, FieldModel } from './entityModel.js';
import { entityModel } from './entityRegistry.js';
import { quoteIdent } from './naming.js';
import type { OperationContext } from './operations/context.js';
import { Params, scopeConditions } from './sqlBuilder.js';
import { fieldMessage } from './validation.js';

type Row = Record<string, unknown>;

/** The values of a reference field: one, a JSON array or a comma-joined list; empty, "0" and the field's default (a root's parent "00") mean none. */
export function referenceValues(field: FieldModel, value: unknown): string[] {
  if (value === null || value === undefined || value === '') return [];
  const items = Array.isArray(value) ? value : field.ref?.shape === 'list' ? String(value).split(',') : [value];
  const none = new Set(['', '0', ...(field.schema.default === undefined ? [] : [String(field.schema.default)])]);
  return items.map((item) => String(item).trim()).filter((item) => !none.has(item));
}

/** The schema id a row's reference points into: x-ref, or the x-ref-by target for the row's value of the deciding field. */
export function referenceTargetId(field: FieldModel, row?: Row): string {
  const by = field.ref!.by;
  return (by && row ? by.targets[String(row[by.field])] : undefined) ?? field.ref!.target;
}

/**
 * The referenced register (for a row, when the target depends on it), and the field of it the value matches.
 * `self` is the register the field belongs to: a register may refer to itself without being in the registry (a runtime or test register's tree).
 */
export function referenceTarget(field: FieldModel, row?: Row, self?: EntityModel): { target: EntityModel; key: FieldModel } {
  const targetId = referenceTargetId(field, row);
  const target = self?.id === targetId ? self : entityModel(targetId);
  const key = target.field.get(field.ref!.key);
  if (!key) throw new Error(`x-ref-key "${field.ref!.key}" of ${field.name} is not a field of ${target.id}`);
  return { target, key };
}

export function referenceError(ctx: OperationContext, field: FieldModel): Error {
  const message = { zh: fieldMessage(field, 'ref', 'zh'), en: fieldMessage(field, 'ref', 'en') };
  return badRequest(message.zh, message.en, { errors: [{ field: field.name, message: message[ctx.language] }] });
}

function requiredError(ctx: OperationContext, field: FieldModel): Error {
  const message = { zh: fieldMessage(field, 'required', 'zh'), en: fieldMessage(field, 'required', 'en') };
  return badRequest(message.zh, message.en, { errors: [{ field: field.name, message: message[ctx.language] }] });
}

/** The distinct values found among the target's rows the caller may see. */
export async function visibleKeys(
  ctx: OperationContext,
  db: Queryable,
  model: EntityModel,
  field: FieldModel,
  values: string[],
  row: Row,
): Promise<Set<string>> {
  const { target, key } = referenceTarget(field, row, model);
  const scope = target.scope === 'platform' ? { tenantId: ctx.caller.tenantId } : await rowScopeOf(db, ctx.caller, target);
  const params = new Params();
  const conditions = scopeConditions(target, scope, params);
  conditions.push(`${quoteIdent(key.column)}::text = ANY(${params.add(values)}::text[])`);
  const found = await db.query(
    `SELECT DISTINCT ${quoteIdent(key.column)}::text AS "key" FROM ${quoteIdent(target.table)} WHERE ${conditions.join(' AND ')}`,
    params.values,
  );
  return new Set(found.rows.map((row) => row.key as string));
}

/** The record as it will be stored, for a target that depends on another field: defaults, the stored row, the changes. */
export function recordOf(model: EntityModel, data: Row, existing?: Row): Row {
  const defaults = Object.fromEntries(model.fields.filter((f) => f.schema.default !== undefined).map((f) => [f.name, f.schema.default]));
  return { ...defaults, ...existing, ...data };
}

/**
 * Refuses (400, the field's message, nothing written) a write whose references do not resolve. On an
 * update only values the write adds are checked: a record that points at a since-deleted row can still be edited.
 */
export async function assertReferences(ctx: OperationContext, db: Queryable, model: EntityModel, data: Row, existing?: Row): Promise<void> {
  for (const field of model.fields) {
    if (!field.ref || !(field.name in data) || field.name === model.tree?.parentField) continue;
    const given = referenceValues(field, data[field.name]);
    // A required reference must name a row: "0" (the contract's "none") is not one.
    if (field.isRequired && given.length === 0) throw requiredError(ctx, field);
    const kept = new Set(existing ? referenceValues(field, existing[field.name]) : []);
    const values = [...new Set(given)].filter((value) => !kept.has(value));
    if (values.length === 0) continue;
    if (field.ref.key === 'id' && !values.every((value) => isIdString(value))) throw referenceError(ctx, field);
    const found = await visibleKeys(ctx, db, model, field, values, recordOf(model, data, existing));
    if (values.some((value) => !found.has(value))) throw referenceError(ctx, field);
  }
}
