/**
 * 四管 screen (GET /api/v2/screen/matrix/siguan). The official text only says "加强'四管'工作"; the four items are
 * not spelled out in public sources (domain.md §1). Best understanding, consistent with the public component's
 * 水库除险、安全体检、维修养护、安全保障: 除险、体检、维护、安全 — used as the labels:
 * - 除险 (除险加固): reinforcement projects by progress, investment, projects still open, 三类坝 without a project;
 * - 体检 (安全鉴定): reservoirs by dam safety class (一/二/三类坝, latest appraisal), appraisals overdue or due
 *   within 12 months (next appraisal date of the latest appraisal; never appraised counts as overdue);
 * - 维护 (维修养护): maintenance and cleaning records in the last 30 days and the reservoirs they reached, per month
 *   over the last 6 months, maintenance projects by status;
 * - 安全 (安全运行): inspections in the last 30 days and the reservoirs inspected, events this year and their
 *   closure (已完成 of those not withdrawn), open events by level, hidden dangers (隐患台账) and their closure (已销号).
 */
import type { ActionContext } from '../../engine/actions.js';
import { localApi } from '../../engine/localApi.js';
import { scopedQuery } from '../../engine/scopedQuery.js';
import type { SchemaId } from '../../../shared/generated/entityTypes.js';
import { lifecycleOf } from './matrixLifecycle.js';
import type { ReservoirLifecycle, SiguanData } from '../../../shared/screenAnswers.js';
import { databaseToday } from '../../db/databaseClock.js';
import { countByField, countByReservoir, forReservoirs, queryReservoirs, visibleReservoirs } from './matrixShared.js';
import { percent } from './screenNumbers.js';

const ACCEPTED = 5;
const EVENT_DONE = 4;
const EVENT_WITHDRAWN = 6;
const RISK_CLOSED = 3;
const RECENT_DAYS = 30;

async function reinforcement(ctx: ActionContext, ids: string[], names: Map<string, string>, lifecycle: ReservoirLifecycle[]) {
  const q = scopedQuery(ctx);
  const t = await forReservoirs(q, 'engineering/reinforce', 't', ids);
  const [money] = await q.rows<{ investment: number; centralFund: number }>(
    `SELECT coalesce(sum(${t.col('investment')}), 0)::float AS "investment", coalesce(sum(${t.col('centralFund')}), 0)::float AS "centralFund" FROM ${t.table} WHERE ${t.rows}`,
  );
  const open = await localApi(ctx)
    .tenantWide()
    .find('engineering/reinforce', { where: { reservoirId: ids, progress: { lt: ACCEPTED } }, sort: ['startDate desc'], limit: 10 });
  const withProject = new Set(lifecycle.filter((r) => r.reinforceProgress !== null).map((r) => r.id));
  return {
    byProgress: await countByField(ctx, 'engineering/reinforce', 'progress', ids),
    investment: Math.round(money.investment * 100) / 100,
    centralFund: Math.round(money.centralFund * 100) / 100,
    open: open.map((p) => ({
      id: String(p.id),
      reservoirName: names.get(String(p.reservoirId)) ?? null,
      projectName: p.projectName,
      progress: p.progress ?? null,
    })),
    unsafeWithoutProject: lifecycle.filter((r) => r.safetyClass === 3 && !withProject.has(r.id)).map((r) => ({ id: r.id, name: r.name })),
  };
}

function appraisal(lifecycle: ReservoirLifecycle[], today: string) {
  const inYear = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
  const overdue = lifecycle.filter((r) => r.appraisalDate === null || (r.nextAppraisalDate !== null && r.nextAppraisalDate < today));
  const dueSoon = lifecycle.filter((r) => r.nextAppraisalDate !== null && r.nextAppraisalDate >= today && r.nextAppraisalDate <= inYear);
  const row = (r: ReservoirLifecycle) => ({
    id: r.id,
    name: r.name,
    safetyClass: r.safetyClass,
    appraisalDate: r.appraisalDate,
    nextAppraisalDate: r.nextAppraisalDate,
  });
  return {
    byClass: [1, 2, 3].map((safetyClass) => ({ safetyClass, count: lifecycle.filter((r) => r.safetyClass === safetyClass).length })),
    unclassified: lifecycle.filter((r) => r.safetyClass === null).length,
    overdue: overdue.length,
    dueSoon: dueSoon.length,
    due: [...overdue, ...dueSoon].slice(0, 10).map(row),
  };
}

