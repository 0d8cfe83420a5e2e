/**
 * Save and update handlers that replace the generic ones of a register whose
 * rows point at other registers: the references are checked against the
 * caller's tenant (and an optional rule sees the merged record) before the
 * engine's own insert/update runs, in the action's transaction.
 */
import { isIdString } from '../../db/ids.js';
import type { DbClient } from '../../db/pool.js';
import type { ActionContext, ActionHandler } from '../../engine/actions.js';
import { findRow } from '../../engine/operations/readOperations.js';
import { insertRow, updateRow } from '../../engine/operations/writeOperations.js';
import { assertReferences, type Reference } from './references.js';
import { bodyObject, newRecordBody, type Row } from './requestBody.js';

/** A rule over the record as it will be stored (the update's changes over the stored row). */
export type RecordRule = (ctx: ActionContext, record: Row) => void | Promise<void>;

export function checkedSave(refs: Reference[], rule?: RecordRule): ActionHandler {
  return async (ctx) => {
    const body = newRecordBody(ctx.body);
    await assertReferences(ctx.tx, ctx.caller.tenantId, ctx.language, body, refs);
    await rule?.(ctx, body);
    return insertRow(ctx, ctx.tx as DbClient, ctx.model, body);
  };
}

export function checkedUpdate(refs: Reference[], rule?: RecordRule): ActionHandler {
  return async (ctx) => {
    const body = bodyObject(ctx.body);
    await assertReferences(ctx.tx, ctx.caller.tenantId, ctx.language, body, refs);
    if (rule) {
      const stored = isIdString(body.id) ? await findRow(ctx, ctx.model, body.id) : undefined;
      await rule(ctx, { ...(stored ?? {}), ...body });
    }
    return updateRow(ctx, ctx.tx as DbClient, ctx.model, body);
  };
}

/** Both handlers, for `defineActions(schemaId, { ...checkedWrites(refs) })`. */
export function checkedWrites(refs: Reference[], rule?: RecordRule): { save: ActionHandler; update: ActionHandler } {
  return { save: checkedSave(refs, rule), update: checkedUpdate(refs, rule) };
}
