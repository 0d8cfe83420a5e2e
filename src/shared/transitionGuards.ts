/**
 * Who may fire a transition on a row — the one rule the server enforces
 * (engine/operations/transitionOperation.ts) and the console uses to offer a
 * row's actions (one implementation, so the console never offers a move the
 * server refuses, nor hides one it allows).
 *
 * The console shows a transition's action on a row when all of these hold:
 *   1. the row's state is one of the transition's `from` states;
 *   2. the signed-in user holds the button of the binding that performs it (checked by the caller of this module:
 *      grants are per role, not per row);
 *   3. `when`: each named row field holds one of the listed values;
 *   4. `actor`: the user is the one in that row field; `actorDept`: one of the user's departments is the one in that row field;
 *      `notActor`: the user is NOT the one in that row field (four eyes). The administrator is not exempt.
 * The server checks the same, in this order: state and `when` refuse with 400, the actor rules with 403.
 */
import type { StateTransition } from './entitySchema.js';

type Row = Record<string, unknown>;

/** The signed-in user as the guards see them: the user id and the department id(s) (a user may belong to several, comma-joined). */
export interface TransitionUser {
  userId: string;
  deptId?: string | null;
}

/** The department ids of a user's deptId ("1,2" → ["1", "2"]). */
export function departmentIdsOf(deptId: string | null | undefined): string[] {
  return (deptId ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
}

/** Why a row refuses a move: the rule and the row field it reads (absent for the state rule without a field name). */
export type TransitionRefusal =
  { rule: 'state'; field?: string } | { rule: 'when'; field: string } | { rule: 'actor' | 'actorDept' | 'notActor'; field: string };

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function sameValue(a: unknown, b: unknown): boolean {
  return !isEmpty(a) && !isEmpty(b) && String(a) === String(b);
}

function whenRefusal(transition: StateTransition, row: Row): TransitionRefusal | undefined {
  for (const [field, values] of Object.entries(transition.when ?? {})) {
    const value = row[field];
    const matches = values.some((allowed) => (allowed === null ? isEmpty(value) : !isEmpty(value) && String(allowed) === String(value)));
    if (!matches) return { rule: 'when', field };
  }
  return undefined;
}

function actorRefusal(transition: StateTransition, row: Row, user: TransitionUser): TransitionRefusal | undefined {
  const { actor, actorDept, notActor } = transition;
  if (actor !== undefined && !sameValue(row[actor], user.userId)) return { rule: 'actor', field: actor };
  if (actorDept !== undefined && !departmentIdsOf(user.deptId).some((dept) => sameValue(row[actorDept], dept))) return { rule: 'actorDept', field: actorDept };
  if (notActor !== undefined && sameValue(row[notActor], user.userId)) return { rule: 'notActor', field: notActor };
  return undefined;
}

/**
 * The first rule that keeps `user` from firing `transition` on `row`, or undefined when the row allows it.
 * `stateField` names the row's state field; without it the state rule is left to the caller.
 */
export function transitionRefusal(transition: StateTransition, row: Row, user: TransitionUser, stateField?: string): TransitionRefusal | undefined {
  if (stateField !== undefined && !transition.from.some((state) => String(state) === String(row[stateField]))) return { rule: 'state', field: stateField };
  return whenRefusal(transition, row) ?? actorRefusal(transition, row, user);
}

/** Whether the row allows `user` to fire the transition (the button is checked apart: see the module comment). */
export function transitionAllows(transition: StateTransition, row: Row, user: TransitionUser, stateField?: string): boolean {
  return transitionRefusal(transition, row, user, stateField) === undefined;
}
