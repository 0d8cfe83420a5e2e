/**
 * The state of a register's actions while one is under way (headless): which
 * action waits for its confirmation, its values or its hand-written dialog,
 * the call itself (a file answer is downloaded), and what the page does
 * after it succeeded. The view shows the dialogs and the toasts.
 */
import { useCallback, useState } from 'react';
import type { ClientSchema } from '../../shared/clientSchema';
import { actionRequestOf, firstStep, stepAfterConfirm, type ActionTarget, type ActionValues, type UiBinding } from './actionLogic';
import { asksForValues } from './actionDialogLogic';
import { runActionRequest } from './entityApi';

export interface PendingAction {
  binding: UiBinding;
  target: ActionTarget;
  step: 'confirm' | 'fields' | 'component';
  /** Changes on every start, so each dialog opens fresh. */
  key: number;
}

export interface ActionRunner {
  schema: ClientSchema | undefined;
  pending: PendingAction | null;
  isRunning: boolean;
  /** 'empty' when a selection action has nothing selected (the view warns); 'ran' when it was called at once (with the server's answer). */
  start: (binding: UiBinding, target: ActionTarget) => Promise<{ outcome: 'empty' | 'waiting' | 'ran'; answer?: unknown }>;
  /** The confirmation was accepted: ask for the values, or call (isDone, with the server's answer). */
  confirm: () => Promise<{ isDone: boolean; answer?: unknown }>;
  /** The values were entered: call with them, resolving with the answer. Rejects when the call fails (the dialog stays open). */
  submit: (values: ActionValues) => Promise<unknown>;
  /** A hand-written dialog finished its own work. */
  done: () => Promise<void>;
  cancel: () => void;
}

export interface ActionRunnerOptions {
  schema: ClientSchema | undefined;
  /** After an action succeeded, or a confirmed one was refused (reload the rows, clear the selection). */
  onDone: (binding: UiBinding) => Promise<void> | void;
}

let starts = 0;

export function useActionRunner({ schema, onDone }: ActionRunnerOptions): ActionRunner {
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [isRunning, setRunning] = useState(false);

  const call = useCallback(
    async (binding: UiBinding, target: ActionTarget, values?: ActionValues) => {
      setRunning(true);
      let answer: unknown;
      try {
        answer = await runActionRequest(actionRequestOf(binding, target, values), binding.ui.label);
      } finally {
        setRunning(false);
      }
      setPending(null);
      await onDone(binding);
      return answer;
    },
    [onDone],
  );

  const start = useCallback(
    async (binding: UiBinding, target: ActionTarget) => {
      const step = firstStep(binding, target, asksForValues(schema, binding));
      if (step === 'empty') return { outcome: 'empty' as const };
      if (step === 'run') return { outcome: 'ran' as const, answer: await call(binding, target) };
      setPending({ binding, target, step, key: ++starts });
      return { outcome: 'waiting' as const };
    },
    [call, schema],
  );

  const confirm = useCallback(async () => {
    if (!pending) return { isDone: false };
    if (stepAfterConfirm(pending.binding, asksForValues(schema, pending.binding)) === 'fields') {
      setPending({ ...pending, step: 'fields' });
      return { isDone: false };
    }
    try {
      return { isDone: true, answer: await call(pending.binding, pending.target) };
    } catch {
      // The request layer showed the server's message; nothing changed here, but the row may have moved meanwhile
      // (someone else signed for it): the page shows it as it is now.
      setPending(null);
      await onDone(pending.binding);
      return { isDone: false };
    }
  }, [pending, call, schema, onDone]);

  const submit = useCallback(async (values: ActionValues) => (pending ? call(pending.binding, pending.target, values) : undefined), [pending, call]);

  const done = useCallback(async () => {
    const binding = pending?.binding;
    setPending(null);
    if (binding) await onDone(binding);
  }, [pending, onDone]);

  const cancel = useCallback(() => setPending(null), []);

  return { schema, pending, isRunning, start, confirm, submit, done, cancel };
}
