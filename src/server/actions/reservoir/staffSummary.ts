/** The responsible persons of a set of reservoirs, by reservoir and duty (staff_duty: 1 行政, 2 技术, 3 巡查). */
import type { Queryable } from '../../db/pool.js';

export interface StaffSummary {
  id: string;
  name: string;
  phone: string;
  post: string | null;
  unit: string | null;
  userId: string | null;
}

export type StaffByDuty = Partial<Record<1 | 2 | 3, StaffSummary>>;

export async function staffByReservoir(db: Queryable, tenantId: string, reservoirIds: string[]): Promise<Map<string, StaffByDuty>> {
  const byReservoir = new Map<string, StaffByDuty>();
  if (reservoirIds.length === 0) return byReservoir;
  const result = await db.query<StaffSummary & { reservoirId: string; duty: 1 | 2 | 3 }>(
    `SELECT id::text AS "id", reservoir_id::text AS "reservoirId", duty AS "duty", name AS "name", phone AS "phone",
            post AS "post", unit AS "unit", user_id::text AS "userId"
       FROM rsc_reservoir_staff
      WHERE tenant_id = $1 AND is_deleted = 0 AND reservoir_id = ANY($2::bigint[])`,
    [tenantId, reservoirIds],
  );
  for (const { reservoirId, duty, ...person } of result.rows) {
    const entry = byReservoir.get(reservoirId) ?? {};
    entry[duty] = person;
    byReservoir.set(reservoirId, entry);
  }
  return byReservoir;
}
