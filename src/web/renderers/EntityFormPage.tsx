/**
 * The full-page add / edit form of a register (x-page form): the same
 * Formily form as the dialog (EntityForm, formRules), on a page of its own.
 * `?id=` edits that record, loaded through the detail binding (fresh values
 * and version); without it the page adds one. Saving validates with the
 * schema's rules and messages, disables the form while the request runs, puts
 * the server's field errors on their fields and re-enables the form when the
 * save fails (business-domain §5); a successful save returns to the list.
 */
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Result, Spin } from 'antd';
import { observer } from 'mobx-react-lite';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import type { ClientSchema } from '../../shared/clientSchema';
import { useLeavePage } from '../shell/useLeavePage';
import { sessionStore } from '../stores/sessionStore';
import { SchemaLoadFailed } from './CrudPage';
import { isPlatformAdministrator, permissionsOf, rowPermissionsOf } from './crudLogic';
import { bindingOf, fetchDetail, saveRecord, type EntityRecord } from './entityApi';
import { EntityForm } from './EntityForm';
import { formExtension } from './formExtensions';
import { formFieldSpecs, initialValuesOf, saveBodyOf, type FormFieldSpec } from './formRules';
import { entityTitle, inlineLabel, type Language } from './schemaFields';
import { formModeOf, pageOfSchema } from './schemaPageLogic';
import { useActionFeedback } from './useActionFeedback';
import { useClientSchema } from './useClientSchema';
import { reloadLists } from './useCrudController';
import { invalidateLookups } from './useDictionaries';
import { useSchemaForm } from './useSchemaForm';
import './renderers.css';
import './schemaPages.css';

export interface EntityFormPageProps {
  schemaId: string;
}

export const EntityFormPage = observer(function EntityFormPage({ schemaId }: EntityFormPageProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const mode = formModeOf(id);
  const { schema, error } = useClientSchema(schemaId);
  const binding = schema ? bindingOf(schema, 'detail', 'detail') : undefined;
  const detail = useSWR(mode === 'edit' && binding && id ? ['detail', binding.url, id] : null, () => fetchDetail(binding!, id!), {
    revalidateOnFocus: false,
    dedupingInterval: 0,
  });

  if (error || detail.error) return <SchemaLoadFailed />;
  if (!schema || (mode === 'edit' && !detail.data)) return <Spin className="crud-loading" />;
  const permissions = permissionsOf(schema, sessionStore.permission);
  const isPlatformAdmin = isPlatformAdministrator(sessionStore.userInfo?.tenant_id, sessionStore.roles);
  if (mode === 'add' && !permissions.canAdd) return <Refused title={t('renderers.formPage.forbidden')} schemaId={schemaId} />;
  if (mode === 'edit' && !permissions.canEdit) return <Refused title={t('renderers.formPage.forbidden')} schemaId={schemaId} />;
  if (mode === 'edit' && !rowPermissionsOf(permissions, schema, detail.data!, isPlatformAdmin).canEdit) {
    return <Refused title={t('renderers.formPage.notEditable')} schemaId={schemaId} />;
  }
  return <FormPageBody key={`${mode}:${id ?? ''}:${detail.data?.version ?? ''}`} schema={schema} mode={mode} original={detail.data} />;
});

function Refused({ title, schemaId }: { title: string; schemaId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const listPath = pageOfSchema(schemaId)?.path ?? '/';
  return (
    <Result
      status="warning"
      title={title}
      extra={
        <Button type="primary" onClick={() => navigate(listPath)}>
          {t('renderers.formPage.backToList')}
        </Button>
      }
    />
  );
}

interface FormPageBodyProps {
  schema: ClientSchema;
  mode: 'add' | 'edit';
  original?: EntityRecord;
}

function FormPageBody({ schema, mode, original }: FormPageBodyProps) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'zh';
  const listPath = pageOfSchema(schema.$id)?.path ?? '/';
  const leave = useLeavePage(listPath);
  const cancel = () => leave();
  const succeeded = useActionFeedback();
  const specs: FormFieldSpec[] = useMemo(() => formFieldSpecs(schema, { mode, language, t, record: original }), [schema, mode, language, t, original]);
  const initialValues = useMemo(() => (mode === 'add' ? initialValuesOf(schema, specs) : { ...original }), [schema, specs, mode, original]);
  const { form, dictionaries, referenceTrees, isSaving, submit } = useSchemaForm(specs, initialValues);
  const title = t(`renderers.dialogTitle.${mode}`, { title: inlineLabel(entityTitle(schema, language), language) });

  const save = () =>
    submit(async (values) => {
      const body = saveBodyOf(specs, values, undefined, mode === 'edit' ? original : undefined);
      const saved = await saveRecord(schema, body, mode === 'add');
      succeeded(saved, t(mode === 'add' ? 'renderers.added' : 'renderers.updated'));
      void invalidateLookups();
      void reloadLists();
      leave(listPath);
    });

  return (
    <div className="detail-page form-page" data-testid={`form-page-${schema.$id}`}>
      <div className="schema-page-header">
        <h2 className="crud-title schema-page-title">{title}</h2>
        <Button icon={<ArrowLeftOutlined />} onClick={cancel} disabled={isSaving}>
          {t('renderers.detail.back')}
        </Button>
      </div>
      <div className="form-page-body">
        <EntityForm form={form} specs={specs} dictionaries={dictionaries} referenceTrees={referenceTrees} widgets={formExtension(schema.$id).widgets} />
      </div>
      <div className="form-page-footer">
        <Button onClick={cancel} disabled={isSaving} data-testid="form-page-cancel">
          {t('renderers.cancel')}
        </Button>
        <Button type="primary" onClick={() => void save()} loading={isSaving} data-testid="form-page-save">
          {t('renderers.save')}
        </Button>
      </div>
    </div>
  );
}

export default EntityFormPage;
