/**
 * GET /api/v2/screen/inspection/events: the problems of the screen's reservoirs — events by state, how many were
 * found and closed (已完成; returned and withdrawn reports are no problems), the open ones (待签收, 处理中,
 * 待复核) by age, and the active warnings (monitoring warnings 预警中 and camera AI alarms not yet handled), the
 * latest five listed.
 */
import type { ActionContext } from '../../engine/actions.js';
import { localApi } from '../../engine/localApi.js';
import { ageDaysSql, countByAge } from '../inspect/eventAges.js';
import { percent } from './screenNumbers.js';
import { labelledCounts, queryAtReservoirs, screenReservoirs } from './inspectionShared.js';
import type { EventsData } from '../../../shared/screenAnswers.js';

const OPEN_STATES = [1, 2, 3];
const CLOSED = 4;
/** Returned (5) and withdrawn (6) reports were no problems to close. */
const NOT_PROBLEMS = [5, 6];
const ACTIVE_WARNING = 1 as const;
const UNHANDLED_ALARM = 0 as const;
const LATEST_WARNINGS = 5;

interface EventRow {
  status: number;
  ageDays: number;
}

async function eventRows(ctx: ActionContext, ids: string[]): Promise<EventRow[]> {
  return queryAtReservoirs<EventRow>(
    ctx,
    'inspect/event',
    ids,
    (t) => `SELECT ${t.col('status')}::int AS "status", ${ageDaysSql(t.col('createTime'))}::float AS "ageDays"
              FROM ${t.table} WHERE ${t.rows}`,
  );
}

async function activeWarnings(ctx: ActionContext, ids: string[], names: Map<string, string>) {
  const api = localApi(ctx).tenantWide();
  const monitoringWhere = { reservoirId: ids, warningState: ACTIVE_WARNING };
  const alarmWhere = { reservoirId: ids, handleStatus: UNHANDLED_ALARM };
  // Counted by the database; only the latest few of each are read, for the list.
  const [monitoringCount, alarmCount, monitoring, alarms] = await Promise.all([
    api.count('monitor/warningLog', monitoringWhere),
    api.count('camera/cameraWarning', alarmWhere),
    api.find('monitor/warningLog', { where: monitoringWhere, sort: ['startTime desc'], limit: LATEST_WARNINGS }),
    api.find('camera/cameraWarning', { where: alarmWhere, sort: ['alarmTime desc'], limit: LATEST_WARNINGS }),
  ]);
  const listed = [
    ...monitoring.map((w) => ({
      id: String(w.id),
      kind: 'monitor' as const,
      reservoirId: String(w.reservoirId),
      level: w.warningLevel ?? null,
      text: w.content ?? w.limitName ?? '',
      time: w.startTime ?? null,
    })),
    ...alarms.map((a) => ({
      id: String(a.id),
      kind: 'camera' as const,
      reservoirId: String(a.reservoirId),
      level: null,
      text: a.description ?? '',
      time: a.alarmTime ?? null,
    })),
  ]
    .sort((a, b) => String(b.time ?? '').localeCompare(String(a.time ?? '')))
    .slice(0, LATEST_WARNINGS)
    .map((w) => ({ ...w, reservoirName: names.get(w.reservoirId) ?? null }));
  return { monitoring: monitoringCount, camera: alarmCount, total: monitoringCount + alarmCount, latest: listed };
}

export async function inspectionEvents(ctx: ActionContext): Promise<EventsData> {
  const reservoirs = await screenReservoirs(ctx);
  const ids = reservoirs.map((r) => r.id);
  const [rows, warnings] = await Promise.all([eventRows(ctx, ids), activeWarnings(ctx, ids, new Map(reservoirs.map((r) => [r.id, r.name])))]);
  const states = new Map<number, number>();
  for (const row of rows) states.set(row.status, (states.get(row.status) ?? 0) + 1);
  const found = rows.filter((row) => !NOT_PROBLEMS.includes(row.status)).length;
  const closed = states.get(CLOSED) ?? 0;
  const open = rows.filter((row) => OPEN_STATES.includes(row.status));
  return {
    found,
    closed,
    open: open.length,
    closureRate: percent(closed, found),
    byState: await labelledCounts(ctx, 'event_status', states),
    byAge: countByAge(open.map((row) => row.ageDays)),
    warnings,
  };
}
