/**
 * The search form of a CRUD page: one control per x-search field (text,
 * number, dictionary or enum choice, a row of a referenced register, date
 * range). Searching hands the values
 * to the controller, which drops the empty ones and goes back to page 1.
 * A reference picker loads its register's tree when it is first pointed at
 * or focused (or at once when the page opened with a value in it), not with
 * the list: the table reads the rows' own titles.
 */
import { ClearOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Input, InputNumber, Select, TreeSelect } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchValue, SearchValues } from './crudLogic';
import { fieldLabel, inlineLabel, referenceKey, typedKey, widgetOf, type Language, type SchemaField } from './schemaFields';
import { useDictionaries, useReferenceTrees } from './useDictionaries';

export interface CrudSearchFormProps {
  fields: SchemaField[];
  /** Values the page opened with (from its address), shown in their controls. */
  initialValues?: SearchValues;
  onSearch: (values: SearchValues) => void;
  onReset: () => void;
}

const DATETIME = 'YYYY-MM-DD HH:mm:ss';

function toSearchValues(fields: SchemaField[], raw: Record<string, unknown>): SearchValues {
  const values: SearchValues = {};
  for (const field of fields) {
    const value = raw[field.name];
    if (field.schema['x-search'] === 'date-range') {
      const range = value as [Dayjs | null, Dayjs | null] | undefined;
      values[field.name] = range ? [range[0]?.startOf('day').format(DATETIME), range[1]?.endOf('day').format(DATETIME)] : undefined;
    } else {
      values[field.name] = value as SearchValue;
    }
  }
  return values;
}

/** Address values typed like their controls (a dictionary key as the number its options hold); date ranges are left out. */
function formValuesOf(fields: SchemaField[], values: SearchValues = {}): Record<string, unknown> {
  const typed: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (typeof value === 'string' && field.schema['x-search'] !== 'date-range') typed[field.name] = typedKey(field.schema, value);
  }
  return typed;
}

export function CrudSearchForm({ fields, initialValues, onSearch, onReset }: CrudSearchFormProps) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'zh';
  const [form] = Form.useForm();
  const dictionaries = useDictionaries(fields.map((field) => field.schema['x-dict']).filter((code): code is string => !!code));
  const [wantedTrees, setWantedTrees] = useState<readonly string[]>([]);
  const presetTrees = fields
    .filter((field) => initialValues?.[field.name] !== undefined && initialValues[field.name] !== '')
    .map((field) => referenceKey(field.schema));
  const referenceTrees = useReferenceTrees([...wantedTrees, ...presetTrees].filter((key): key is string => !!key));
  const wantTree = (key: string) => setWantedTrees((wanted) => (wanted.includes(key) ? wanted : [...wanted, key]));
  if (fields.length === 0) return null;

  const control = (field: SchemaField) => {
    const label = inlineLabel(fieldLabel(field.schema, language), language);
    const code = field.schema['x-dict'];
    if (field.schema['x-search'] === 'date-range') {
      return <DatePicker.RangePicker placeholder={[t('renderers.startDate'), t('renderers.endDate')]} />;
    }
    const refId = referenceKey(field.schema);
    if (refId) {
      // One referenced row (a role, a post …): rows holding it, whether the field holds one id or several.
      return (
        <TreeSelect
          allowClear
          showSearch
          treeNodeFilterProp="title"
          placeholder={t('renderers.selectPlaceholder', { label })}
          treeData={referenceTrees[refId] ?? []}
          loading={wantedTrees.includes(refId) && !referenceTrees[refId]}
          onMouseEnter={() => wantTree(refId)}
          onFocus={() => wantTree(refId)}
          style={{ width: 200 }}
          popupMatchSelectWidth={false}
        />
      );
    }
    if (code || field.schema.enum) {
      const options = code
        ? (dictionaries[code] ?? []).map((entry) => ({ label: entry.label, value: typedKey(field.schema, entry.dictKey) }))
        : (field.schema.enum ?? []).map((value) => ({ label: String(value), value: value as string | number }));
      return (
        <Select
          allowClear
          placeholder={t('renderers.selectPlaceholder', { label })}
          options={options}
          style={{ width: 180 }}
          mode={field.schema['x-search'] === 'in' ? 'multiple' : undefined}
        />
      );
    }
    if (widgetOf(field.schema) === 'number') return <InputNumber placeholder={t('renderers.inputPlaceholder', { label })} style={{ width: 180 }} />;
    return <Input allowClear placeholder={t('renderers.inputPlaceholder', { label })} style={{ width: 200 }} />;
  };

  return (
    <Form
      form={form}
      layout="inline"
      className="crud-search"
      data-testid="crud-search"
      initialValues={formValuesOf(fields, initialValues)}
      onFinish={(raw: Record<string, unknown>) => onSearch(toSearchValues(fields, raw))}
    >
      {fields.map((field) => (
        <Form.Item key={field.name} name={field.name} label={fieldLabel(field.schema, language)}>
          {control(field)}
        </Form.Item>
      ))}
      <Form.Item className="crud-search-buttons">
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="crud-search-submit">
          {t('renderers.search')}
        </Button>
        <Button
          icon={<ClearOutlined />}
          onClick={() => {
            // Empty every control, the values the page opened with too.
            form.setFieldsValue(Object.fromEntries(fields.map((field) => [field.name, undefined])));
            onReset();
          }}
        >
          {t('renderers.reset')}
        </Button>
      </Form.Item>
    </Form>
  );
}
