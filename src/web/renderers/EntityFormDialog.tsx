/**
 * The add / edit / view dialog of an entity. Edit and view load the record
 * through the detail binding (fresh values and version); view shows it as
 * labels and values (RecordFields), as the detail page does; saving validates
 * with the schema's rules, disables the form while the request runs, puts the
 * server's field errors on their fields and re-enables the form when the
 * save fails (platform-core §8).
 */
import { Button, Modal, Spin } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { ClientSchema } from '../../shared/clientSchema';
import { bindingOf, fetchDetail, saveRecord, type EntityRecord } from './entityApi';
import { EntityForm } from './EntityForm';
import { formExtension } from './formExtensions';
import { useActionFeedback } from './useActionFeedback';
import { formFieldSpecs, initialValuesOf, saveBodyOf, type FormFieldSpec, type FormMode, type Values } from './formRules';
import { RecordFields } from './RecordFields';
import { entityTitle, inlineLabel, type Language } from './schemaFields';
import { useSchemaForm } from './useSchemaForm';

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
  const { original, isLoading } = useRecord(schema, mode, record);
  // The loaded record when there is one: it says which write-only secrets are stored (<name>Set).
  const known = original ?? record;
  const specs = useMemo(
    () => formFieldSpecs(schema, { mode, language, t, fixed, isRootLevel, record: known }),
    [schema, mode, language, t, fixed, isRootLevel, known],
  );
  const title = t(`renderers.dialogTitle.${mode}`, { title: inlineLabel(entityTitle(schema, language), language) });

  return (
    <Modal open title={title} width={width} onCancel={onClose} footer={null} maskClosable={false} destroyOnHidden className="entity-dialog">
      {isLoading ? (
        <Spin className="entity-dialog-loading" />
      ) : mode === 'view' ? (
        <DialogView {...props} specs={specs} original={original} />
      ) : (
        <DialogForm {...props} specs={specs} original={original} />
      )}
    </Modal>
  );
}

/** A dialog narrower than this lays its form out in one column (the tenant package dialog is 600 px). */
const NARROW_DIALOG = 700;

type DialogBodyProps = EntityFormDialogProps & { specs: FormFieldSpec[]; original?: EntityRecord };

/** View: the record's fields as labels and values (names, dictionary labels, photos), then close. */
function DialogView({ schema, width, onClose, original }: DialogBodyProps) {
  const { t } = useTranslation();
  return (
    <>
      {original && <RecordFields schema={schema} record={original} columns={width < NARROW_DIALOG ? 1 : 2} />}
      <div className="entity-dialog-footer">
        <Button onClick={onClose}>{t('renderers.close')}</Button>
      </div>
    </>
  );
}

function DialogForm({ schema, mode, fixed, width, onClose, onSaved, specs, original }: DialogBodyProps) {
  const { t } = useTranslation();
  const succeeded = useActionFeedback();
  const initialValues = useMemo(
    () => (mode === 'add' ? initialValuesOf(schema, specs, fixed) : { ...original, ...fixed }),
    [schema, specs, mode, fixed, original],
  );
  const { form, dictionaries, referenceTrees, isSaving, submit } = useSchemaForm(specs, initialValues);

  const save = () =>
    submit(async (values) => {
      const body = saveBodyOf(specs, values, fixed, mode === 'edit' ? original : undefined);
      const saved = await saveRecord(schema, body, mode === 'add');
      // A new account may come back with its one-time initial password.
      succeeded(saved, t(mode === 'add' ? 'renderers.added' : 'renderers.updated'), typeof body.account === 'string' ? body.account : undefined);
      await onSaved();
    });

  return (
    <>
      <EntityForm
        form={form}
        specs={specs}
        dictionaries={dictionaries}
        referenceTrees={referenceTrees}
        widgets={formExtension(schema.$id).widgets}
        columns={width < NARROW_DIALOG ? 1 : 2}
      />
      <div className="entity-dialog-footer">
        <Button onClick={onClose} disabled={isSaving}>
          {t('renderers.cancel')}
        </Button>
        <Button type="primary" onClick={() => void save()} loading={isSaving} data-testid="entity-dialog-save">
          {t('renderers.save')}
        </Button>
      </div>
    </>
  );
}
