/**
 * Saving a code generator dialog's form: validate, call the server, then say
 * "saved" and hand over to the page; the server's field errors go on the
 * form's fields and the form is editable again.
 */
import { App, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFieldErrors } from './formErrors';

/**
 * Stores the validated values; resolves false when it stopped after telling
 * the user why itself (the dialog stays open and editable).
 */
export type Submit<Values> = (values: Values) => Promise<boolean | void>;

export function useFormSave<Values>(form: FormInstance<Values>, fields: readonly string[], onSaved: () => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [isSaving, setSaving] = useState(false);

  const save = async (submit: Submit<Values>) => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      if ((await submit(values)) === false) {
        setSaving(false);
        return;
      }
      void message.success(t('develop.saved'));
      onSaved();
    } catch (error) {
      showFieldErrors(form, error, fields);
      setSaving(false);
    }
  };
  return { isSaving, save };
}
