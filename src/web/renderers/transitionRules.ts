/**
 * Which of a register's state transitions a row offers the signed-in user,
 * pure (contract §A1): the row's state is one the move starts from (the
 * binding's `ui.when`, set by the server from `from`), the user holds the
 * binding's button (actionLogic.actionsAt), and the transition's guards pass
 * for this user — `actor` (only the user in that row field; "createUser" is
 * the row's creator), `actorDept` (only users of the department in that
 * field), `notActor` (four eyes: not the user in that field) and `when`
 * (row conditions). The guards are the shared rule the server enforces
 * (src/shared/transitionGuards.ts), so the console never offers a move the
 * server refuses, nor hides one it allows.
 */
import type { ClientSchema } from '../../shared/clientSchema';
import type { StateTransition } from '../../shared/entitySchema';
import { transitionAllows, type TransitionUser } from '../../shared/transitionGuards';
import { actionsAt, isOfferedFor, type UiBinding } from './actionLogic';
import type { EntityRecord } from './entityApi';

export type { TransitionUser };

/** The transition a binding performs, if it performs one. */
export function transitionOf(schema: ClientSchema, binding: Pick<UiBinding, 'transition'>): StateTransition | undefined {
  if (!binding.transition) return undefined;
  return schema['x-states']?.transitions.find((transition) => transition.name === binding.transition);
}

/** The guards of one transition for one row and one user (actor, actorDept, notActor, when): the server's own rule. */
export function guardsAllow(transition: StateTransition, row: EntityRecord, user: TransitionUser): boolean {
  return transitionAllows(transition, row, user);
}

/** A binding that performs no transition has no guards; one that does is offered only when its guards pass. */
export function bindingAllows(schema: ClientSchema, binding: UiBinding, row: EntityRecord, user: TransitionUser | undefined): boolean {
  const transition = transitionOf(schema, binding);
  if (!transition) return true;
  // Nobody signed in is nobody's actor: a move naming its user is not offered, a row condition still applies.
  return guardsAllow(transition, row, user ?? { userId: '' });
}

/** The row actions of a record the user may start now: button held, state in `from`, guards passed. */
export function allowedRowActions(
  schema: ClientSchema,
  record: EntityRecord,
  granted: Readonly<Record<string, boolean>>,
  user: TransitionUser | undefined,
): UiBinding[] {
  return actionsAt(schema, 'row', granted).filter((binding) => isOfferedFor(binding, record) && bindingAllows(schema, binding, record, user));
}
