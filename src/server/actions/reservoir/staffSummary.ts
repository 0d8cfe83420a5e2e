/** The responsible persons of a set of reservoirs, by reservoir and duty (staff_duty: 1 行政, 2 技术, 3 巡查). */
import { localApi, type LocalContext } from '../../engine/localApi.js';

export interface StaffSummary {
  id: string;
  name: string;
  phone: string;
  post: string | null;
  unit: string | null;
  userId: string | null;
}

export type StaffByDuty = Partial<Record<1 | 2 | 3, StaffSummary>>;

/** Every live person of the reservoirs, across the tenant (the reservoirs were chosen in the caller's scope). */
export async function staffByReservoir(ctx: LocalContext, reservoirIds: string[]): Promise<Map<string, StaffByDuty>> {
  const byReservoir = new Map<string, StaffByDuty>();
  if (reservoirIds.length === 0) return byReservoir;
  const persons = await localApi(ctx)
    .tenantWide()
    .find('reservoir/staff', { where: { reservoirId: reservoirIds } });
  for (const { id, reservoirId, duty, name, phone, post, unit, userId } of persons) {
    const entry = byReservoir.get(String(reservoirId)) ?? {};
    entry[duty as 1 | 2 | 3] = { id: String(id), name, phone, post: post ?? null, unit: unit ?? null, userId: userId ?? null };
    byReservoir.set(String(reservoirId), entry);
  }
  return byReservoir;
}
