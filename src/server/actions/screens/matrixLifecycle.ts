/**
 * Each reservoir's place in its lifecycle (全周期), from the engineering registers: registered (注册登记),
 * the latest safety appraisal (安全鉴定: class and next due date), the latest reinforcement project (除险加固: its
 * progress) and a downgrade or decommissioning (降等报废). Read by 四全 (全周期) and 四管 (除险, 体检).
 */
import type { ActionContext } from '../../engine/actions.js';
import { scopedQuery } from '../../engine/scopedQuery.js';
import { forReservoirs, type MatrixReservoir } from './matrixShared.js';
import type { ReservoirLifecycle } from '../../../shared/screenAnswers.js';

interface Latest {
  reservoirId: string;
  [key: string]: unknown;
}

/** One row per reservoir: the latest row of a register by a date field (DISTINCT ON). */
async function latestBy(
  ctx: ActionContext,
  id: 'engineering/safety' | 'engineering/reinforce' | 'engineering/downgrade',
  order: string,
  fields: string[],
  ids: string[],
) {
  const q = scopedQuery(ctx);
  const t = await forReservoirs(q, id, 't', ids);
  const selected = fields.map((f) => `${t.col(f)} AS "${f}"`).join(', ');
  const rows = await q.rows<Latest>(
    `SELECT DISTINCT ON (${t.col('reservoirId')}) ${t.col('reservoirId')}::text AS "reservoirId", ${selected}
       FROM ${t.table} WHERE ${t.rows} ORDER BY ${t.col('reservoirId')}, ${t.col(order)} DESC NULLS LAST, ${t.col('id')} DESC`,
  );
  return new Map(rows.map((row) => [row.reservoirId, row]));
}

async function registeredIds(ctx: ActionContext, ids: string[]): Promise<Set<string>> {
  const q = scopedQuery(ctx);
  const t = await forReservoirs(q, 'engineering/register', 't', ids);
  const rows = await q.rows<{ id: string }>(`SELECT DISTINCT ${t.col('reservoirId')}::text AS "id" FROM ${t.table} WHERE ${t.rows}`);
  return new Set(rows.map((row) => row.id));
}

const dateText = (value: unknown): string | null => (value ? String(value).slice(0, 10) : null);

export async function lifecycleOf(ctx: ActionContext, reservoirs: MatrixReservoir[]): Promise<ReservoirLifecycle[]> {
  if (reservoirs.length === 0) return [];
  const ids = reservoirs.map((r) => r.id);
  const registered = await registeredIds(ctx, ids);
  const safety = await latestBy(ctx, 'engineering/safety', 'appraisalDate', ['appraisalDate', 'conclusion', 'nextAppraisalDate'], ids);
  const reinforce = await latestBy(ctx, 'engineering/reinforce', 'createTime', ['progress'], ids);
  const downgrade = await latestBy(ctx, 'engineering/downgrade', 'createTime', ['handleType'], ids);
  return reservoirs.map((r) => {
    const appraisal = safety.get(r.id);
    return {
      id: r.id,
      name: r.name,
      registered: registered.has(r.id),
      safetyClass: appraisal ? Number(appraisal.conclusion) : r.safetyClass,
      appraisalDate: appraisal ? dateText(appraisal.appraisalDate) : r.appraisalDate,
      nextAppraisalDate: appraisal ? dateText(appraisal.nextAppraisalDate) : null,
      reinforceProgress: reinforce.has(r.id) ? Number(reinforce.get(r.id)!.progress ?? 0) || null : null,
      downgradeType: downgrade.has(r.id) ? Number(downgrade.get(r.id)!.handleType ?? 0) || null : null,
    };
  });
}
