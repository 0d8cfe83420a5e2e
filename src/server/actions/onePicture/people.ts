/** getUserByReservoirId: the reservoir's three responsible persons (三个责任人), a missing duty shown as a gap. */
import type { ActionContext } from '../../engine/actions.js';
import { staffByReservoir } from '../reservoir/staffSummary.js';
import { onlyParams, requiredReservoirId } from './params.js';
import { visibleReservoir } from './reservoirs.js';
import type { ResponsiblePerson } from '../../../shared/onePictureAnswers.js';

/** staff_duty: 1 行政责任人, 2 技术责任人, 3 巡查责任人. */
const DUTIES = [1, 2, 3] as const;

export async function getUserByReservoirId(ctx: ActionContext): Promise<ResponsiblePerson[]> {
  onlyParams(ctx.query, ['reservoirId']);
  const reservoir = await visibleReservoir(ctx, requiredReservoirId(ctx.query));
  const persons = (await staffByReservoir(ctx, [reservoir.id])).get(reservoir.id) ?? {};
  return DUTIES.map((duty) => {
    const found = persons[duty];
    return { duty, person: found ? { id: found.id, name: found.name, phone: found.phone, post: found.post, unit: found.unit } : null };
  });
}
