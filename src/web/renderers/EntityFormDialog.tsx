/**
 * The add / edit / view dialog of an entity. Edit and view load the record
 * through the detail binding (fresh values and version); saving validates
 * with the schema's rules, disables the form while the request runs, puts the
 * server's field errors on their fields and re-enables the form when the
 * save fails (platform-core §8).
 */
import { createForm, onFieldInputValueChange, type Field, type Form as FormilyForm } from '@formily/core';
import { Button, Modal, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { ClientSchema } from '../../shared/clientSchema';
import { bindingOf, fetchDetail, saveRecord, type EntityRecord } from './entityApi';
import { EntityForm } from './EntityForm';
import { formExtension } from './formExtensions';
import { useActionFeedback } from './useActionFeedback';
import { fieldErrorsOf, formFieldSpecs, initialValuesOf, saveBodyOf, type FormFieldSpec, type FormMode, type Values } from './formRules';
import { entityTitle, inlineLabel, type Language } from './schemaFields';
import { useDictionaries, useReferenceTrees } from './useDictionaries';

export interface EntityFormDialogProps {
  schema: ClientSchema;
  mode: FormMode;
  record?: EntityRecord;
  fixed?: Values;
  isRootLevel?: boolean;
  width: number;
  onClose: () => void;
  onSaved: () => Promise<void> | void;
}

function clearServerErrors(form: FormilyForm): void {
  form.query('*').forEach((field) => {
    if ('setSelfErrors' in field) (field as Field).setSelfErrors([]);
  });
}

function useRecord(schema: ClientSchema, mode: FormMode, record?: EntityRecord) {
  const detail = bindingOf(schema, 'detail', 'detail');
  const id = mode !== 'add' && record?.id !== undefined ? String(record.id) : undefined;
  const { data, isLoading } = useSWR(detail && id ? ['detail', detail.url, id] : null, () => fetchDetail(detail!, id!), {
    revalidateOnFocus: false,
    dedupingInterval: 0,
  });
  if (mode === 'add') return { original: undefined, isLoading: false };
  // Without a detail binding (or while it answers) the row itself is the record.
  return { original: data ?? (detail ? undefined : record), isLoading: !!detail && (isLoading || !data) };
}

export function EntityFormDialog(props: EntityFormDialogProps) {
  const { schema, mode, record, fixed, isRootLevel, width, onClose } = props;
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'zh';
  const specs = useMemo(
    () => formFieldSpecs(schema, { mode, language, t, fixed, isRootLevel, record }),
    [schema, mode, language, t, fixed, isRootLevel, record],
  );
  const { original, isLoading } = useRecord(schema, mode, record);
  const title = t(`renderers.dialogTitle.${mode}`, { title: inlineLabel(entityTitle(schema, language), language) });

  return (
    <Modal open title={title} width={width} onCancel={onClose} footer={null} maskClosable={false} destroyOnHidden className="entity-dialog">
      {isLoading ? (
        <Spin className="entity-dialog-loading" />
      ) : (
        <DialogForm {...props} specs={specs} original={original} />
      )}
    </Modal>
  );
}

/** A dialog narrower than this lays its form out in one column (the tenant package dialog is 600 px). */
const NARROW_DIALOG = 700;

function DialogForm({ schema, mode, fixed, width, onClose, onSaved, specs, original }: EntityFormDialogProps & { specs: FormFieldSpec[]; original?: EntityRecord }) {
  const { t } = useTranslation();
  const succeeded = useActionFeedback();
  const [isSaving, setSaving] = useState(false);
  const dictionaries = useDictionaries(specs.map((spec) => spec.schema['x-dict']).filter((code): code is string => !!code));
  const referenceTrees = useReferenceTrees(specs.filter((spec) => spec.widget === 'tree-select').map((spec) => spec.schema['x-ref']).filter((id): id is string => !!id));
  const form = useMemo(
    () =>
      createForm({
        initialValues: mode === 'add' ? initialValuesOf(schema, specs, fixed) : { ...original, ...fixed },
        readPretty: mode === 'view',
        // A server error on a field goes away as soon as the value is changed.
        effects: () => onFieldInputValueChange('*', (field) => (field as Field).setSelfErrors([])),
      }),
    [schema, specs, mode, fixed, original],
  );

  const save = async () => {
    clearServerErrors(form);
    try {
      await form.validate();
    } catch {
      return; // the messages are on the fields
    }
    setSaving(true);
    form.setPattern('disabled');
    try {
      const body = saveBodyOf(specs, form.values as Values, fixed, mode === 'edit' ? original : undefined);
      const saved = await saveRecord(schema, body, mode === 'add');
      // A new account may come back with its one-time initial password.
      succeeded(saved, t(mode === 'add' ? 'renderers.added' : 'renderers.updated'), typeof body.account === 'string' ? body.account : undefined);
      await onSaved();
    } catch (error) {
      // The request layer already showed the message; field errors go to their fields.
      for (const { field, message: text } of fieldErrorsOf(error)) {
        const target = form.query(field).take();
        if (target && 'setSelfErrors' in target) (target as Field).setSelfErrors([text]);
      }
      form.setPattern('editable');
      setSaving(false);
    }
  };

  return (
    <>
      <EntityForm form={form} specs={specs} dictionaries={dictionaries} referenceTrees={referenceTrees} widgets={formExtension(schema.$id).widgets} columns={width < NARROW_DIALOG ? 1 : 2} />
      <div className="entity-dialog-footer">
        {mode === 'view' ? (
          <Button onClick={onClose}>{t('renderers.close')}</Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={isSaving}>
              {t('renderers.cancel')}
            </Button>
            <Button type="primary" onClick={() => void save()} loading={isSaving} data-testid="entity-dialog-save">
              {t('renderers.save')}
            </Button>
          </>
        )}
      </div>
    </>
  );
}
