/**
 * What every schema form (add/edit dialog, full-page form, an action's
 * fields) does the same way: a Formily form whose server errors go away as
 * soon as the value changes, the dictionary and reference options of its
 * fields, and a submit that validates with the schema's rules, disables the
 * form while the request runs, puts the server's field errors on their
 * fields and re-enables the form when the call fails (platform-core §8).
 */
import { createForm, onFieldInputValueChange, type Field, type Form as FormilyForm } from '@formily/core';
import { useMemo, useState } from 'react';
import type { TreeNode } from '../../shared/envelope';
import { fieldErrorsOf, type FormFieldSpec, type Values } from './formRules';
import { useDictionaries, useReferenceTrees, type Dictionaries } from './useDictionaries';
import { referenceKey } from './schemaFields';

export interface SchemaForm {
  form: FormilyForm;
  dictionaries: Dictionaries;
  referenceTrees: Record<string, TreeNode[]>;
  isSaving: boolean;
  /** Validates, then sends the values; a refused call leaves the form editable with the server's field errors. */
  submit: (send: (values: Values) => Promise<void>) => Promise<void>;
}

function clearServerErrors(form: FormilyForm): void {
  form.query('*').forEach((field) => {
    if ('setSelfErrors' in field) (field as Field).setSelfErrors([]);
  });
}

function showFieldErrors(form: FormilyForm, error: unknown): void {
  for (const { field, message } of fieldErrorsOf(error)) {
    const target = form.query(field).take();
    if (target && 'setSelfErrors' in target) (target as Field).setSelfErrors([message]);
  }
}

export function useSchemaForm(specs: FormFieldSpec[], initialValues: Values, options: { readPretty?: boolean } = {}): SchemaForm {
  const [isSaving, setSaving] = useState(false);
  const dictionaries = useDictionaries(specs.map((spec) => spec.schema['x-dict']).filter((code): code is string => !!code));
  const referenceTrees = useReferenceTrees(
    specs
      .filter((spec) => spec.widget === 'tree-select')
      .map((spec) => referenceKey(spec.schema))
      .filter((key): key is string => !!key),
  );
  const form = useMemo(
    () =>
      createForm({
        initialValues,
        readPretty: options.readPretty,
        effects: () => onFieldInputValueChange('*', (field) => (field as Field).setSelfErrors([])),
      }),
    [initialValues, options.readPretty],
  );

  const submit = async (send: (values: Values) => Promise<void>) => {
    clearServerErrors(form);
    try {
      await form.validate();
    } catch {
      return; // the messages are on the fields
    }
    setSaving(true);
    form.setPattern('disabled');
    try {
      await send({ ...(form.values as Values) });
    } catch (error) {
      // The request layer already showed the message; field errors go to their fields.
      showFieldErrors(form, error);
      form.setPattern('editable');
      setSaving(false);
    }
  };

  return { form, dictionaries, referenceTrees, isSaving, submit };
}
