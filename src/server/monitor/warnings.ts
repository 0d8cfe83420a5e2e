/**
 * The warnings evaluator (contract §C): after readings are stored — by the
 * ingestion (src/server/monitor/ingest.ts) or a manual entry (the reading
 * register's afterChange hook, src/server/actions/monitor/warningLog.ts) — in
 * the same transaction, for each touched (station, element) and each enabled
 * limit of it:
 *
 *   figure outside, no active warning → one warningLog row (active), one inbox
 *     notice to each user holding monitor_warning_log_view whose data scope on
 *     预警记录 sees the row, pg_notify('monitor_warning', {tenantId, id, kind: 'raised'});
 *   active and still outside          → lastValue, peakValue updated (no notice);
 *   active and back inside            → endTime, warningState 2 (cleared),
 *     pg_notify … kind 'cleared' (no inbox notice).
 *
 * The figure is a reading's value for limit kinds 1/2, the sum of the
 * readings in (t − window, t] ending at a reading t for 3–5 (warningsRules.ts).
 * A touched pair carries `since`, the earliest observeTime the caller stored:
 * the pair's readings from it to the latest are walked in time order (one
 * query per pair), so a crossing that starts and ends inside one delivery
 * raises and clears its warning; readings at or before the limit's active
 * warning's start or newest clearing are not walked (a late reading never
 * re-raises a cleared warning — walkLimit in warningsRules.ts). Without
 * `since` the latest reading alone is evaluated. Concurrency: the enabled limits of the touched stations
 * are locked (FOR UPDATE, in id order) before the active warnings are read,
 * so concurrent ingestions of one crossing evaluate one after another and the
 * later one finds the warning the earlier one committed: one warning and one
 * notice per crossing. The notifications are delivered when the transaction
 * commits, to every server instance (notificationHub.ts → warningStream.ts).
 * `notify: false` writes the warnings without notices and notifications.
 */
import type { EntityTypeMap } from '../../shared/generated/entityTypes.js';
import type { DbClient } from '../db/pool.js';
import { dictionaryLabels } from '../engine/dictionaryLabels.js';
import { localApi, type LocalContext } from '../engine/localApi.js';
import { scopedQuery } from '../engine/scopedQuery.js';
import type { Caller } from '../http/caller.js';
import { deliver, ORDER_TYPE, usersHoldingButton } from '../notice/deliver.js';
import { walkLimit, WARNING_STATE, warningText, windowHoursOf, type Step, type WalkEvent } from './warningsRules.js';

/** The PostgreSQL channel every raised or cleared warning is announced on. */
export const WARNING_CHANNEL = 'monitor_warning';
/** Who is told of a raised warning (within their data scope). */
export const WARNING_VIEW_BUTTON = 'monitor_warning_log_view';
/** Pairs one call evaluates at most (an ingestion batch touches far fewer). */
export const MAX_TOUCHED_PAIRS = 20_000;

export interface TouchedPair {
  stationId: string;
  element: number;
  /**
   * The earliest observeTime ('yyyy-MM-dd HH:mm:ss') of the readings the caller stored for the pair: the
   * evaluation walks the pair's readings from it to the latest. Without it, the latest reading alone is evaluated.
   */
  since?: string;
}

export interface WarningChange {
  kind: 'raised' | 'updated' | 'cleared';
  warningId: string;
  indexLimitId: string;
  stationId: string;
  element: number;
  /** The figure compared (reading or window total). */
  value: number;
  /** observeTime of the latest reading the figure ends at. */
  time: string;
  /** Inbox messages written (raised only). */
  noticed: number;
}

/** What pg_notify carries on WARNING_CHANNEL (JSON). */
export interface WarningNotification {
  tenantId: string;
  id: string;
  kind: 'raised' | 'cleared';
}

type Limit = EntityTypeMap['monitor/indexLimit'];
type Warning = EntityTypeMap['monitor/warningLog'];

const ID = /^[1-9][0-9]{0,18}$/;

