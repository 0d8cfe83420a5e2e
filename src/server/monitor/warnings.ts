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
 * The figure is the latest reading's value (by observeTime) for limit kinds
 * 1/2, the sum of the readings in (latest − window, latest] for 3–5
 * (warningsRules.ts). Concurrency: the enabled limits of the touched stations
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
import { decide, figureOf, roundFigure, WARNING_STATE, warningText, windowHoursOf } from './warningsRules.js';

/** The PostgreSQL channel every raised or cleared warning is announced on. */
export const WARNING_CHANNEL = 'monitor_warning';
/** Who is told of a raised warning (within their data scope). */
export const WARNING_VIEW_BUTTON = 'monitor_warning_log_view';
/** Pairs one call evaluates at most (an ingestion batch touches far fewer). */
export const MAX_TOUCHED_PAIRS = 20_000;

export interface TouchedPair {
  stationId: string;
  element: number;
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

function distinctPairs(touched: readonly TouchedPair[]): TouchedPair[] {
  const seen = new Map<string, TouchedPair>();
  for (const pair of touched) {
    const stationId = String(pair.stationId ?? '');
    const element = Number(pair.element);
    if (!ID.test(stationId) || !Number.isInteger(element)) continue;
    seen.set(`${stationId}:${element}`, { stationId, element });
  }
  if (seen.size > MAX_TOUCHED_PAIRS) throw new Error(`evaluateWarnings: ${seen.size} pairs, at most ${MAX_TOUCHED_PAIRS}`);
  return [...seen.values()];
}

interface Figures {
  time: string;
  latest: number;
  totals: { h1: number; h3: number; h24: number };
}

/** The latest reading of a pair and, when a limit needs them, the rainfall totals of the windows ending at it. */
async function figuresOf(ctx: LocalContext, tx: DbClient, pair: TouchedPair, needsTotals: boolean, excluded: string[]): Promise<Figures | undefined> {
  const without = excluded.length > 0 ? { id: { notIn: excluded } } : {};
  const q = scopedQuery(ctx, tx);
  const r = await q.from('monitor/reading', 'r', 'tenant');
  const [latest] = await q.rows<{ time: string; value: number }>(
    `SELECT ${r.col('observeTime')} AS "time", ${r.col('value')}::float8 AS "value" FROM ${r.table}
      WHERE ${r.scope} AND ${r.where({ stationId: pair.stationId, element: pair.element, ...without })}
      ORDER BY ${r.col('observeTime')} DESC LIMIT 1`,
  );
  if (!latest) return undefined;
  const totals = { h1: 0, h3: 0, h24: 0 };
  if (needsTotals) {
    const w = scopedQuery(ctx, tx);
    const s = await w.from('monitor/reading', 's', 'tenant');
    const end = w.param(latest.time);
    const time = s.col('observeTime');
    const sumSince = (hours: number) => `COALESCE(sum(${s.col('value')}) FILTER (WHERE ${time} > ${end}::timestamp - interval '${hours} hours'), 0)::float8`;
    const [sums] = await w.rows<{ h1: number; h3: number; h24: number }>(
      `SELECT ${sumSince(1)} AS "h1", ${sumSince(3)} AS "h3", ${sumSince(24)} AS "h24" FROM ${s.table}
        WHERE ${s.scope} AND ${s.where({ stationId: pair.stationId, element: pair.element, ...without })}
          AND ${time} > ${end}::timestamp - interval '24 hours' AND ${time} <= ${end}::timestamp`,
    );
    Object.assign(totals, sums);
  }
  return { time: latest.time, latest: Number(latest.value), totals };
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

async function announce(tx: DbClient, notification: WarningNotification): Promise<void> {
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

  const context = await raiseContext(ctx, tx, stationIds);
  const changes: WarningChange[] = [];
  for (const [key, pairLimits] of limitsOf) {
    const [stationId, elementText] = key.split(':');
    const element = Number(elementText);
    const figures = await figuresOf(
      ctx,
      tx,
      { stationId, element },
      pairLimits.some((limit) => windowHoursOf(Number(limit.limitKind)) !== undefined),
      excluded,
    );
    if (!figures) {
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
      const kind = Number(limit.limitKind);
      const threshold = Number(limit.threshold);
      const raw = figureOf(kind, figures.latest, figures.totals);
      if (raw === null) continue;
      const figure = roundFigure(element, raw);
      const current = active.get(String(limit.id));
      const decision = decide(kind, threshold, figure, current ? { peakValue: current.peakValue ?? null } : undefined);
      const change = { indexLimitId: String(limit.id), stationId, element, value: figure, time: figures.time };
      if (decision.action === 'raise') {
        const raised = await raise(ctx, tx, context, limit, figure, figures.time, notify);
        changes.push({ kind: 'raised', warningId: raised.id, noticed: raised.noticed, ...change });
      } else if (decision.action === 'keep' && current) {
        if (Number(current.lastValue) !== decision.lastValue || Number(current.peakValue) !== decision.peakValue) {
          await api.update('monitor/warningLog', String(current.id), { lastValue: decision.lastValue, peakValue: decision.peakValue });
        }
        changes.push({ kind: 'updated', warningId: String(current.id), noticed: 0, ...change });
      } else if (decision.action === 'clear' && current) {
        // A removal can leave a latest reading older than the warning's start: it ends where it started then.
        const endTime = String(current.startTime) > figures.time ? String(current.startTime) : figures.time;
        await api.update('monitor/warningLog', String(current.id), { lastValue: figure, endTime, warningState: WARNING_STATE.cleared });
        if (notify) await announce(tx, { tenantId: ctx.caller.tenantId, id: String(current.id), kind: 'cleared' });
        changes.push({ kind: 'cleared', warningId: String(current.id), noticed: 0, ...change });
      }
    }
  }
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

async function raise(
  ctx: LocalContext,
  tx: DbClient,
  context: RaiseContext,
  limit: Limit,
  figure: number,
  time: string,
  notify: boolean,
): Promise<{ id: string; noticed: number }> {
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
  const row = await localApi(ctx, tx)
    .tenantWide()
    .create('monitor/warningLog', {
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
      peakValue: figure,
      lastValue: figure,
      startTime: time,
      warningState: WARNING_STATE.active,
      content: text.content.slice(0, 500),
    });
  const id = String(row.id);
  if (!notify) return { id, noticed: 0 };
  const recipients = await warningRecipients(ctx, tx, id);
  const noticed = await deliver(tx, ctx.caller.tenantId, null, recipients, {
    kind: 'business',
    title: text.title,
    content: text.content,
    orderType: ORDER_TYPE.monitorWarning,
    businessId: id,
  });
  await announce(tx, { tenantId: ctx.caller.tenantId, id, kind: 'raised' });
  return { id, noticed };
}
