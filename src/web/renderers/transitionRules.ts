/**
 * Which of a register's state transitions a row offers the signed-in user,
 * pure (contract §A1): the row's state is one the move starts from (the
 * binding's `ui.when`, set by the server from `from`), the user holds the
 * binding's button (actionLogic.actionsAt), and the transition's guards pass
 * for this user — `actor` (only the user in that row field; "createUser" is
 * the row's creator), `actorDept` (only users of the department in that
 * field), `notActor` (four eyes: not the user in that field) and `when`
 * (row conditions). The server checks the same rules again; the console
 * only avoids offering a button the server would refuse.
 *
 * `guardsAllow` is the console's reading of the rule until the shared
 * `transitionAllows(transition, row, user)` (src/shared, one rule for server
 * and console) lands; then it delegates to it.
 */
import type { ClientSchema } from '../../shared/clientSchema';
import type { StateTransition } from '../../shared/entitySchema';
import { actionsAt, isOfferedFor, type UiBinding } from './actionLogic';
import type { EntityRecord } from './entityApi';

/** The signed-in user as the guards read them: the user id and the department id(s) (Blade keeps several comma-joined). */
export interface TransitionUser {
  id: string;
  deptId?: string;
}

/** The transition a binding performs, if it performs one. */
export function transitionOf(schema: ClientSchema, binding: Pick<UiBinding, 'transition'>): StateTransition | undefined {
  if (!binding.transition) return undefined;
  return schema['x-states']?.transitions.find((transition) => transition.name === binding.transition);
}

const same = (a: unknown, b: unknown) => a !== undefined && a !== null && b !== undefined && b !== null && String(a) === String(b);

function deptIdsOf(user: TransitionUser): string[] {
  return (user.deptId ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
}

/** The guards of one transition for one row and one user (actor, actorDept, notActor, when). */
export function guardsAllow(transition: StateTransition, row: EntityRecord, user: TransitionUser): boolean {
  if (transition.actor && !same(row[transition.actor], user.id)) return false;
  if (transition.actorDept && !deptIdsOf(user).some((dept) => same(row[transition.actorDept!], dept))) return false;
  if (transition.notActor && same(row[transition.notActor], user.id)) return false;
  for (const [field, allowed] of Object.entries(transition.when ?? {})) {
    const value = row[field];
    if (!allowed.some((item) => (item === null ? value === null || value === undefined || value === '' : same(value, item)))) return false;
  }
  return true;
}

/** A binding that performs no transition has no guards; one that does is offered only when its guards pass. */
export function bindingAllows(schema: ClientSchema, binding: UiBinding, row: EntityRecord, user: TransitionUser | undefined): boolean {
  const transition = transitionOf(schema, binding);
  if (!transition) return true;
  if (!user) return !transition.actor && !transition.actorDept && !transition.notActor;
  return guardsAllow(transition, row, user);
}

/**
 * The fields a transition's dialog must have filled before it posts: the
 * transition's `required` (the server answers 400 naming the field otherwise).
 */
export function requiredOfTransition(transition: StateTransition | undefined): string[] {
  return transition?.required ?? [];
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