/** Records of a work register (maintenance, cleaning) per month over the last 6 months, this one included. */
async function monthly(ctx: ActionContext, id: SchemaId, ids: string[]) {
  const q = scopedQuery(ctx);
  const t = await forReservoirs(q, id, 't', ids);
  return q.rows<{ month: string; count: number }>(
    `SELECT to_char(m, 'YYYY-MM') AS "month",
       (SELECT count(*)::int FROM ${t.table} WHERE ${t.rows} AND date_trunc('month', ${t.col('startTime')}) = m) AS "count"
     FROM generate_series(date_trunc('month', LOCALTIMESTAMP) - interval '5 months', date_trunc('month', LOCALTIMESTAMP), interval '1 month') AS m ORDER BY 1`,
  );
}

const recent = (field: string) => (t: { col(f: string): string }) => `${t.col(field)} > LOCALTIMESTAMP - interval '${RECENT_DAYS} days'`;

async function upkeep(ctx: ActionContext, ids: string[]) {
  const work = async (id: 'maintain/record' | 'clean/record') => {
    const byReservoir = await countByReservoir(ctx, id, ids, recent('startTime'));
    const records = [...byReservoir.values()].reduce((a, b) => a + b, 0);
    return { records, reservoirs: byReservoir.size, rate: percent(byReservoir.size, ids.length), monthly: await monthly(ctx, id, ids) };
  };
  return {
    maintain: await work('maintain/record'),
    clean: await work('clean/record'),
    projectsByStatus: await countByField(ctx, 'urgent/projectMaintain', 'projectStatus', ids),
  };
}

async function events(ctx: ActionContext, ids: string[]) {
  const [year] = await queryReservoirs<{ total: number; closed: number }>(
    ctx,
    'inspect/event',
    ids,
    (e, q) => `SELECT count(*)::int AS "total", count(*) FILTER (WHERE ${e.col('status')} = ${q.param(EVENT_DONE)})::int AS "closed"
       FROM ${e.table} WHERE ${e.rows} AND ${e.col('createTime')} >= date_trunc('year', LOCALTIMESTAMP) AND ${e.col('status')} <> ${q.param(EVENT_WITHDRAWN)}`,
  );
  const openByLevel = await queryReservoirs<{ level: number; count: number }>(
    ctx,
    'inspect/event',
    ids,
    (e, q) => `SELECT coalesce(${e.col('level')}, 0)::int AS "level", count(*)::int AS "count" FROM ${e.table}
      WHERE ${e.rows} AND NOT (${e.col('status')} = ANY(${q.param([EVENT_DONE, EVENT_WITHDRAWN])}::int[])) GROUP BY 1 ORDER BY 1`,
  );
  return { ...year, closureRate: percent(year.closed, year.total), open: openByLevel.reduce((s, x) => s + x.count, 0), openByLevel };
}

async function safety(ctx: ActionContext, ids: string[]) {
  const inspected = await countByReservoir(ctx, 'inspect/record', ids, recent('startTime'));
  const risks = await countByReservoir(ctx, 'urgent/risk', ids);
  const closedRisks = await countByReservoir(ctx, 'urgent/risk', ids, (t, q) => `${t.col('riskStatus')} = ${q.param(RISK_CLOSED)}`);
  const sum = (map: Map<string, number>) => [...map.values()].reduce((a, b) => a + b, 0);
  return {
    inspections: sum(inspected),
    inspectedReservoirs: inspected.size,
    inspectedRate: percent(inspected.size, ids.length),
    events: await events(ctx, ids),
    risks: { total: sum(risks), closed: sum(closedRisks), closureRate: percent(sum(closedRisks), sum(risks)) },
  };
}

export async function siguan(ctx: ActionContext): Promise<SiguanData> {
  const reservoirs = await visibleReservoirs(ctx);
  const ids = reservoirs.map((r) => r.id);
  const names = new Map(reservoirs.map((r) => [r.id, r.name]));
  const today = await databaseToday(ctx.db);
  const lifecycle = await lifecycleOf(ctx, reservoirs);
  return {
    today,
    reservoirs: ids.length,
    reinforcement: await reinforcement(ctx, ids, names, lifecycle),
    appraisal: appraisal(lifecycle, today),
    upkeep: await upkeep(ctx, ids),
    safety: await safety(ctx, ids),
  };
}