/** One entry per pair; a pair given several times walks from the earliest `since` (one without walks from the latest). */
function distinctPairs(touched: readonly TouchedPair[]): TouchedPair[] {
  const seen = new Map<string, TouchedPair>();
  for (const pair of touched) {
    const stationId = String(pair.stationId ?? '');
    const element = Number(pair.element);
    if (!ID.test(stationId) || !Number.isInteger(element)) continue;
    const key = `${stationId}:${element}`;
    const since = typeof pair.since === 'string' && TIME.test(pair.since) ? pair.since : undefined;
    const earlier = seen.get(key)?.since;
    seen.set(key, { stationId, element, since: earlier !== undefined && (since === undefined || earlier < since) ? earlier : since });
  }
  if (seen.size > MAX_TOUCHED_PAIRS) throw new Error(`evaluateWarnings: ${seen.size} pairs, at most ${MAX_TOUCHED_PAIRS}`);
  return [...seen.values()];
}

/** The widest rainfall window (hours): how far before `since` the readings of the first windows reach. */
const WIDEST_WINDOW_HOURS = 24;
const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/**
 * The readings of a pair from `since` (or, without it, the latest alone; `since` after the latest counts as the
 * latest) to the latest, oldest first — one query. With totals, each carries the rainfall totals of the 1 h / 3 h /
 * 24 h windows ending at it, (t − window, t]: times are whole seconds, so a window is the current row and the
 * (window − 1 s) before it; the readings up to 24 h before the first are read for those windows only.
 */
async function stepsOf(ctx: LocalContext, tx: DbClient, pair: TouchedPair, needsTotals: boolean, excluded: string[]): Promise<Step[]> {
  const without = excluded.length > 0 ? { id: { notIn: excluded } } : {};
  const q = scopedQuery(ctx, tx);
  const r = await q.from('monitor/reading', 'r', 'tenant');
  const time = r.col('observeTime');
  const value = `${r.col('value')}::float8`;
  const which = `${r.scope} AND ${r.where({ stationId: pair.stationId, element: pair.element, ...without })}`;
  // From `since` as a parameter (the index and the yearly partitions narrow the read), else from the latest reading.
  const from = pair.since !== undefined ? `${q.param(pair.since)}::timestamp` : `(SELECT ${time} FROM ${r.table} WHERE ${which} ORDER BY ${time} DESC LIMIT 1)`;
  const windowOf = (hours: number) =>
    `sum(${value}) OVER (ORDER BY ${time} RANGE BETWEEN interval '${hours} hours' - interval '1 second' PRECEDING AND CURRENT ROW)`;
  const totals = needsTotals ? `, ${windowOf(1)} AS "h1", ${windowOf(3)} AS "h3", ${windowOf(24)} AS "h24"` : '';
  const reach = needsTotals ? `${time} > ${from} - interval '${WIDEST_WINDOW_HOURS} hours'` : `${time} >= ${from}`;
  const rows = await q.rows<{ time: string; value: number; h1?: number; h3?: number; h24?: number }>(
    `SELECT * FROM (SELECT ${time} AS "time", ${value} AS "value"${totals} FROM ${r.table} WHERE ${which} AND ${reach}) w
      WHERE w."time" >= ${from} ORDER BY w."time"`,
  );
  // `since` after the latest reading (not one the caller stored): the latest alone.
  if (rows.length === 0 && pair.since !== undefined) return stepsOf(ctx, tx, { stationId: pair.stationId, element: pair.element }, needsTotals, excluded);
  return rows.map((row) => ({
    time: String(row.time),
    value: Number(row.value),
    totals: { h1: Number(row.h1 ?? 0), h3: Number(row.h3 ?? 0), h24: Number(row.h24 ?? 0) },
  }));
}

/** The end of each limit's newest cleared warning: readings at or before it are not walked (walkLimit). */
async function clearedEnds(ctx: LocalContext, tx: DbClient, limitIds: string[]): Promise<Map<string, string>> {
  const q = scopedQuery(ctx, tx);
  const w = await q.from('monitor/warningLog', 'w', 'tenant');
  const rows = await q.rows<{ id: string; end: string | null }>(
    `SELECT ${w.col('indexLimitId')}::text AS "id", max(${w.col('endTime')}) AS "end" FROM ${w.table}
      WHERE ${w.scope} AND ${w.where({ indexLimitId: limitIds, warningState: WARNING_STATE.cleared })} GROUP BY 1`,
  );
  return new Map(rows.filter((row) => row.end !== null).map((row) => [String(row.id), String(row.end)]));
}

