/**
 * 四制(治) screen (GET /api/v2/screen/matrix/sizhi). The official wording is only "完善'四制(治)'体系"; the four
 * items are not spelled out in public sources (domain.md §1). The labels used here are the best understanding:
 * 体制、机制、法治、责任制 (the Vue component's 制度化/规范化/标准化/信息化 does not match the official phrase and is
 * not used). What each shows, from the registers this system keeps:
 * - 体制 (who manages): reservoirs with a management unit, with a competent department, registered (注册登记);
 * - 机制 (how it runs): reservoirs under a published inspection plan, with a dispatch plan on file, with a training
 *   or drill in the last 12 months;
 * - 法治 (rules on file): the reservoir archive's documents by kind (规章制度, 调度运用方案, 应急预案 …) and the
 *   reservoirs holding rules and procedures;
 * - 责任制: 三个责任人 (行政/技术/巡查) coverage, persons bound to accounts, 责任人公示牌 published;
 * - 考核 (assessment): there is no assessment register, so each reservoir gets a fulfilment score — the share of the
 *   checks above it meets — computed, never entered; the lowest are listed. Law-enforcement cases have no register
 *   and are not shown.
 */
import type { ActionContext } from '../../engine/actions.js';
import { scopedQuery } from '../../engine/scopedQuery.js';
import { countByField, countByReservoir, forReservoirs, visibleReservoirs, type MatrixReservoir } from './matrixShared.js';
import { percent } from './screenNumbers.js';
import type { SizhiData } from '../../../shared/screenAnswers.js';

const FILE_DISPATCH_PLAN = 4;
const FILE_EMERGENCY_PLAN = 5;
const FILE_RULES = 7;
const PLACARD_RESPONSIBLE = 1;
const PLAN_PUBLISHED = 2;

/** Reservoirs named by a published inspection plan (its reservoirIds list). */
async function plannedReservoirs(ctx: ActionContext, ids: string[]): Promise<Set<string>> {
  const q = scopedQuery(ctx);
  const p = await q.from('inspect/plan', 'p', 'tenant');
  const rows = await q.rows<{ id: string }>(
    `SELECT DISTINCT r.id FROM ${p.table}, jsonb_array_elements_text(coalesce(${p.col('reservoirIds')}, '[]'::jsonb)) AS r(id)
      WHERE ${p.scope} AND ${p.where({ planStatus: PLAN_PUBLISHED })} AND r.id = ANY(${q.param(ids)}::text[])`,
  );
  return new Set(rows.map((row) => row.id));
}

/** Per reservoir, which of the three duties (staff_duty 1–3) have a person, and how many persons are bound to an account. */
async function staffFacts(ctx: ActionContext, ids: string[]) {
  const q = scopedQuery(ctx);
  const s = await forReservoirs(q, 'reservoir/staff', 's', ids);
  return q.rows<{ reservoirId: string; duty: number; bound: boolean }>(
    `SELECT ${s.col('reservoirId')}::text AS "reservoirId", ${s.col('duty')}::int AS "duty", ${s.col('userId')} IS NOT NULL AS "bound" FROM ${s.table} WHERE ${s.rows}`,
  );
}

function responsibility(ids: string[], staff: { reservoirId: string; duty: number; bound: boolean }[], placards: Map<string, number>) {
  const dutiesOf = (id: string) => new Set(staff.filter((s) => s.reservoirId === id).map((s) => s.duty));
  const complete = ids.filter((id) => dutiesOf(id).size === 3).length;
  const byDuty = [1, 2, 3].map((duty) => ({ duty, reservoirs: ids.filter((id) => dutiesOf(id).has(duty)).length }));
  const published = ids.filter((id) => placards.has(id)).length;
  return {
    reservoirs: ids.length,
    complete,
    completeRate: percent(complete, ids.length),
    byDuty,
    persons: staff.length,
    bound: staff.filter((s) => s.bound).length,
    placards: published,
    placardRate: percent(published, ids.length),
  };
}

interface Checks {
  id: string;
  name: string;
  checks: Record<string, boolean>;
}

