/**
 * One record of an entity on a page of its own (x-page detail), read through
 * its detail binding and laid out from the client schema: every field with
 * dictionary labels and photos as thumbnails, then when it was created and
 * changed; the child lists the schema declares (item results, GPS trail);
 * and in the header what may be done with the record now — the lifecycle
 * actions its state allows (audit), edit on the form page. The id comes
 * from the prop or `?id=`.
 */
import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Result, Space, Spin, Tag } from 'antd';
import { observer } from 'mobx-react-lite';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import type { ClientSchema } from '../../shared/clientSchema';
import { sessionStore } from '../stores/sessionStore';
import { ActionDialogs, useStartAction } from './ActionDialogs';
import { actionIcon } from './actionIcons';
import { actionLabel, actionsAt, isOfferedFor, rowTarget } from './actionLogic';
import { cellText } from './cellText';
import { SchemaLoadFailed } from './CrudPage';
import { isPlatformAdministrator, permissionsOf, rowPermissionsOf } from './crudLogic';
import { DetailChildList } from './DetailChildList';
import { bindingOf, fetchDetail, type EntityRecord } from './entityApi';
import { RecordFields } from './RecordFields';
import { entityTitle, type Language } from './schemaFields';
import { editPathOf, pageOfSchema } from './schemaPageLogic';
import { useActionRunner } from './useActionRunner';
import { useClientSchema } from './useClientSchema';
import { reloadLists } from './useCrudController';
import { useDictionaries } from './useDictionaries';
import './renderers.css';
import './schemaPages.css';

export interface DetailPageProps {
  schemaId: string;
  id?: string;
}

/** Back where the user came from, or to the register's list when the page was opened directly. */
export function useBackToList(listPath: string | undefined): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    if (location.key !== 'default') navigate(-1);
    else navigate(listPath ?? '/');
  }, [navigate, location.key, listPath]);
}

export const DetailPage = observer(function DetailPage({ schemaId, id: idProp }: DetailPageProps) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'zh';
  const [params] = useSearchParams();
  const id = idProp ?? params.get('id') ?? undefined;
  const pages = pageOfSchema(schemaId);
  const back = useBackToList(pages?.path);
  const { schema, error } = useClientSchema(schemaId);
  const binding = schema ? bindingOf(schema, 'detail', 'detail') : undefined;
  const detail = useSWR(binding && id ? ['detail', binding.url, id] : null, () => fetchDetail(binding!, id!), {
    revalidateOnFocus: false,
    dedupingInterval: 0,
  });

  if (error || detail.error) return <SchemaLoadFailed />;
  if (!id) return <Result status="warning" title={t('renderers.detail.missingId')} />;
  if (!schema || (binding && !detail.data)) return <Spin className="crud-loading" />;
  const record = detail.data;
  if (!record) return <Result status="info" title={t('renderers.noRecord')} />;

  return (
    <div className="detail-page" data-testid={`detail-page-${schemaId}`}>
      <div className="schema-page-header">
        <h2 className="crud-title schema-page-title">
          {t('renderers.detail.title', { title: entityTitle(schema, language) })}
          <StateTag schema={schema} record={record} />
        </h2>
        <Space wrap>
          <RecordActions
            schema={schema}
            record={record}
            onChanged={async () => {
              void reloadLists();
              await detail.mutate();
            }}
          />
          <Button icon={<ArrowLeftOutlined />} onClick={back} data-testid="detail-back">
            {t('renderers.detail.back')}
          </Button>
        </Space>
      </div>
      <section className="detail-section">
        <h3 className="detail-section-title">{t('renderers.detail.basic')}</h3>
        <RecordFields schema={schema} record={record} />
      </section>
      {(pages?.detail?.lists ?? []).map((list) => (
        <DetailChildList key={`${list.schemaId}:${list.field ?? list.binding}`} list={list} record={record} />
      ))}
    </div>
  );
});

/** The record's lifecycle state (x-states), by its dictionary label, beside the title. */
function StateTag({ schema, record }: { schema: ClientSchema; record: EntityRecord }) {
  const field = schema['x-states'] ? schema.properties[schema['x-states'].field] : undefined;
  const dictionaries = useDictionaries(field?.['x-dict'] ? [field['x-dict']] : []);
  if (!field) return null;
  const value = record[schema['x-states']!.field];
  const text = cellText(field, value, { dictionary: dictionaries[field['x-dict'] ?? ''], yes: '', no: '' });
  return text ? (
    <Tag color="blue" className="schema-page-state" data-testid="detail-state">
      {text}
    </Tag>
  ) : null;
}

/**
 * What the caller may do with the record now: the register's row actions
 * its state allows (the audit of a pending record) and edit on the form page
 * when the record may still change. After an action the record loads again.
 */
const RecordActions = observer(function RecordActions({
  schema,
  record,
  onChanged,
}: {
  schema: ClientSchema;
  record: EntityRecord;
  onChanged: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'zh';
  const navigate = useNavigate();
  const granted = sessionStore.permission;
  const runner = useActionRunner({ schema, onDone: onChanged });
  const startAction = useStartAction(runner);
  const actions = actionsAt(schema, 'row', granted).filter((binding) => isOfferedFor(binding, record));
  const permissions = rowPermissionsOf(
    permissionsOf(schema, granted),
    schema,
    record,
    isPlatformAdministrator(sessionStore.userInfo?.tenant_id, sessionStore.roles),
  );
  const editPath = permissions.canEdit ? editPathOf(pageOfSchema(schema.$id), record.id) : undefined;
  return (
    <Space wrap>
      {actions.map((binding) => (
        <Button
          key={binding.name}
          type="primary"
          ghost
          icon={actionIcon(binding.ui)}
          onClick={() => startAction(binding, rowTarget(record))}
          data-testid={`detail-action-${binding.name}`}
        >
          {actionLabel(binding.ui, language)}
        </Button>
      ))}
      {editPath && (
        <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(editPath)} data-testid="detail-edit">
          {t('renderers.edit')}
        </Button>
      )}
      <ActionDialogs runner={runner} />
    </Space>
  );
});

export default DetailPage;
