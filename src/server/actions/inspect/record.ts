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
import { quoteIdent } from '../../engine/naming.js';
import { detailOperation } from '../../engine/operations/readOperations.js';
import { insertRow, updateRow } from '../../engine/operations/writeOperations.js';
import { buildSelectById } from '../../engine/sqlBuilder.js';
import { insertRows } from '../../seed/insertRows.js';
import { bodyOf } from './itemGroupActions.js';
import { recordCounts, riskRecords } from './recordReads.js';
import { checkRecord, itemResultsOf, trailOf, type ItemResult, type TrailPoint } from './recordRules.js';
import { FieldErrors, type Row } from './setupRules.js';

const itemTable = () => quoteIdent(entityModel('inspect/recordItem').table);
const trailTable = () => quoteIdent(entityModel('inspect/trail').table);

async function replaceItems(ctx: ActionContext, recordId: string, items: ItemResult[]): Promise<void> {
  const tx = ctx.tx as DbClient;
  await tx.query(`UPDATE ${itemTable()} SET is_deleted = 1, update_user = $3, update_time = LOCALTIMESTAMP(0) WHERE tenant_id = $1 AND record_id = $2 AND is_deleted = 0`, [ctx.caller.tenantId, recordId, ctx.caller.userId]);
  const owner = [ctx.caller.tenantId, ctx.caller.userId, ctx.caller.deptId ?? null, ctx.caller.userId];
  const rows = items.map((item, index) => [nextId(), ...owner, recordId, item.itemId, item.itemName, item.damPart, item.result, item.description, JSON.stringify(item.photos), index + 1]);
  await insertRows(tx, entityModel('inspect/recordItem').table, ['id', 'tenant_id', 'create_user', 'create_dept', 'update_user', 'record_id', 'item_id', 'item_name', 'dam_part', 'result', 'description', 'photos', 'sort'], rows);
  const problems = items.filter((item) => item.result === 2).length;
  await tx.query(`UPDATE ${quoteIdent(ctx.model.table)} SET problem_count = $3 WHERE tenant_id = $1 AND id = $2`, [ctx.caller.tenantId, recordId, problems]);
}

async function replaceTrail(ctx: ActionContext, recordId: string, points: TrailPoint[]): Promise<void> {
  const tx = ctx.tx as DbClient;
  await tx.query(`UPDATE ${trailTable()} SET is_deleted = 1 WHERE tenant_id = $1 AND record_id = $2 AND is_deleted = 0`, [ctx.caller.tenantId, recordId]);
  const owner = [ctx.caller.tenantId, ctx.caller.userId, ctx.caller.deptId ?? null, ctx.caller.userId];
  const rows = points.map((point, index) => [nextId(), ...owner, recordId, index + 1, point.lng, point.lat, point.time]);
  await insertRows(tx, entityModel('inspect/trail').table, ['id', 'tenant_id', 'create_user', 'create_dept', 'update_user', 'record_id', 'seq', 'lng', 'lat', 'time'], rows);
}

/** The item results of one record, in their order (the photos as stored). */
export async function itemResultsOfRecord(db: Queryable, tenantId: string, recordId: string): Promise<Row[]> {
  const found = await db.query(
    `SELECT id::text AS id, item_id::text AS "itemId", item_name AS "itemName", dam_part AS "damPart", result, description, photos
       FROM ${itemTable()} WHERE tenant_id = $1 AND record_id = $2 AND is_deleted = 0 ORDER BY sort, id`,
    [tenantId, recordId],
  );
  return found.rows;
}

async function reread(ctx: ActionContext, id: string): Promise<Row> {
  const sql = buildSelectById(ctx.model, ctx.scope, id);
  const row = (await (ctx.tx as Queryable).query(sql.text, sql.values)).rows[0] as Row;
  return { ...row, itemResults: await itemResultsOfRecord(ctx.tx as Queryable, ctx.caller.tenantId, id) };
}

async function write(ctx: ActionContext, kind: 'save' | 'update'): Promise<Row> {
  const body = bodyOf(ctx);
  const errors = new FieldErrors(ctx.language);
  const items = itemResultsOf(body, errors);
  const trail = trailOf(body, errors);
  errors.throwIfAny();
  const withInspector = kind === 'save' && !body.inspectorId ? { ...body, inspectorId: ctx.caller.userId } : body;
  const row = kind === 'save' ? await insertRow(ctx, ctx.tx as DbClient, ctx.model, withInspector) : await updateRow(ctx, ctx.tx as DbClient, ctx.model, withInspector);
  await checkRecord(ctx, row, errors);
  errors.throwIfAny();
  const id = String(row.id);
  if (items) await replaceItems(ctx, id, items);
  if (trail) await replaceTrail(ctx, id, trail);
  return reread(ctx, id);
}

defineActions('inspect/record', {
  save: (ctx) => write(ctx, 'save'),
  update: (ctx) => write(ctx, 'update'),
  detail: async (ctx) => {
    const row = await detailOperation(ctx, ctx.model, ctx.query.id);
    return { ...row, itemResults: await itemResultsOfRecord(ctx.db, ctx.caller.tenantId, String(row.id)) };
  },
  getRecordCountVO: (ctx) => recordCounts(ctx),
  getRiskRecord: (ctx) => riskRecords(ctx),
});
