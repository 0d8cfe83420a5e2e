/**
 * Inspection records: save and update run the engine's write (validation,
 * the add/edit button, editableIn: only pending records change) and then
 * the record's rules, and replace the item results and the trail — all in
 * one transaction, so a refused record leaves nothing behind; abnormal items
 * raise their events in that transaction (recordEvents.ts). Auditing is
 * the schema's declared transition; the reads here add the items, counts
 * per reservoir and the records with problems.
 */
import type { InspectRecordItem } from '../../../shared/generated/entityTypes.js';
import type { DbClient, Queryable } from '../../db/pool.js';
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { localApi, type LocalContext } from '../../engine/localApi.js';
import { detailOperation } from '../../engine/operations/readOperations.js';
import { insertRow, updateRow } from '../../engine/operations/writeOperations.js';
import { buildSelectById } from '../../engine/sqlBuilder.js';
import { bodyOf } from './itemGroupActions.js';
import { recordCounts, riskRecords } from './recordReads.js';
import { raiseEventsOfRecord } from './recordEvents.js';
import { replaceItems } from './recordItems.js';
import { replaceTrail, trailOf } from '../track/trail.js';
import { checkRecord, itemResultsOf } from './recordRules.js';
import { FieldErrors, type Row } from './setupRules.js';

/** The item results of one record, in their order (the photos as stored). */
export async function itemResultsOfRecord(ctx: LocalContext, db: Queryable, recordId: string): Promise<Row[]> {
  const found = await localApi(ctx, db as DbClient)
    .tenantWide()
    .find('inspect/recordItem', { where: { recordId }, sort: ['sort asc', 'id asc'], withTitles: true });
  return (found as (InspectRecordItem & { eventTitle?: string })[]).map(
    ({ id, itemId, itemName, damPart, result, description, photos, eventType, eventId, eventTitle, lng, lat }) => ({
      id,
      itemId: itemId ?? null,
      itemName,
      damPart: damPart ?? null,
      result,
      description: description ?? null,
      photos: photos ?? null,
      eventType: eventType ?? null,
      eventId: eventId ?? null,
      eventTitle: eventTitle ?? null,
      lng: lng ?? null,
      lat: lat ?? null,
    }),
  );
}

/** The events raised from the record's items, oldest first, as the caller may see them (with labels' titles). */
export async function eventsOfRecord(ctx: LocalContext, db: Queryable, recordId: string): Promise<Row[]> {
  const events = await localApi(ctx, db as DbClient).find('inspect/event', { where: { recordId }, sort: ['createTime asc'], withTitles: true });
  return events as unknown as Row[];
}

async function reread(ctx: ActionContext, id: string): Promise<Row> {
  const sql = buildSelectById(ctx.model, ctx.scope, id);
  const row = (await (ctx.tx as Queryable).query(sql.text, sql.values)).rows[0] as Row;
  return { ...row, itemResults: await itemResultsOfRecord(ctx, ctx.tx as Queryable, id), events: await eventsOfRecord(ctx, ctx.tx as Queryable, id) };
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
  // Abnormal items raise their events in this transaction (recordEvents.ts): a refused event undoes the record too.
  if (items) await raiseEventsOfRecord(ctx, ctx.tx as DbClient, row, await replaceItems(ctx, id, items));
  if (trail) await replaceTrail(ctx, 'inspect/trail', id, trail);
  return reread(ctx, id);
}

defineActions('inspect/record', {
  // save, update and detail stay (replace the generic ones): item results and the trail travel in the body beside the record and come back with it.
  save: (ctx) => write(ctx, 'save'),
  update: (ctx) => write(ctx, 'update'),
  detail: async (ctx) => {
    const row = await detailOperation(ctx, ctx.model, ctx.query.id);
    const id = String(row.id);
    return { ...row, itemResults: await itemResultsOfRecord(ctx, ctx.db, id), events: await eventsOfRecord(ctx, ctx.db, id) };
  },
  getRecordCountVO: (ctx) => recordCounts(ctx),
  getRiskRecord: (ctx) => riskRecords(ctx),
});
