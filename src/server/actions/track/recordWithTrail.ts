/**
 * Save and update of a work record that carries its GPS trail in the body
 * (maintenance and cleaning records; inspection records add item results
 * on top, inspect/record.ts): the engine's write (validation, the add/edit
 * button, editableIn) and the trail's replacement in one transaction, so a
 * refused record or trail leaves nothing behind.
 */
import type { DbClient } from '../../db/pool.js';
import type { ActionContext } from '../../engine/actions.js';
import { insertRow, updateRow } from '../../engine/operations/writeOperations.js';
import { bodyOf } from '../inspect/itemGroupActions.js';
import { FieldErrors, type Row } from '../inspect/setupRules.js';
import { replaceTrail, trailOf, type TrailSchemaId } from './trail.js';

export async function writeRecordWithTrail(ctx: ActionContext, kind: 'save' | 'update', trailSchemaId: TrailSchemaId): Promise<Row> {
  const body = bodyOf(ctx);
  const errors = new FieldErrors(ctx.language);
  const trail = trailOf(body, errors);
  errors.throwIfAny();
  const tx = ctx.tx as DbClient;
  const options = { button: ctx.binding.button };
  const row = kind === 'save' ? await insertRow(ctx, tx, ctx.model, body, options) : await updateRow(ctx, tx, ctx.model, body, options);
  if (trail) await replaceTrail(ctx, trailSchemaId, String(row.id), trail);
  return row;
}

/** The save and update handlers of a register whose records carry a trail. */
export function trailRecordActions(trailSchemaId: TrailSchemaId) {
  return {
    save: (ctx: ActionContext) => writeRecordWithTrail(ctx, 'save', trailSchemaId),
    update: (ctx: ActionContext) => writeRecordWithTrail(ctx, 'update', trailSchemaId),
  };
}