/** The fulfilment score of each reservoir: the share (0–100) of its checks met. */
function assessment(rows: Checks[]) {
  const scored = rows.map((r) => {
    const values = Object.values(r.checks);
    return {
      id: r.id,
      name: r.name,
      score: Math.round((values.filter(Boolean).length / values.length) * 100),
      missing: Object.keys(r.checks).filter((k) => !r.checks[k]),
    };
  });
  const average = scored.length ? Math.round(scored.reduce((sum, r) => sum + r.score, 0) / scored.length) : 0;
  return {
    average,
    bands: {
      good: scored.filter((r) => r.score >= 90).length,
      fair: scored.filter((r) => r.score >= 60 && r.score < 90).length,
      poor: scored.filter((r) => r.score < 60).length,
    },
    lowest: [...scored].sort((a, b) => a.score - b.score || a.name.localeCompare(b.name, 'zh')).slice(0, 10),
  };
}

async function registered(ctx: ActionContext, ids: string[]): Promise<Map<string, number>> {
  return countByReservoir(ctx, 'engineering/register', ids);
}

async function trainedLastYear(ctx: ActionContext, ids: string[]): Promise<Map<string, number>> {
  return countByReservoir(ctx, 'urgent/training', ids, (t) => `${t.col('trainingDate')} >= (LOCALTIMESTAMP - interval '12 months')::date`);
}

export async function sizhi(ctx: ActionContext): Promise<SizhiData> {
  const reservoirs: MatrixReservoir[] = await visibleReservoirs(ctx);
  const ids = reservoirs.map((r) => r.id);
  const has = (map: Map<string, number> | Set<string>, id: string) => (map instanceof Set ? map.has(id) : (map.get(id) ?? 0) > 0);
  const fileOf = (type: number) => countByReservoir(ctx, 'reservoir/file', ids, (t, q) => `${t.col('fileType')} = ${q.param(type)}`);
  const [rules, dispatch, emergency] = [await fileOf(FILE_RULES), await fileOf(FILE_DISPATCH_PLAN), await fileOf(FILE_EMERGENCY_PLAN)];
  const placards = await countByReservoir(ctx, 'reservoir/placard', ids, (t, q) => `${t.col('placardType')} = ${q.param(PLACARD_RESPONSIBLE)}`);
  const staff = ids.length ? await staffFacts(ctx, ids) : [];
  const planned = ids.length ? await plannedReservoirs(ctx, ids) : new Set<string>();
  const registers = await registered(ctx, ids);
  const trained = await trainedLastYear(ctx, ids);
  const managed = reservoirs.filter((r) => r.deptId || r.manageUnit);
  const count = (map: Map<string, number> | Set<string>) => ids.filter((id) => has(map, id)).length;
  const dutyCount = (id: string) => new Set(staff.filter((s) => s.reservoirId === id).map((s) => s.duty)).size;
  return {
    reservoirs: ids.length,
    system: {
      managed: managed.length,
      withCompetentDept: reservoirs.filter((r) => r.competentDept).length,
      registered: count(registers),
      managedRate: percent(managed.length, ids.length),
      competentRate: percent(reservoirs.filter((r) => r.competentDept).length, ids.length),
      registeredRate: percent(count(registers), ids.length),
    },
    mechanism: {
      planned: count(planned),
      plannedRate: percent(count(planned), ids.length),
      dispatchPlans: count(dispatch),
      dispatchRate: percent(count(dispatch), ids.length),
      trained: count(trained),
      trainedRate: percent(count(trained), ids.length),
    },
    rules: { withRules: count(rules), rulesRate: percent(count(rules), ids.length), filesByType: await countByField(ctx, 'reservoir/file', 'fileType', ids) },
    responsibility: responsibility(ids, staff, placards),
    assessment: assessment(
      reservoirs.map((r) => ({
        id: r.id,
        name: r.name,
        checks: {
          staff: dutyCount(r.id) === 3,
          placard: has(placards, r.id),
          managed: Boolean(r.deptId || r.manageUnit),
          registered: has(registers, r.id),
          planned: has(planned, r.id),
          rules: has(rules, r.id),
          emergencyPlan: has(emergency, r.id),
        },
      })),
    ),
  };
}
