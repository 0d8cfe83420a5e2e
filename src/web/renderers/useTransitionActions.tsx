/**
 * A register's row actions outside a list (an event's detail page): the
 * actions the record's state and the signed-in user allow, and a runner that
 * opens the action's dialog (confirmation, values, hand-written) and posts.
 * The list pages use the same rules (transitionRules.allowedRowActions).
 *
 *   const { actions, start, dialogs } = useTransitionActions(schema, record, reload);
 *   actions.map((binding) => <Button onClick={() => start(binding)}>{actionLabel(binding.ui, language)}</Button>);
 *   {dialogs}
 */
import { useCallback, useMemo, type ReactNode } from 'react';
import type { ClientSchema } from '../../shared/clientSchema';
import { sessionStore } from '../stores/sessionStore';
import { ActionDialogs, useStartAction } from './ActionDialogs';
import { rowTarget, type UiBinding } from './actionLogic';
import type { EntityRecord } from './entityApi';
import { allowedRowActions, type TransitionUser } from './transitionRules';
import { useActionRunner } from './useActionRunner';

let lastUser: { info: unknown; user: TransitionUser | undefined } = { info: undefined, user: undefined };

/** The signed-in user as the transition guards read them (one object per session, so hooks can depend on it). */
export function currentTransitionUser(): TransitionUser | undefined {
  const info = sessionStore.userInfo;
  if (info !== lastUser.info)
    lastUser = { info, user: info ? { userId: String(info.user_id), deptId: info.dept_id ? String(info.dept_id) : undefined } : undefined };
  return lastUser.user;
}

export interface TransitionActions {
  /** The actions this record offers the signed-in user, in the schema's order. */
  actions: UiBinding[];
  /** Opens the action's dialog (or calls at once); after success `onDone` runs. */
  start: (binding: UiBinding) => void;
  /** Render once: the dialog of the action under way. */
  dialogs: ReactNode;
}

export function useTransitionActions(
  schema: ClientSchema | undefined,
  record: EntityRecord | undefined,
  onDone: () => Promise<void> | void,
): TransitionActions {
  const granted = sessionStore.permission;
  const user = currentTransitionUser();
  const runner = useActionRunner({ schema, onDone: useCallback(async () => void (await onDone()), [onDone]) });
  const startAction = useStartAction(runner);
  const actions = useMemo(() => (schema && record ? allowedRowActions(schema, record, granted, user) : []), [schema, record, granted, user]);
  const start = useCallback((binding: UiBinding) => record && startAction(binding, rowTarget(record)), [record, startAction]);
  return { actions, start, dialogs: <ActionDialogs runner={runner} /> };
}
