/**
 * Reads of the event register beyond the generic list: the detail with
 * dictionary labels and the event log, and the log queries by group. Every
 * read obeys the caller's tenant and data scope: a log is read only through
 * an event the caller may see.
 */
import type { DbClient } from '../../db/pool.js';
import type { ActionContext } from '../../engine/actions.js';
import { dictionaryLabels } from '../../engine/dictionaryLabels.js';
import type { EntityModel } from '../../engine/entityModel.js';
import { entityModel } from '../../engine/entityRegistry.js';
import { localApi, type LocalContext } from '../../engine/localApi.js';
import { detailOperation, requireId } from '../../engine/operations/readOperations.js';
import { notFound } from '../../http/apiError.js';
import { EVENT_ACTION, EVENT_LOG_GROUPS, type EventLogGroup } from './eventLog.js';
import type { Row } from './setupRules.js';

/** A POST carries its parameters in the body; a GET in the query. */
function filtersOf(ctx: ActionContext): Row {
  const body = ctx.body && typeof ctx.body === 'object' && !Array.isArray(ctx.body) ? (ctx.body as Row) : {};
  return { ...body, ...ctx.query };
}

/** Each dictionary field's label beside its value (statusLabel, levelLabel …), in the caller's language. */
export async function withLabels(ctx: LocalContext, model: EntityModel, rows: Row[]): Promise<Row[]> {
  const dictFields = model.fields.filter((field) => field.schema['x-dict'] && field.isOutput);
  const codes = [...new Set(dictFields.map((field) => field.schema['x-dict']!))];
  const labels = await dictionaryLabels(ctx.db, ctx.caller.tenantId, codes, ctx.language);
  return rows.map((row) => {
    const labelled: Row = { ...row };
    for (const field of dictFields) {
      const value = row[field.name];
      if (value === null || value === undefined) continue;
      labelled[`${field.name}Label`] = labels.get(field.schema['x-dict']!)?.get(String(value)) ?? null;
    }
    return labelled;
  });
}

const REVIEW_ACTIONS: number[] = [EVENT_ACTION.audit, EVENT_ACTION.chiefApprove];

/** The event's log rows, oldest first (optionally only the actions of one group), with labels and titles. */
export async function logsOf(ctx: LocalContext, tx: DbClient | undefined, eventId: string, group?: EventLogGroup): Promise<Row[]> {
  const api = localApi(ctx, tx).tenantWide();
  const rows = await api.find('inspect/eventLog', {
    where: { eventId, ...(group ? { action: [...EVENT_LOG_GROUPS[group]] } : {}) },
    sort: ['createTime asc', 'id asc'],
    withTitles: true,
  });
  const labelled = await withLabels(
    ctx,
    entityModel('inspect/eventLog'),
    rows.map((row) => ({ ...row })),
  );
  // The close group holds an audit or approval only when it completed the event.
  return group === 'close' ? labelled.filter((row) => !REVIEW_ACTIONS.includes(Number(row.action)) || row.toStatus === 4) : labelled;
}

/** The event with labels, titles and its log (oldest first). */
export async function eventDetail(ctx: ActionContext): Promise<Row> {
  const row = await detailOperation(ctx, ctx.model, ctx.query.id);
  const [labelled] = await withLabels(ctx, ctx.model, [row]);
  return { ...labelled, logs: await logsOf(ctx, undefined, String(row.id)) };
}

/** The log of one event the caller may see (else 404): all steps or one group. */
export async function eventLogList(ctx: ActionContext, group?: EventLogGroup): Promise<Row[]> {
  const eventId = requireId(filtersOf(ctx).eventId, 'eventId');
  const event = await localApi(ctx).findById('inspect/event', eventId);
  if (!event) throw notFound();
  return logsOf(ctx, undefined, eventId, group);
}
