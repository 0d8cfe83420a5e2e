/**
 * One child list of a detail page (x-page detail.lists): the rows from an
 * array field of the detail answer (an inspection's item results) or from
 * another register's binding called with the record's id (its GPS trail),
 * as a table with the child schema's listed columns and dictionary labels;
 * lists of photo addresses show as thumbnails. A list with view track (a
 * GPS trail) is drawn on the offline map instead: the walked line with its
 * start and end, and the photos of the record's items at their places.
 */
import { Empty, Spin, Table, type TableColumnsType } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { ClientSchema } from '../../shared/clientSchema';
import type { DetailListSpec } from '../../shared/entitySchema';
import { useListColumns } from './CrudTable';
import { fetchRecords, type EntityRecord } from './entityApi';
import { PictureList } from './PictureList';
import { labelReferenceKeys } from './cellText';
import { entityTitle, fieldLabel, listFields, type Language, type SchemaField } from './schemaFields';
import { childListRequestOf, fieldRowsOf, pictureUrlsOf } from './schemaPageLogic';
import { useClientSchema } from './useClientSchema';
import { useDictionaries, useReferenceLabels } from './useDictionaries';

// The map and Leaflet load only on pages that show a trail.
const TrailMap = lazy(() => import('./DetailTrailMap'));
import { referenceLinkOfUser } from './useReferenceLinks';

export interface DetailChildListProps {
  list: DetailListSpec;
  record: EntityRecord;
}

/** The rows of a binding list, fetched with the record's id; a field list reads the detail answer. */
function useChildRows(schema: ClientSchema | undefined, list: DetailListSpec, record: EntityRecord) {
  const binding = schema && list.binding ? schema['x-api'][list.binding] : undefined;
  const recordId = String(record.id ?? '');
  const fetched = useSWR(
    binding && list.param ? ['detail-list', binding.url, list.param, recordId] : null,
    () => {
      const call = childListRequestOf(binding!, list.param!, recordId);
      return fetchRecords({ ...binding!, url: call.url }, call.params);
    },
    { revalidateOnFocus: false },
  );
  if (list.field !== undefined) return { rows: fieldRowsOf(record, list), isLoading: false };
  return { rows: fetched.data ?? [], isLoading: fetched.isLoading };
}

/** Array fields of the child schema that hold photo addresses in some row, shown after the listed columns. */
function pictureFields(schema: ClientSchema, listed: SchemaField[], rows: EntityRecord[]): SchemaField[] {
  const names = new Set(listed.map((field) => field.name));
  return Object.entries(schema.properties)
    .filter(([name, field]) => !names.has(name) && field.type === 'array' && rows.some((row) => pictureUrlsOf(row[name]).length > 0))
    .map(([name, field]) => ({ name, schema: field }));
}

export function DetailChildList(props: DetailChildListProps) {
  return props.list.view === 'track' ? <DetailTrail {...props} /> : <DetailTable {...props} />;
}

/** A GPS trail: its point count in the title, the map below (or the empty text). */
function DetailTrail({ list, record }: DetailChildListProps) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'zh';
  const { schema } = useClientSchema(list.schemaId);
  const { rows, isLoading } = useChildRows(schema, list, record);
  if (!schema) return null;
  return (
    <section className="detail-section" data-testid={`detail-list-${list.schemaId}`}>
      <h3 className="detail-section-title">{t('renderers.detail.rows', { title: entityTitle(schema, language), count: rows.length })}</h3>
      {isLoading ? (
        <Spin />
      ) : rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('renderers.detail.noRows')} />
      ) : (
        <Suspense fallback={<Spin />}>
          <TrailMap rows={rows} record={record} />
        </Suspense>
      )}
    </section>
  );
}

function DetailTable({ list, record }: DetailChildListProps) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'zh';
  const { schema } = useClientSchema(list.schemaId);
  const { rows, isLoading } = useChildRows(schema, list, record);
  const listed = useMemo(() => (schema ? listFields(schema) : []), [schema]);
  const dictionaries = useDictionaries(listed.map((field) => field.schema['x-dict']).filter((code): code is string => !!code));
  const references = useReferenceLabels(labelReferenceKeys(listed, isLoading ? undefined : rows));
  const columns: TableColumnsType<EntityRecord> = useListColumns(listed, dictionaries, references, rows, schema, referenceLinkOfUser);
  if (!schema) return null;
  for (const field of pictureFields(schema, listed, rows)) {
    const label = fieldLabel(field.schema, language);
    columns.push({
      key: field.name,
      title: label,
      render: (_: unknown, row: EntityRecord) => {
        const urls = pictureUrlsOf(row[field.name]);
        return urls.length > 0 ? <PictureList urls={urls} size={48} label={label} /> : null;
      },
    });
  }
  const title = entityTitle(schema, language);
  return (
    <section className="detail-section" data-testid={`detail-list-${list.schemaId}`}>
      <h3 className="detail-section-title">{t('renderers.detail.rows', { title, count: rows.length })}</h3>
      <Table<EntityRecord>
        rowKey={(row) => String(row.id)}
        size="small"
        bordered
        columns={columns}
        dataSource={rows}
        loading={isLoading}
        pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        locale={{ emptyText: t('renderers.detail.noRows') }}
        scroll={{ x: 'max-content' }}
      />
    </section>
  );
}
