/**
 * What an action shows while it is under way: its confirmation, the dialog
 * asking for its values, or its hand-written dialog; and the toasts — a
 * warning when a selection action has nothing selected, 操作成功 when it
 * succeeded. The state lives in the headless action runner.
 */
import { App, Modal, Result, Spin } from 'antd';
import { createElement, Suspense, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { actionConfirmText, actionLabel, type ActionTarget, type UiBinding } from './actionLogic';
import { actionComponent } from './actionComponents';
import { ActionFieldsDialog } from './ActionFieldsDialog';
import { ConfirmDialog } from './ConfirmDialog';
import { useActionFeedback } from './useActionFeedback';
import type { Language } from './schemaFields';
import type { ActionRunner } from './useActionRunner';

/** Starts an action from a button: warns when nothing is selected, says 操作成功 when a direct call succeeded. */
export function useStartAction(runner: ActionRunner): (binding: UiBinding, target: ActionTarget) => void {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const succeeded = useActionFeedback();
  const { start } = runner;
  return useCallback(
    (binding, target) => {
      start(binding, target).then(
        ({ outcome, answer }) => {
          if (outcome === 'empty') void message.warning(t('renderers.selectAtLeastOne'));
          if (outcome === 'ran') succeeded(answer);
        },
        () => undefined, // the request layer showed the server's message
      );
    },
    [start, message, t, succeeded],
  );
}

export function ActionDialogs({ runner }: { runner: ActionRunner }) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'zh';
  const succeeded = useActionFeedback();
  const { pending, schema } = runner;
  if (!pending || !schema) return null;
  const { binding, target } = pending;

  if (pending.step === 'confirm') {
    return (
      <ConfirmDialog
        open
        isBusy={runner.isRunning}
        okTestId="action-confirm-ok"
        onOk={() => void runner.confirm().then(({ isDone, answer }) => isDone && succeeded(answer))}
        onCancel={runner.cancel}
      >
        {actionConfirmText(binding.ui, language)}
      </ConfirmDialog>
    );
  }

  if (pending.step === 'fields') {
    return (
      <ActionFieldsDialog
        key={pending.key}
        schema={schema}
        binding={binding}
        target={target}
        onCancel={runner.cancel}
        onSubmit={async (values) => succeeded(await runner.submit(values))}
      />
    );
  }

  const Component = actionComponent(binding.ui.component ?? '');
  if (!Component) {
    return (
      <Modal open title={actionLabel(binding.ui, language)} footer={null} onCancel={runner.cancel}>
        <Result status="warning" title={t('renderers.actionUnavailable')} />
      </Modal>
    );
  }
  // A registered component, looked up by name (not made here): createElement says so to the hooks linter.
  return (
    <Suspense fallback={<Spin className="crud-loading" />}>
      {createElement(Component, {
        key: pending.key,
        schema,
        binding,
        target,
        onClose: runner.cancel,
        onDone: async (answer?: unknown, toast?: string) => {
          await runner.done();
          succeeded(answer, toast);
        },
      })}
    </Suspense>
  );
}
