/**
 * An instance's history as the console reads it (contract 14 §6): the
 * activity rows (flow/activity) in time order with the actor's name —
 * history-flow-list leaves the taken sequence flows out, the model view
 * keeps them (they colour the diagram's arrows).
 */
import type { Language } from '../../http/apiError.js';
import type { ActionContext } from '../../engine/actions.js';
import { scopedQuery } from '../../engine/scopedQuery.js';
import { time } from './taskRows.js';

export interface HistoryRow {
  historyActivityId: string;
  historyActivityName: string | null;
  historyActivityType: string;
  taskId: string | null;
  assignee: string | null;
  assigneeName: string | null;
  createTime: string | null;
  endTime: string | null;
  historyActivityDurationTime: string | null;
  comment: string | null;
  flag: string | null;
}

const SEQUENCE_FLOW = 'bpmn:SequenceFlow';
/** An instance's history is bounded by its activities; a runaway loop must not make one answer unbounded. */
const MAX_HISTORY_ROWS = 5000;

/** A duration in the caller's language, to the minute (seconds below one): "1天2小时5分" / "1d 2h 5m". */
export function durationText(milliseconds: number, language: Language): string {
  const seconds = Math.max(0, Math.round(milliseconds / 1000));
  if (seconds < 60) return language === 'en' ? `${seconds}s` : `${seconds}秒`;
  const units: [number, string, string][] = [
    [Math.floor(seconds / 86400), '天', 'd'],
    [Math.floor((seconds % 86400) / 3600), '小时', 'h'],
    [Math.floor((seconds % 3600) / 60), '分', 'm'],
  ];
  const parts = units.filter(([value]) => value > 0).map(([value, zh, en]) => (language === 'en' ? `${value}${en}` : `${value}${zh}`));
  return parts.join(language === 'en' ? ' ' : '');
}

/** The activity rows of an instance, oldest first; `withFlows` keeps the taken sequence flows. */
export async function historyOf(ctx: ActionContext, processInstanceId: string, withFlows: boolean): Promise<HistoryRow[]> {
  const q = scopedQuery(ctx, ctx.tx);
  const a = await q.from('flow/activity', 'a', 'tenant');
  const u = await q.from('system/user', 'u', 'tenant');
  const conditions = [a.scope, `${a.col('processInstanceId')} = ${q.param(processInstanceId)}::bigint`];
  if (!withFlows) conditions.push(`${a.col('activityType')} <> ${q.param(SEQUENCE_FLOW)}`);
  const rows = await q.rows<HistoryRow & { durationMs: number | null }>(
    `SELECT ${a.col('activityId')} AS "historyActivityId", ${a.col('activityName')} AS "historyActivityName",
            ${a.col('activityType')} AS "historyActivityType", ${a.col('taskId')}::text AS "taskId",
            ${a.col('assigneeId')}::text AS "assignee", ${u.col('realName')} AS "assigneeName",
            ${time(a.col('startTime'))} AS "createTime", ${time(a.col('endTime'))} AS "endTime",
            (EXTRACT(EPOCH FROM (${a.col('endTime')} - ${a.col('startTime')})) * 1000)::bigint AS "durationMs",
            ${a.col('comment')} AS "comment", ${a.col('flag')} AS "flag"
       FROM ${a.table} LEFT JOIN ${u.table} ON ${u.col('id')} = ${a.col('assigneeId')} AND ${u.scope}
      WHERE ${conditions.join(' AND ')}
      ORDER BY ${a.col('startTime')} ASC, ${a.col('id')} ASC
      LIMIT ${MAX_HISTORY_ROWS}`,
  );
  return rows.map(({ durationMs, ...row }) => ({
    ...row,
    historyActivityDurationTime: durationMs === null ? null : durationText(Number(durationMs), ctx.language),
  }));
}
