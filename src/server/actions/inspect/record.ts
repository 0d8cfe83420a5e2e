/**
 * Inspection records: save and update run the engine's write (validation,
 * the add/edit button, editableIn: only pending records change) and then
 * the record's rules, and replace the item results and the trail — all in
 * one transaction, so a refused record leaves nothing behind. Auditing is
 * the schema's declared transition; the reads here add the items, counts
 * per reservoir and the records with problems.
 */
import { nextId } from '../../db/ids.js';
import type { DbClient, Queryable } from '../../db/pool.js';
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { entityModel } from '../../engine/entityRegistry.js';
import { localApi, type LocalContext } from '../../engine/localApi.js';
import { actorOf } from '../../engine/operations/context.js';
import { detailOperation } from '../../engine/operations/readOperations.js';
import { insertRow, updateRow } from '../../engine/operations/writeOperations.js';
import { buildInsert, buildSelectById } from '../../engine/sqlBuilder.js';
import { bodyOf } from './itemGroupActions.js';
import { recordCounts, riskRecords } from './recordReads.js';
import { checkRecord, itemResultsOf, trailOf, type ItemResult, type TrailPoint } from './recordRules.js';
import { FieldErrors, type Row } from './setupRules.js';

/** Soft-deletes the rows of a part register that belong to the record (item results, trail points). */
async function removePartsOf(ctx: ActionContext, schemaId: 'inspect/recordItem' | 'inspect/trail', recordId: string): Promise<void> {
  const api = localApi(ctx, ctx.tx as DbClient).tenantWide();
  const parts = await api.find(schemaId, { where: { recordId } });
  await api.remove(
    schemaId,
    parts.map((part) => String(part.id)),
  );
}

/** Rows checked above as a whole (itemResultsOf, trailOf): inserted with the engine's SQL, without the generic save's per-row checks. */
async function insertParts(ctx: ActionContext, schemaId: 'inspect/recordItem' | 'inspect/trail', rows: Row[]): Promise<void> {
  const model = entityModel(schemaId);
  const actor = actorOf(ctx.caller);
  for (const row of rows) {
    const insert = buildInsert(model, actor, nextId(), row);
    await (ctx.tx as DbClient).query(insert.text, insert.values);
  }
}

async function replaceItems(ctx: ActionContext, recordId: string, items: ItemResult[]): Promise<void> {
  await removePartsOf(ctx, 'inspect/recordItem', recordId);
  await insertParts(
    ctx,
    'inspect/recordItem',
    items.map((item, index) => ({ recordId, ...item, sort: index + 1 })),
  );
}

async function replaceTrail(ctx: ActionContext, recordId: string, points: TrailPoint[]): Promise<void> {
  await removePartsOf(ctx, 'inspect/trail', recordId);
  await insertParts(
    ctx,
    'inspect/trail',
    points.map((point, index) => ({ recordId, seq: index + 1, lng: point.lng, lat: point.lat, time: point.time })),
  );
}

/** The item results of one record, in their order (the photos as stored). */
export async function itemResultsOfRecord(ctx: LocalContext, db: Queryable, recordId: string): Promise<Row[]> {
  const found = await localApi(ctx, db as DbClient)
    .tenantWide()
    .find('inspect/recordItem', { where: { recordId }, sort: ['sort asc', 'id asc'] });
  return found.map(({ id, itemId, itemName, damPart, result, description, photos }) => ({
    id,
    itemId: itemId ?? null,
    itemName,
    damPart: damPart ?? null,
    result,
    description: description ?? null,
    photos: photos ?? null,
  }));
}

async function reread(ctx: ActionContext, id: string): Promise<Row> {
  const sql = buildSelectById(ctx.model, ctx.scope, id);
  const row = (await (ctx.tx as Queryable).query(sql.text, sql.values)).rows[0] as Row;
  return { ...row, itemResults: await itemResultsOfRecord(ctx, ctx.tx as Queryable, id) };
}

async function write(ctx: ActionContext, kind: 'save' | 'update'): Promise<Row> {
  const body = bodyOf(ctx);
  const errors = new FieldErrors(ctx.language);
  const items = itemResultsOf(body, errors);
  const trail = trailOf(body, errors);
  errors.throwIfAny();
  const withInspector = kind === 'save' && !body.inspectorId ? { ...body, inspectorId: ctx.caller.userId } : body;
  // The record's problem count follows the item results sent with it (server-owned, set with the write).
  const serverData = items ? { problemCount: items.filter((item) => item.result === 2).length } : undefined;
  const row =
    kind === 'save'
      ? await insertRow(ctx, ctx.tx as DbClient, ctx.model, withInspector, { serverData })
      : await updateRow(ctx, ctx.tx as DbClient, ctx.model, withInspector, { serverData });
  await checkRecord(ctx, row, errors);
  errors.throwIfAny();
  const id = String(row.id);
  if (items) await replaceItems(ctx, id, items);
  if (trail) await replaceTrail(ctx, id, trail);
  return reread(ctx, id);
}

defineActions('inspect/record', {
  // save, update and detail stay (replace the generic ones): item results and the trail travel in the body beside the record and come back with it.
  save: (ctx) => write(ctx, 'save'),
  update: (ctx) => write(ctx, 'update'),
  detail: async (ctx) => {
    const row = await detailOperation(ctx, ctx.model, ctx.query.id);
    return { ...row, itemResults: await itemResultsOfRecord(ctx, ctx.db, String(row.id)) };
  },
  getRecordCountVO: (ctx) => recordCounts(ctx),
  getRiskRecord: (ctx) => riskRecords(ctx),
});
