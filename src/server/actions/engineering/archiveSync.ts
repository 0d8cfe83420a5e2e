/**
 * What engineering records tell the reservoir archive: the latest safety
 * appraisal gives the reservoir its safety class and appraisal date; an
 * accepted reinforcement gives it its reinforcement year. Read and written
 * across the tenant through the local API, in the record's transaction.
 */
import type { DbClient } from '../../db/pool.js';
import { localApi } from '../../engine/localApi.js';
import type { OperationContext } from '../../engine/operations/context.js';

/** Progress of a reinforcement that was accepted (已验收). */
const ACCEPTED = 5;

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

export type ArchiveSync = (ctx: OperationContext, tx: DbClient, reservoirId: string) => Promise<void>;

/** Sets the reservoir's safety class and date from its most recent appraisal (none left: unchanged). */
export const syncSafetyClass: ArchiveSync = async (ctx, tx, reservoirId) => {
  const api = localApi(ctx, tx).tenantWide();
  const [latest] = await api.find('engineering/safety', { where: { reservoirId }, sort: ['appraisalDate desc', 'id desc'], limit: 1 });
  const reservoir = latest && (await api.findById('reservoir/reservoir', reservoirId));
  if (!latest || !reservoir) return;
  if (same(reservoir.safetyClass, latest.conclusion) && same(reservoir.appraisalDate, latest.appraisalDate)) return;
  await api.update('reservoir/reservoir', reservoirId, { safetyClass: latest.conclusion ?? null, appraisalDate: latest.appraisalDate ?? null });
};

/** The accepted (已验收) reinforcement with the latest acceptance sets the reservoir's reinforcement year. */
export const syncReinforceYear: ArchiveSync = async (ctx, tx, reservoirId) => {
  const api = localApi(ctx, tx).tenantWide();
  const [latest] = await api.find('engineering/reinforce', {
    where: { reservoirId, progress: ACCEPTED, acceptDate: { isNull: false } },
    sort: ['acceptDate desc'],
    limit: 1,
  });
  const reservoir = latest && (await api.findById('reservoir/reservoir', reservoirId));
  if (!latest?.acceptDate || !reservoir) return;
  const year = Number(latest.acceptDate.slice(0, 4));
  if (same(reservoir.reinforceYear, year)) return;
  await api.update('reservoir/reservoir', reservoirId, { reinforceYear: year });
};