const idsOf = (text: unknown): string[] =>
  String(text ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => ID.test(id));

/**
 * The users to tell of a warning: enabled users of the tenant holding the view button whose data scope on 预警记录
 * sees the row — asked of the engine as each of them (the row is this transaction's, so the reads use it).
 */
export async function warningRecipients(ctx: LocalContext, tx: DbClient, warningId: string): Promise<string[]> {
  const tenantId = ctx.caller.tenantId;
  const holders = await usersHoldingButton(tx, tenantId, WARNING_VIEW_BUTTON);
  if (holders.length === 0) return [];
  const users = await localApi(ctx, tx)
    .tenantWide()
    .find('system/user', { where: { id: holders } });
  const recipients: string[] = [];
  for (const user of users) {
    const caller: Caller = {
      tenantId,
      userId: String(user.id),
      deptId: idsOf(user.deptId)[0] ?? null,
      roleIds: idsOf(user.roleId),
      account: String(user.account ?? ''),
      clientId: 'monitor-warnings',
    };
    if (await localApi({ db: ctx.db, caller, language: ctx.language }, tx).exists('monitor/warningLog', { id: warningId })) recipients.push(caller.userId);
  }
  return recipients;
}

/** Tells every instance's open consoles (after the transaction commits: NOTIFY is transactional). */
export async function announce(tx: DbClient, notification: WarningNotification): Promise<void> {
  await tx.query('SELECT pg_notify($1, $2)', [WARNING_CHANNEL, JSON.stringify(notification)]);
}

