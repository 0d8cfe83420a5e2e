/**
 * The dialog an action opens when it needs values first (`ui.fields`): a
 * Formily form with the same widgets, dictionary and reference options,
 * rules and messages as the add/edit form. OK validates, then calls; a
 * refused call puts the server's field errors on their fields and keeps the
 * dialog open.
 */
import { Button, Modal } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClientSchema } from '../../shared/clientSchema';
import { actionFieldsSchema, actionInitialValues, actionLabel, type ActionTarget, type ActionValues, type UiBinding } from './actionLogic';
import { EntityForm } from './EntityForm';
import { formFieldSpecs } from './formRules';
import type { Language } from './schemaFields';
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
  const fieldsSchema = useMemo(() => actionFieldsSchema(schema, binding), [schema, binding]);
  const specs = useMemo(() => formFieldSpecs(fieldsSchema, { mode: 'add', language, t }), [fieldsSchema, language, t]);
  const initialValues = useMemo(() => actionInitialValues(binding, target.record), [binding, target]);
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
