/**
 * Dictionaries are real: a value of an x-dict field must be an entry of the
 * tenant's dictionary of that code. A text field may hold several entries,
 * comma-joined (a reservoir's main functions); a number field holds one.
 */
import type { Queryable } from '../db/pool.js';
import { badRequest } from '../http/apiError.js';
import { dictionaryRows } from './dictionaryLabels.js';
import type { EntityModel, FieldModel } from './entityModel.js';
import type { OperationContext } from './operations/context.js';
import { fieldMessage } from './validation.js';

type Row = Record<string, unknown>;

/** The dictionary keys a value holds. */
export function dictionaryKeys(field: FieldModel, value: unknown): string[] {
  if (value === null || value === undefined || value === '') return [];
  const items = field.kind === 'string' ? String(value).split(',') : [value];
  return items.map((item) => String(item).trim()).filter((item) => item !== '');
}

function dictionaryError(ctx: OperationContext, field: FieldModel): Error {
  const message = { zh: fieldMessage(field, 'dict', 'zh'), en: fieldMessage(field, 'dict', 'en') };
  return badRequest(message.zh, message.en, { errors: [{ field: field.name, message: message[ctx.language] }] });
}

/** Refuses (400, the field's message, nothing written) a value that is not an entry; on an update only values the write adds are checked. */
export async function assertDictionaryValues(ctx: OperationContext, db: Queryable, model: EntityModel, data: Row, existing?: Row): Promise<void> {
  const checked = model.fields.filter((field) => field.schema['x-dict'] && field.name in data);
  const wanted = checked
    .map((field) => {
      const kept = new Set(existing ? dictionaryKeys(field, existing[field.name]) : []);
      return { field, keys: dictionaryKeys(field, data[field.name]).filter((key) => !kept.has(key)) };
    })
    .filter((entry) => entry.keys.length > 0);
  if (wanted.length === 0) return;
  const entries = await dictionaryRows(db, ctx.caller.tenantId, [...new Set(wanted.map((entry) => entry.field.schema['x-dict']!))]);
  const known = new Set(entries.map((entry) => `${entry.code}\u0000${entry.dictKey}`));
  for (const { field, keys } of wanted) {
    if (keys.some((key) => !known.has(`${field.schema['x-dict']}\u0000${key}`))) throw dictionaryError(ctx, field);
  }
}
