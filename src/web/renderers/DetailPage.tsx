/**
 * One record of an entity, read through its detail binding and laid out
 * from the client schema: every form field with dictionary labels, then when
 * it was created and changed. The id comes from the prop or `?id=`.
 */
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Descriptions, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { cellText } from './cellText';
import { SchemaLoadFailed } from './CrudPage';
import { bindingOf, fetchDetail } from './entityApi';
import { detailFields, entityTitle, fieldLabel, isWideWidget, widgetOf, type Language } from './schemaFields';
import { useClientSchema } from './useClientSchema';
import { useDictionaries, useReferenceLabels } from './useDictionaries';
import './renderers.css';

export interface DetailPageProps {
  schemaId: string;
  id?: string;
}

export function DetailPage({ schemaId, id: idProp }: DetailPageProps) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'zh';
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = idProp ?? params.get('id') ?? undefined;
  const { schema, error } = useClientSchema(schemaId);
  const binding = schema ? bindingOf(schema, 'detail', 'detail') : undefined;
  const fields = schema ? detailFields(schema) : [];
  const dictionaries = useDictionaries(fields.map((field) => field.schema['x-dict']).filter((code): code is string => !!code));
  const references = useReferenceLabels(fields.map((field) => field.schema['x-ref']).filter((ref): ref is string => !!ref));
  const detail = useSWR(binding && id ? ['detail', binding.url, id] : null, () => fetchDetail(binding!, id!), { revalidateOnFocus: false });

  if (error || detail.error) return <SchemaLoadFailed />;
  if (!id) return <Result status="warning" title={t('renderers.detail.missingId')} />;
  if (!schema || (binding && !detail.data)) return <Spin className="crud-loading" />;
  const record = detail.data;
  if (!record) return <Result status="info" title={t('renderers.noRecord')} />;

  return (
    <div className="detail-page" data-testid={`detail-page-${schemaId}`}>
      <h2 className="crud-title detail-title">
        <span>{t('renderers.detail.title', { title: entityTitle(schema, language) })}</span>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
          {t('renderers.detail.back')}
        </Button>
      </h2>
      <Descriptions bordered column={2} size="middle" styles={{ label: { width: 140 } }}>
        {fields.map((field) => (
          <Descriptions.Item key={field.name} label={fieldLabel(field.schema, language)} span={isWideWidget(widgetOf(field.schema)) ? 2 : 1}>
            {cellText(field.schema, record[field.name], {
              dictionary: dictionaries[field.schema['x-dict'] ?? ''],
              references: references[field.schema['x-ref'] ?? ''],
              yes: t('renderers.yes'),
              no: t('renderers.no'),
            })}
          </Descriptions.Item>
        ))}
      </Descriptions>
    </div>
  );
}

export default DetailPage;
