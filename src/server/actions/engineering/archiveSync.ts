/**
 * What engineering records tell the reservoir archive: the latest safety
 * appraisal gives the reservoir its safety class and appraisal date; an
 * accepted reinforcement gives it its reinforcement year.
 */
import type { Queryable } from '../../db/pool.js';

/** Sets the reservoir's safety class and date from its most recent appraisal (none left: unchanged). */
export async function syncSafetyClass(db: Queryable, tenantId: string, userId: string, reservoirId: string): Promise<void> {
  await db.query(
    `UPDATE rsc_reservoir r SET safety_class = latest.conclusion, appraisal_date = latest.appraisal_date,
            update_user = $3, update_time = LOCALTIMESTAMP(0), version = r.version + 1
       FROM (SELECT conclusion, appraisal_date FROM rsc_engineering_safety
              WHERE tenant_id = $1 AND reservoir_id = $2 AND is_deleted = 0 ORDER BY appraisal_date DESC, id DESC LIMIT 1) latest
      WHERE r.tenant_id = $1 AND r.id = $2 AND r.is_deleted = 0
        AND (r.safety_class IS DISTINCT FROM latest.conclusion OR r.appraisal_date IS DISTINCT FROM latest.appraisal_date)`,
    [tenantId, reservoirId, userId],
  );
}

/** The accepted (已验收) reinforcement with the latest acceptance sets the reservoir's reinforcement year. */
export async function syncReinforceYear(db: Queryable, tenantId: string, userId: string, reservoirId: string): Promise<void> {
  await db.query(
    `UPDATE rsc_reservoir r SET reinforce_year = latest.year, update_user = $3, update_time = LOCALTIMESTAMP(0), version = r.version + 1
       FROM (SELECT extract(year FROM accept_date)::int AS year FROM rsc_engineering_reinforce
              WHERE tenant_id = $1 AND reservoir_id = $2 AND is_deleted = 0 AND progress = 5 AND accept_date IS NOT NULL
              ORDER BY accept_date DESC LIMIT 1) latest
      WHERE r.tenant_id = $1 AND r.id = $2 AND r.is_deleted = 0 AND r.reinforce_year IS DISTINCT FROM latest.year`,
    [tenantId, reservoirId, userId],
  );
}
