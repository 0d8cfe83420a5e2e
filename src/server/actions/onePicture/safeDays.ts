/**
 * getDays — 安全运行天数: whole days (Asia/Shanghai calendar) since the newest event reported at the reservoirs or
 * the newest monitoring warning raised there, whichever is later; with neither, since the earliest of the
 * reservoirs was registered (the system has watched it that long without trouble). reservoirId narrows it to one.
 */
import type { ActionContext } from '../../engine/actions.js';
import { scopedQuery } from '../../engine/scopedQuery.js';
import { localToday, onlyParams, reservoirIdParam } from './params.js';
import { mapReservoirs } from './reservoirs.js';
import type { SafeDays } from '../../../shared/onePictureAnswers.js';

async function newest(ctx: ActionContext, schemaId: 'inspect/event' | 'monitor/warningLog', ids: string[]): Promise<string | null> {
  const q = scopedQuery(ctx);
  const x = await q.from(schemaId, 'x');
  const time = schemaId === 'inspect/event' ? x.col('createTime') : x.col('startTime');
  const [row] = await q.rows<{ at: string | null }>(
    `SELECT max(${time}) AS at FROM ${x.table} WHERE ${x.scope} AND ${x.col('reservoirId')} = ANY(${q.param(ids)}::bigint[])`,
  );
  return row.at;
}

export function daysBetween(fromDay: string, toDay: string): number {
  return Math.max(0, Math.round((Date.parse(toDay) - Date.parse(fromDay)) / 86_400_000));
}

export async function getDays(ctx: ActionContext): Promise<SafeDays> {
  onlyParams(ctx.query, ['reservoirId']);
  const reservoirs = await mapReservoirs(ctx, { reservoirId: reservoirIdParam(ctx.query) });
  if (reservoirs.length === 0) return { days: 0, since: null, lastEventTime: null, lastWarningTime: null };
  const ids = reservoirs.map((r) => r.id);
  const [lastEventTime, lastWarningTime] = await Promise.all([newest(ctx, 'inspect/event', ids), newest(ctx, 'monitor/warningLog', ids)]);
  const trouble = [lastEventTime, lastWarningTime].filter((t): t is string => !!t).sort();
  const registered = reservoirs
    .map((r) => r.createTime)
    .filter((t): t is string => !!t)
    .sort();
  const since = (trouble.at(-1) ?? registered[0] ?? `${localToday()} 00:00:00`).slice(0, 10);
  return { days: daysBetween(since, localToday()), since, lastEventTime, lastWarningTime };
}
