/**
 * The server side of a transition's row rules (x-states: from, when, actor,
 * actorDept, notActor): the rule itself is src/shared/transitionGuards.ts,
 * shared with the console; this file turns a refusal into the answer — 400
 * for a row in the wrong state or failing `when`, 403 for the actor rules —
 * with a message naming the move and the row field, in both languages.
 */
import type { StateTransition } from '../../../shared/entitySchema.js';
import { transitionRefusal, type TransitionRefusal } from '../../../shared/transitionGuards.js';
import type { Caller } from '../../http/caller.js';
import { ApiError } from '../../http/apiError.js';
import type { EntityModel } from '../entityModel.js';

type Row = Record<string, unknown>;

function refusalText(model: EntityModel, transition: StateTransition, refusal: TransitionRefusal, count: number): { zh: string; en: string } {
  const label = transition.label ?? transition.name;
  const labelEn = transition['label-en'] ?? transition.name;
  const field = refusal.field ? model.field.get(refusal.field) : undefined;
  const title = field?.schema.title ?? '';
  const titleEn = field?.schema['x-en'] ?? '';
  switch (refusal.rule) {
    case 'state':
      return { zh: `当前状态不允许${label}（${count} 条）`, en: `${labelEn} is not allowed in the current state (${count} record(s))` };
    case 'when':
      return { zh: `当前${title}不允许${label}（${count} 条）`, en: `${labelEn} is not allowed for this ${titleEn} (${count} record(s))` };
    case 'actor':
      return { zh: `只有${title}本人可以${label}`, en: `Only the ${titleEn} may do this (${labelEn})` };
    case 'actorDept':
      return { zh: `只有${title}的人员可以${label}`, en: `Only members of the ${titleEn} may do this (${labelEn})` };
    case 'notActor':
      return { zh: `${title}本人不能${label}`, en: `The ${titleEn} may not do this (${labelEn}) themselves` };
  }
}

/** Refuses the whole batch (nothing changes) when any row refuses the move: the first rule any row breaks, with the rows that break it. */
export function assertRowsAllow(model: EntityModel, transition: StateTransition, rows: Row[], caller: Caller): void {
  const stateField = model.states!.field.name;
  const user = { userId: caller.userId, deptId: caller.deptId };
  const refused = rows.map((row) => ({ row, refusal: transitionRefusal(transition, row, user, stateField) })).filter((entry) => entry.refusal);
  if (refused.length === 0) return;
  const first = refused[0].refusal!;
  const same = refused.filter((entry) => entry.refusal!.rule === first.rule && entry.refusal!.field === first.field);
  const status = first.rule === 'state' || first.rule === 'when' ? 400 : 403;
  throw new ApiError(status, refusalText(model, transition, first, same.length), { ids: same.map((entry) => String(entry.row.id)) });
}
