/**
 * The fields of a data model as an editable table: column and property names,
 * titles, type and length, where the field shows (list, form, search and how),
 * whether it is required, its widget and dictionary. Each change goes through
 * fieldRules.changeField, so the row stays consistent.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Input, InputNumber, Select, Table, Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PrototypeRow } from './developApi';
import { changeField, newField, PROPERTY_TYPES, QUERY_TYPES, WIDGETS, type EditedField, type PropertyType } from './fieldRules';

export interface PrototypeEditorProps {
  rows: EditedField[];
  onChange: (rows: EditedField[]) => void;
  /** The row the server refused, highlighted. */
  errorRow?: number;
  isDisabled?: boolean;
}

type FlagName = 'isList' | 'isForm' | 'isRequired' | 'isQuery';

export function PrototypeEditor({ rows, onChange, errorRow, isDisabled }: PrototypeEditorProps) {
  const { t } = useTranslation();
  const update = (index: number, patch: Partial<PrototypeRow>) => onChange(rows.map((row, i) => (i === index ? changeField(row, patch) : row)));
  const typeOf = (row: EditedField) => ((PROPERTY_TYPES as readonly string[]).includes(row.propertyType) ? (row.propertyType as PropertyType) : 'string');

  const text = (name: 'jdbcName' | 'propertyName' | 'jdbcComment' | 'titleEn' | 'dictCode', maxLength: number, width: number, title: string): TableColumnsType<EditedField>[number] => ({
    key: name,
    title,
    width,
    render: (_: unknown, row: EditedField, index: number) => (
      <Input
        size="small"
        value={row[name] ?? ''}
        maxLength={maxLength}
        disabled={isDisabled || (name === 'dictCode' && !WIDGETS[typeOf(row)].includes('select'))}
        onChange={(event) => update(index, { [name]: event.target.value })}
        aria-label={title}
        data-testid={`field-${name}-${index}`}
      />
    ),
  });

  const flag = (name: FlagName, title: string): TableColumnsType<EditedField>[number] => ({
    key: name,
    title,
    width: 52,
    align: 'center',
    render: (_: unknown, row: EditedField, index: number) => (
      <Checkbox
        checked={row[name] === 1}
        disabled={isDisabled || (name === 'isRequired' && row.isForm !== 1)}
        onChange={(event) => update(index, { [name]: event.target.checked ? 1 : 0 })}
        aria-label={title}
        data-testid={`field-${name}-${index}`}
      />
    ),
  });

  /** An optional choice among those the row's type allows (search mode, widget), labelled by labelsKey.<value>. */
  const choice = (
    name: 'queryType' | 'componentType',
    width: number,
    title: string,
    choicesOf: (row: EditedField) => readonly string[],
    labelsKey: string,
    isOff: (row: EditedField) => boolean = () => false,
  ): TableColumnsType<EditedField>[number] => ({
    key: name,
    title,
    width,
    render: (_: unknown, row: EditedField, index: number) => (
      <Select
        size="small"
        allowClear
        value={row[name] ?? undefined}
        disabled={isDisabled || isOff(row)}
        options={choicesOf(row).map((value) => ({ value, label: t(`${labelsKey}.${value}`) }))}
        onChange={(value: string | undefined) => update(index, { [name]: value ?? null })}
        popupMatchSelectWidth={false}
        aria-label={title}
      />
    ),
  });

  const columns: TableColumnsType<EditedField> = [
    { key: 'index', title: '#', width: 40, align: 'center', render: (_: unknown, __: EditedField, index: number) => index + 1 },
    text('jdbcName', 41, 120, t('develop.field.column')),
    text('propertyName', 41, 120, t('develop.field.property')),
    text('jdbcComment', 64, 120, t('develop.field.title')),
    text('titleEn', 64, 110, t('develop.field.titleEn')),
    {
      key: 'propertyType',
      title: t('develop.field.type'),
      width: 96,
      render: (_: unknown, row: EditedField, index: number) => (
        <Select
          size="small"
          value={typeOf(row)}
          disabled={isDisabled}
          options={PROPERTY_TYPES.map((type) => ({ value: type, label: t(`develop.field.types.${type}`) }))}
          onChange={(value) => update(index, { propertyType: value })}
          popupMatchSelectWidth={false}
          aria-label={t('develop.field.type')}
          data-testid={`field-propertyType-${index}`}
        />
      ),
    },
    {
      key: 'propertyLength',
      title: t('develop.field.length'),
      width: 76,
      render: (_: unknown, row: EditedField, index: number) => (
        <InputNumber
          size="small"
          min={1}
          max={4000}
          precision={0}
          value={row.propertyLength ?? undefined}
          disabled={isDisabled || typeOf(row) !== 'string'}
          onChange={(value) => update(index, { propertyLength: value ?? null })}
          aria-label={t('develop.field.length')}
        />
      ),
    },
    flag('isList', t('develop.field.list')),
    flag('isForm', t('develop.field.form')),
    flag('isRequired', t('develop.field.required')),
    flag('isQuery', t('develop.field.query')),
    choice('queryType', 88, t('develop.field.queryType'), (row) => QUERY_TYPES[typeOf(row)], 'develop.field.queryTypes', (row) => row.isQuery !== 1),
    choice('componentType', 96, t('develop.field.component'), (row) => WIDGETS[typeOf(row)], 'develop.field.components'),
    text('dictCode', 64, 110, t('develop.field.dict')),
    {
      key: 'remove',
      title: '',
      width: 40,
      align: 'center',
      fixed: 'right',
      render: (_: unknown, __: EditedField, index: number) => (
        <Tooltip title={t('develop.field.remove')}>
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            disabled={isDisabled}
            onClick={() => onChange(rows.filter((___, i) => i !== index))}
            aria-label={t('develop.field.remove')}
            data-testid={`field-remove-${index}`}
          />
        </Tooltip>
      ),
    },
  ];

  return (
    <div className="develop-fields" data-testid="prototype-editor">
      <Table<EditedField>
        rowKey="key"
        size="small"
        bordered
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content', y: 320 }}
        rowClassName={(_, index) => (index === errorRow ? 'crud-row-active' : '')}
        locale={{ emptyText: <div className="develop-fields-empty">{t('develop.model.noFields')}</div> }}
      />
      <Button type="dashed" block icon={<PlusOutlined />} onClick={() => onChange([...rows, newField()])} disabled={isDisabled} style={{ marginTop: 8 }} data-testid="field-add">
        {t('develop.field.add')}
      </Button>
    </div>
  );
}
