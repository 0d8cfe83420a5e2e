/**
 * One record's fields as a bordered table of labels and values, read from
 * the client schema: dictionary labels, references by name, photo addresses
 * as thumbnails, long texts across the row, then when it was created and
 * changed. The detail page and the view dialog show a record this way.
 */
import { Descriptions } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClientSchema } from '../../shared/clientSchema';
import { cellText, labelReferenceKeys, referenceTitleOf } from './cellText';
import type { EntityRecord } from './entityApi';
import { PictureList } from './PictureList';
import { fieldLabel, isWideWidget, referenceKey, widgetOf, type Language } from './schemaFields';
import { detailPageFields, pictureUrlsOf } from './schemaPageLogic';
import { useDictionaries, useReferenceLabels } from './useDictionaries';

/** Two columns of fields (one on a phone); a long text or photos take a whole row. */
const COLUMNS = { xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 };

/** The fields in a bordered table of labels and values; `columns` fixes their number (a narrow dialog: 1). */
export function RecordFields({ schema, record, columns }: { schema: ClientSchema; record: EntityRecord; columns?: number }) {
  const layout = columns ?? COLUMNS;
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'zh';
  const fields = useMemo(() => detailPageFields(schema), [schema]);
  const dictionaries = useDictionaries(fields.map((field) => field.schema['x-dict']).filter((code): code is string => !!code));
  // The record carries its references' titles (x-ref-title); a tree is downloaded only for a reference without one.
  const references = useReferenceLabels(labelReferenceKeys(fields, [record]));
  return (
    <Descriptions className="record-fields" bordered column={layout} size="middle" styles={{ label: { width: 150 } }} data-testid="detail-fields">
      {fields.map((field) => {
        const label = fieldLabel(field.schema, language);
        const value = record[field.name];
        const pictures = pictureUrlsOf(value);
        const isPhotoList = field.schema.type === 'array' && field.schema.items?.type === 'string' && /photo|image|picture|pic/i.test(field.name);
        const isWide = isWideWidget(widgetOf(field.schema)) || pictures.length > 0 || isPhotoList;
        return (
          <Descriptions.Item key={field.name} label={label} span={isWide ? layout : 1}>
            {pictures.length > 0 ? (
              <PictureList urls={pictures} label={label} />
            ) : isPhotoList && (!Array.isArray(value) || value.length === 0) ? (
              <span className="detail-empty">{t('renderers.detail.noPicture')}</span>
            ) : (
              cellText(field.schema, value, {
                dictionary: dictionaries[field.schema['x-dict'] ?? ''],
                title: referenceTitleOf(field.schema, record),
                references: references[referenceKey(field.schema) ?? ''],
                yes: t('renderers.yes'),
                no: t('renderers.no'),
              })
            )}
          </Descriptions.Item>
        );
      })}
    </Descriptions>
  );
}
