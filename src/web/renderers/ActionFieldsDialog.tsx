/**
 * The dialog an action opens when it needs values first (`ui.fields`, a
 * transition's required fields or its choice of target): a Formily form with
 * the same widgets, dictionary and reference options, rules and messages as
 * the add/edit form — a user picker for a user reference (searchable), a
 * date, text areas for an opinion or result, photo uploads for a photo list,
 * radio buttons for a choice of target. Required fields are marked and
 * checked before posting. OK validates, then calls; a refused call shows the
 * server's message, puts its field errors on their fields and keeps the
 * dialog open with nothing changed.
 */
import { Button, Modal } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClientSchema } from '../../shared/clientSchema';
import { actionDialogSpec, targetDictionaryOf } from './actionDialogLogic';
import { actionInitialValues, actionLabel, type ActionTarget, type ActionValues, type UiBinding } from './actionLogic';
import { EntityForm } from './EntityForm';
import { formFieldSpecs } from './formRules';
import type { Language } from './schemaFields';
import { useDictionaries } from './useDictionaries';
import { useSchemaForm } from './useSchemaForm';

export interface ActionFieldsDialogProps {
  schema: ClientSchema;
  binding: UiBinding;
  target: ActionTarget;
  onSubmit: (values: ActionValues) => Promise<void>;
  onCancel: () => void;
}

export const ACTION_DIALOG_WIDTH = 560;

export function ActionFieldsDialog({ schema, binding, target, onSubmit, onCancel }: ActionFieldsDialogProps) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'zh';
  const targetDictionary = targetDictionaryOf(schema, binding);
  const targetEntries = useDictionaries(targetDictionary ? [targetDictionary] : [])[targetDictionary ?? ''];
  const dialog = useMemo(
    () =>
      actionDialogSpec(schema, binding, {
        approve: t('renderers.transitions.approve'),
        sendBack: t('renderers.transitions.sendBack'),
        outcome: t('renderers.transitions.outcome'),
        targets: targetEntries ? new Map(targetEntries.map((entry) => [entry.dictKey, entry.label])) : undefined,
      }),
    [schema, binding, t, targetEntries],
  );
  const specs = useMemo(() => formFieldSpecs(dialog.schema, { mode: 'add', language, t }), [dialog, language, t]);
  // A transition asks for this step's values: the last step's opinion or result is not this one's.
  const initialValues = useMemo(() => actionInitialValues(binding, binding.transition ? undefined : target.record), [binding, target]);
  const { form, dictionaries, referenceTrees, isSaving, submit: submitForm } = useSchemaForm(specs, initialValues);
  const submit = () => submitForm((values) => onSubmit(values));

  return (
    <Modal
      open
      title={actionLabel(binding.ui, language)}
      width={ACTION_DIALOG_WIDTH}
      onCancel={onCancel}
      footer={null}
      maskClosable={false}
      destroyOnHidden
      className="entity-dialog"
    >
      <div data-testid="action-fields-dialog" data-action={binding.name}>
        <EntityForm form={form} specs={specs} dictionaries={dictionaries} referenceTrees={referenceTrees} columns={1} options={dialog.choices} />
        <div className="entity-dialog-footer">
          <Button onClick={onCancel} disabled={isSaving}>
            {t('renderers.cancel')}
          </Button>
          <Button type="primary" onClick={() => void submit()} loading={isSaving} data-testid="action-fields-ok">
            {t('renderers.confirm')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
