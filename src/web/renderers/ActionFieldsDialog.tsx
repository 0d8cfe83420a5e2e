/**
 * The dialog an action opens when it needs values first (`ui.fields`): a
 * Formily form with the same widgets, dictionary and reference options,
 * rules and messages as the add/edit form. OK validates, then calls; a
 * refused call puts the server's field errors on their fields and keeps the
 * dialog open.
 */
import { createForm, onFieldInputValueChange, type Field } from '@formily/core';
import { Button, Modal } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClientSchema } from '../../shared/clientSchema';
import { actionFieldsSchema, actionInitialValues, actionLabel, type ActionTarget, type ActionValues, type UiBinding } from './actionLogic';
import { EntityForm } from './EntityForm';
import { fieldErrorsOf, formFieldSpecs } from './formRules';
import type { Language } from './schemaFields';
import { useDictionaries, useReferenceTrees } from './useDictionaries';

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
  const [isSaving, setSaving] = useState(false);
  const fieldsSchema = useMemo(() => actionFieldsSchema(schema, binding), [schema, binding]);
  const specs = useMemo(() => formFieldSpecs(fieldsSchema, { mode: 'add', language, t }), [fieldsSchema, language, t]);
  const dictionaries = useDictionaries(specs.map((spec) => spec.schema['x-dict']).filter((code): code is string => !!code));
  const referenceTrees = useReferenceTrees(specs.filter((spec) => spec.widget === 'tree-select').map((spec) => spec.schema['x-ref']).filter((id): id is string => !!id));
  const form = useMemo(
    () =>
      createForm({
        initialValues: actionInitialValues(binding, target.record),
        effects: () => onFieldInputValueChange('*', (field) => (field as Field).setSelfErrors([])),
      }),
    [binding, target],
  );

  const submit = async () => {
    try {
      await form.validate();
    } catch {
      return; // the messages are on the fields
    }
    setSaving(true);
    form.setPattern('disabled');
    try {
      await onSubmit({ ...(form.values as ActionValues) });
    } catch (error) {
      for (const { field, message } of fieldErrorsOf(error)) {
        const target = form.query(field).take();
        if (target && 'setSelfErrors' in target) (target as Field).setSelfErrors([message]);
      }
      form.setPattern('editable');
      setSaving(false);
    }
  };

  return (
    <Modal open title={actionLabel(binding.ui, language)} width={ACTION_DIALOG_WIDTH} onCancel={onCancel} footer={null} maskClosable={false} destroyOnHidden className="entity-dialog">
      <div data-testid="action-fields-dialog">
        <EntityForm form={form} specs={specs} dictionaries={dictionaries} referenceTrees={referenceTrees} columns={1} />
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