export async function evaluateWarnings(
  ctx: LocalContext,
  tx: DbClient,
  touched: { stationId: string; element: number }[],
  options: {
    notify?: boolean;
    /** Readings to leave out (a manual removal evaluates before its rows are gone). */
    excludeReadingIds?: string[];
  } = {},
): Promise<WarningChange[]> {
  const notify = options.notify !== false;
  const excluded = (options.excludeReadingIds ?? []).filter((id) => ID.test(String(id))).map(String);
  const pairs = distinctPairs(touched);
  if (pairs.length === 0) return [];
  const api = localApi(ctx, tx).tenantWide();
  const stationIds = [...new Set(pairs.map((pair) => pair.stationId))];
  // The lock that makes one crossing one warning (see the top of the file).
  const locked = await api.find('monitor/indexLimit', { where: { stationId: stationIds, enabled: 1 }, sort: ['id asc'], forUpdate: true });
  const wanted = new Set(pairs.map((pair) => `${pair.stationId}:${pair.element}`));
  const limits = locked.filter((limit) => wanted.has(`${limit.stationId}:${limit.element}`));
  if (limits.length === 0) return [];

  const activeRows = await api.find('monitor/warningLog', { where: { indexLimitId: limits.map((limit) => limit.id), warningState: WARNING_STATE.active } });
  const active = new Map<string, Warning>(activeRows.map((row) => [String(row.indexLimitId), row]));
  const limitsOf = new Map<string, Limit[]>();
  for (const limit of limits) {
    const key = `${limit.stationId}:${limit.element}`;
    limitsOf.set(key, [...(limitsOf.get(key) ?? []), limit]);
  }

  const pairOf = new Map(pairs.map((pair) => [`${pair.stationId}:${pair.element}`, pair]));
  const cleared = pairs.some((pair) => pair.since !== undefined)
    ? await clearedEnds(
        ctx,
        tx,
        limits.filter((limit) => !active.has(String(limit.id))).map((limit) => String(limit.id)),
      )
    : new Map<string, string>();
  const context = await raiseContext(ctx, tx, stationIds);
  const changes: WarningChange[] = [];
  const raises: Raise[] = [];
  for (const [key, pairLimits] of limitsOf) {
    const pair = pairOf.get(key)!;
    const { stationId, element } = pair;
    const steps = await stepsOf(
      ctx,
      tx,
      pair,
      pairLimits.some((limit) => windowHoursOf(Number(limit.limitKind)) !== undefined),
      excluded,
    );
    if (steps.length === 0) {
      // No reading left (all removed): nothing stands outside any more.
      for (const limit of pairLimits) {
        const current = active.get(String(limit.id));
        if (!current) continue;
        await api.update('monitor/warningLog', String(current.id), { endTime: current.startTime, warningState: WARNING_STATE.cleared });
        if (notify) await announce(tx, { tenantId: ctx.caller.tenantId, id: String(current.id), kind: 'cleared' });
        changes.push({
          kind: 'cleared',
          warningId: String(current.id),
          noticed: 0,
          indexLimitId: String(limit.id),
          stationId,
          element,
          value: Number(current.lastValue),
          time: String(current.startTime),
        });
      }
      continue;
    }
    for (const limit of pairLimits) {
      const current = active.get(String(limit.id));
      // Readings at or before the active warning's start or the newest clearing are not walked (walkLimit).
      const boundary = pair.since === undefined ? undefined : current ? String(current.startTime) : cleared.get(String(limit.id));
      const events = walkLimit(
        Number(limit.limitKind),
        Number(limit.threshold),
        element,
        steps,
        current ? { startTime: String(current.startTime), peakValue: current.peakValue ?? null } : undefined,
        boundary,
      );
      let warning = current ? { id: String(current.id), lastValue: Number(current.lastValue), peakValue: Number(current.peakValue) } : undefined;
      for (let index = 0; index < events.length; index++) {
        const event = events[index];
        const change = { indexLimitId: String(limit.id), stationId, element, time: event.time };
        if (event.action === 'raise') {
          // A warning raised and then kept or cleared by the same walk is written once, as it ends the walk.
          const next = events[index + 1];
          const then = next && next.action !== 'raise' ? next : undefined;
          raises.push({ limit, figure: event.figure, time: event.time, then });
          if (then) index++;
          warning = undefined;
        } else if (event.action === 'keep' && warning) {
          if (warning.lastValue !== event.lastValue || warning.peakValue !== event.peakValue) {
            await api.update('monitor/warningLog', warning.id, { lastValue: event.lastValue, peakValue: event.peakValue });
          }
          changes.push({ kind: 'updated', warningId: warning.id, noticed: 0, value: event.lastValue, ...change });
        } else if (event.action === 'clear' && warning) {
          await api.update('monitor/warningLog', warning.id, {
            lastValue: event.figure,
            ...(warning.peakValue !== event.peakValue ? { peakValue: event.peakValue } : {}),
            endTime: event.time,
            warningState: WARNING_STATE.cleared,
          });
          if (notify) await announce(tx, { tenantId: ctx.caller.tenantId, id: warning.id, kind: 'cleared' });
          changes.push({ kind: 'cleared', warningId: warning.id, noticed: 0, value: event.figure, ...change });
          warning = undefined;
        }
      }
    }
  }
  changes.push(...(await raiseAll(ctx, tx, context, raises, notify)));
  return changes;
}

interface RaiseContext {
  stations: Map<string, { name: string; reservoirId: string | null }>;
  reservoirs: Map<string, { name: string; deptId: string | null }>;
  labels: Awaited<ReturnType<typeof dictionaryLabels>>;
}

/** Names and departments a raised warning needs, read once per call. */
async function raiseContext(ctx: LocalContext, tx: DbClient, stationIds: string[]): Promise<RaiseContext> {
  const api = localApi(ctx, tx).tenantWide();
  const stationRows = await api.find('info/station', { where: { id: stationIds } });
  const stations = new Map(
    stationRows.map((s) => [String(s.id), { name: String(s.stationName ?? ''), reservoirId: s.reservoirId ? String(s.reservoirId) : null }]),
  );
  const reservoirIds = [...new Set(stationRows.map((s) => s.reservoirId).filter((id): id is string => !!id))];
  const reservoirRows = reservoirIds.length > 0 ? await api.find('reservoir/reservoir', { where: { id: reservoirIds } }) : [];
  const reservoirs = new Map(reservoirRows.map((r) => [String(r.id), { name: String(r.name ?? ''), deptId: r.deptId ? String(r.deptId) : null }]));
  const labels = await dictionaryLabels(tx, ctx.caller.tenantId, ['monitor_element', 'warning_level'], 'zh');
  return { stations, reservoirs, labels };
}

