/**
 * The fields of a data model as an editable table: column and property names,
 * titles, type and length, where the field shows (list, form, search and how),
 * whether it is required, its widget, and what it is chosen from: a dictionary
 * of the tenant, or (a reference field) the register it points at. Under each
 * row, its rules (FieldRulesPanel): several dictionary entries, a pattern,
 * uniqueness and its own messages. Each change goes through
 * fieldRules.changeField, so the row stays consistent.
 */
import { DeleteOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Input, InputNumber, Select, Table, Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { fetchDictionaryChoices, fetchRegisterChoices, LOAD_ONCE, type PrototypeRow } from './developApi';
import { FieldRulesPanel, hasFieldRules } from './FieldRulesPanel';
import { changeField, hasDictionary, newField, PROPERTY_TYPES, QUERY_TYPES, typeOf, WIDGETS, type EditedField } from './fieldRules';

export interface PrototypeEditorProps {
  rows: EditedField[];
  onChange: (rows: EditedField[]) => void;
  /** The row the server refused, highlighted. */
  errorRow?: number;
  isDisabled?: boolean;
}

type FlagName = 'isList' | 'isForm' | 'isRequired' | 'isQuery';

export function PrototypeEditor({ rows, onChange, errorRow, isDisabled }: PrototypeEditorProps) {
  const { t, i18n } = useTranslation();
  const isEnglish = i18n.language === 'en';
  const [expanded, setExpanded] = useState<string[]>([]);
  const { data: registers, isLoading: isLoadingRegisters } = useSWR('develop-register-choices', fetchRegisterChoices, LOAD_ONCE);
  const { data: dictionaries, isLoading: isLoadingDictionaries } = useSWR('develop-dictionary-choices', fetchDictionaryChoices, LOAD_ONCE);
  const update = (index: number, patch: Partial<PrototypeRow>) => onChange(rows.map((row, i) => (i === index ? changeField(row, patch) : row)));
  const registerOptions = (registers ?? []).map((register) => ({
    value: register.id,
    label: `${isEnglish ? register.titleEn : register.title}（${register.id}）`,
  }));
  const dictionaryOptions = (dictionaries ?? []).map((dict) => ({
    value: dict.code,
    label: `${(isEnglish && dict.dictValueEn) || dict.dictValue}（${dict.code}）`,
  }));

  const text = (
    name: 'jdbcName' | 'propertyName' | 'jdbcComment' | 'titleEn',
    maxLength: number,
    width: number,
    title: string,
  ): TableColumnsType<EditedField>[number] => ({
    key: name,
    title,
    width,
    render: (_: unknown, row: EditedField, index: number) => (
      <Input
        size="small"
        value={row[name] ?? ''}
        maxLength={maxLength}
        disabled={isDisabled}
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
    text('jdbcComment', 64, 110, t('develop.field.title')),
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
    choice(
      'queryType',
      88,
      t('develop.field.queryType'),
      (row) => QUERY_TYPES[typeOf(row)],
      'develop.field.queryTypes',
      (row) => row.isQuery !== 1,
    ),
    choice('componentType', 96, t('develop.field.component'), (row) => WIDGETS[typeOf(row)], 'develop.field.components'),
    {
      key: 'source',
      title: t('develop.field.source'),
      width: 170,
      render: (_: unknown, row: EditedField, index: number) =>
        typeOf(row) === 'reference' ? (
          <Select
            size="small"
            showSearch
            optionFilterProp="label"
            value={row.refSchema ?? undefined}
            placeholder={t('develop.field.refSchemaHint')}
            loading={isLoadingRegisters}
            disabled={isDisabled}
            options={registerOptions}
            onChange={(value: string) => update(index, { refSchema: value })}
            popupMatchSelectWidth={false}
            status={row.refSchema ? undefined : 'warning'}
            aria-label={t('develop.field.refSchema')}
            data-testid={`field-refSchema-${index}`}
          />
        ) : (
          <Select
            size="small"
            showSearch
            allowClear
            optionFilterProp="label"
            value={row.dictCode || undefined}
            placeholder={hasDictionary(typeOf(row)) ? t('develop.field.dictHint') : undefined}
            loading={isLoadingDictionaries}
            disabled={isDisabled || !hasDictionary(typeOf(row))}
            options={dictionaryOptions}
            onChange={(value: string | undefined) => update(index, { dictCode: value ?? null })}
            popupMatchSelectWidth={false}
            aria-label={t('develop.field.dict')}
            data-testid={`field-dictCode-${index}`}
          />
        ),
    },
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

  const toggle = (key: string) => setExpanded((keys) => (keys.includes(key) ? keys.filter((k) => k !== key) : [...keys, key]));

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
        expandable={{
          expandedRowKeys: expanded,
          columnWidth: 36,
          expandIcon: ({ expanded: isOpen, record }) => {
            const index = rows.indexOf(record);
            return (
              <Tooltip title={t('develop.field.rules')}>
                <Button
                  type={isOpen ? 'primary' : 'text'}
                  ghost={isOpen}
                  size="small"
                  icon={<SettingOutlined />}
                  className={hasFieldRules(record) ? 'develop-rules-toggle develop-rules-set' : 'develop-rules-toggle'}
                  onClick={() => toggle(record.key)}
                  aria-label={t('develop.field.rules')}
                  aria-expanded={isOpen}
                  data-testid={`field-rules-toggle-${index}`}
                />
              </Tooltip>
            );
          },
          expandedRowRender: (record) => {
            const index = rows.indexOf(record);
            const others = rows
              .filter((other) => other !== record && other.propertyName)
              .map((other) => ({ value: other.propertyName, label: other.jdbcComment ? `${other.jdbcComment}（${other.propertyName}）` : other.propertyName }));
            return <FieldRulesPanel row={record} index={index} others={others} onChange={(patch) => update(index, patch)} isDisabled={isDisabled} />;
          },
        }}
        locale={{ emptyText: <div className="develop-fields-empty">{t('develop.model.noFields')}</div> }}
      />
      <Button
        type="dashed"
        block
        icon={<PlusOutlined />}
        onClick={() => onChange([...rows, newField()])}
        disabled={isDisabled}
        style={{ marginTop: 8 }}
        data-testid="field-add"
      >
        {t('develop.field.add')}
      </Button>
    </div>
  );
}