/** A warning to raise: the limit, the first reading that crossed, and what the same walk did to it next. */
interface Raise {
  limit: Limit;
  figure: number;
  time: string;
  then?: Extract<WalkEvent, { action: 'keep' | 'clear' }>;
}

/**
 * Writes the raised warnings of a call at once (one bulk insert, each row as it ends the walk: a warning raised and
 * cleared by one delivery is written cleared), then, in order, tells of each: the inbox notice and 'raised', and
 * 'cleared' after it when the walk cleared it.
 */
async function raiseAll(ctx: LocalContext, tx: DbClient, context: RaiseContext, raises: Raise[], notify: boolean): Promise<WarningChange[]> {
  if (raises.length === 0) return [];
  const prepared = raises.map(({ limit, figure, time, then }) => {
    const element = Number(limit.element);
    const station = context.stations.get(String(limit.stationId)) ?? { name: '', reservoirId: limit.reservoirId ?? null };
    const reservoirId = station.reservoirId ?? limit.reservoirId ?? null;
    const reservoir = reservoirId ? context.reservoirs.get(reservoirId) : undefined;
    const text = warningText({
      reservoirName: reservoir?.name ?? '',
      stationName: station.name,
      elementName: context.labels.get('monitor_element')?.get(String(element)) ?? '',
      levelName: context.labels.get('warning_level')?.get(String(limit.warningLevel)) ?? '',
      limitName: String(limit.name ?? ''),
      limitKind: Number(limit.limitKind),
      element,
      threshold: Number(limit.threshold),
      figure,
      time,
    });
    const row = {
      stationId: String(limit.stationId),
      reservoirId: reservoirId ?? undefined,
      deptId: reservoir?.deptId ?? undefined,
      element,
      indexLimitId: String(limit.id),
      warningType: limit.warningType,
      warningLevel: limit.warningLevel,
      limitName: limit.name,
      limitKind: limit.limitKind,
      threshold: limit.threshold,
      startValue: figure,
      peakValue: then?.peakValue ?? figure,
      lastValue: then ? (then.action === 'clear' ? then.figure : then.lastValue) : figure,
      startTime: time,
      ...(then?.action === 'clear' ? { endTime: then.time, warningState: WARNING_STATE.cleared } : { warningState: WARNING_STATE.active }),
      content: text.content.slice(0, 500),
    };
    return { text, row };
  });
  const { inserted, rejected } = await localApi(ctx, tx)
    .tenantWide()
    .insertMany(
      'monitor/warningLog',
      prepared.map((p) => p.row),
    );
  if (rejected.length > 0) throw new Error(`evaluateWarnings: a warning was refused: ${JSON.stringify(rejected[0])}`);
  // One warning per limit and start: how the inserted rows (ids) are matched to what was raised.
  const idOf = new Map(inserted.map((row) => [`${row.indexLimitId}|${row.startTime}`, String(row.id)]));
  const changes: WarningChange[] = [];
  for (const [index, { limit, figure, time, then }] of raises.entries()) {
    const id = idOf.get(`${limit.id}|${time}`);
    if (!id) throw new Error(`evaluateWarnings: the warning of limit ${limit.id} at ${time} was not written`);
    const base = { warningId: id, indexLimitId: String(limit.id), stationId: String(limit.stationId), element: Number(limit.element) };
    let noticed = 0;
    if (notify) {
      const recipients = await warningRecipients(ctx, tx, id);
      const { text } = prepared[index];
      noticed = await deliver(tx, ctx.caller.tenantId, null, recipients, {
        kind: 'business',
        title: text.title,
        content: text.content,
        orderType: ORDER_TYPE.monitorWarning,
        businessId: id,
      });
      await announce(tx, { tenantId: ctx.caller.tenantId, id, kind: 'raised' });
      if (then?.action === 'clear') await announce(tx, { tenantId: ctx.caller.tenantId, id, kind: 'cleared' });
    }
    changes.push({ kind: 'raised', noticed, value: figure, time, ...base });
    if (then) {
      changes.push({
        kind: then.action === 'clear' ? 'cleared' : 'updated',
        noticed: 0,
        value: then.action === 'clear' ? then.figure : then.lastValue,
        time: then.time,
        ...base,
      });
    }
  }
  return changes;
}
