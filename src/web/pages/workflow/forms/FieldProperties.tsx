/**
 * The designer's right column: the selected field's name (the process variable it becomes), label, required flag,
 * options of a choice field and default value — none, a literal of the field's kind, or a form default value the
 * server resolves when a process starts (flow/formDefaultValue, by defaultKey).
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Form, Input, InputNumber, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { CHOICE_KINDS, MAX_OPTIONS, type DefaultSource, type DesignerField, type FieldOption } from './formSchema';
import type { FormDefaultValue } from './formsApi';

export interface FieldPropertiesProps {
  field: DesignerField | undefined;
  defaultValues: FormDefaultValue[];
  onChange: (patch: Partial<DesignerField>) => void;
}

function OptionsEditor({ options, onChange }: { options: FieldOption[]; onChange: (options: FieldOption[]) => void }) {
  const { t } = useTranslation();
  const update = (index: number, patch: Partial<FieldOption>) => onChange(options.map((option, at) => (at === index ? { ...option, ...patch } : option)));
  return (
    <div className="wf-options" data-testid="field-options">
      {options.map((option, index) => (
        <div className="wf-option-row" key={index}>
          <Input
            size="small"
            value={option.label}
            placeholder={t('workflowForms.designer.optionLabel')}
            onChange={(event) => update(index, { label: event.target.value })}
            data-testid="option-label"
          />
          <Input
            size="small"
            value={option.value}
            placeholder={t('workflowForms.designer.optionValue')}
            onChange={(event) => update(index, { value: event.target.value })}
            data-testid="option-value"
          />
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            onClick={() => onChange(options.filter((_, at) => at !== index))}
            aria-label={t('workflowForms.designer.removeOption')}
          />
        </div>
      ))}
      <Button
        size="small"
        type="dashed"
        block
        icon={<PlusOutlined />}
        disabled={options.length >= MAX_OPTIONS}
        onClick={() => onChange([...options, { label: '', value: '' }])}
        data-testid="option-add"
      >
        {t('workflowForms.designer.addOption')}
      </Button>
    </div>
  );
}

/** The literal default's control, by the field's kind. */
function LiteralDefault({ field, onChange }: { field: DesignerField; onChange: (value: unknown) => void }) {
  const { t } = useTranslation();
  const choices = field.options.filter((option) => option.value).map((option) => ({ label: option.label || option.value, value: option.value }));
  switch (field.kind) {
    case 'NumberPicker':
      return (
        <InputNumber
          style={{ width: '100%' }}
          value={field.defaultValue as number | undefined}
          onChange={(value) => onChange(value ?? undefined)}
          data-testid="default-number"
        />
      );
    case 'Switch':
      return <Switch checked={field.defaultValue === true} onChange={onChange} data-testid="default-switch" />;
    case 'Select':
    case 'Radio.Group':
      return <Select allowClear options={choices} value={field.defaultValue as string | undefined} onChange={onChange} />;
    case 'Checkbox.Group':
      return <Select allowClear mode="multiple" options={choices} value={(field.defaultValue as string[] | undefined) ?? []} onChange={onChange} />;
    default:
      return (
        <Input
          value={(field.defaultValue as string | undefined) ?? ''}
          placeholder={field.kind === 'DatePicker' ? 'YYYY-MM-DD' : t('workflowForms.designer.defaultLiteral')}
          onChange={(event) => onChange(event.target.value)}
          data-testid="default-literal"
        />
      );
  }
}

export function FieldProperties({ field, defaultValues, onChange }: FieldPropertiesProps) {
  const { t } = useTranslation();
  if (!field) return <Empty className="wf-designer-empty" description={t('workflowForms.designer.selectField')} />;
  const setSource = (defaultSource: DefaultSource) => onChange({ defaultSource, defaultValue: undefined, defaultKey: undefined });
  return (
    <Form layout="vertical" size="middle" className="wf-field-properties" data-testid="field-properties">
      <Form.Item label={t('workflowForms.designer.fieldName')} required tooltip={t('workflowForms.designer.fieldNameHint')}>
        <Input value={field.name} maxLength={64} onChange={(event) => onChange({ name: event.target.value.trim() })} data-testid="prop-name" />
      </Form.Item>
      <Form.Item label={t('workflowForms.designer.fieldTitle')} required>
        <Input value={field.title} maxLength={100} onChange={(event) => onChange({ title: event.target.value })} data-testid="prop-title" />
      </Form.Item>
      <Form.Item label={t('workflowForms.designer.required')}>
        <Switch checked={field.required} onChange={(required) => onChange({ required })} data-testid="prop-required" />
      </Form.Item>
      {CHOICE_KINDS.has(field.kind) && (
        <Form.Item label={t('workflowForms.designer.options')} required>
          <OptionsEditor options={field.options} onChange={(options) => onChange({ options })} />
        </Form.Item>
      )}
      <Form.Item label={t('workflowForms.designer.defaultValue')}>
        <Radio.Group
          value={field.defaultSource}
          onChange={(event) => setSource(event.target.value as DefaultSource)}
          optionType="button"
          size="small"
          data-testid="prop-default-source"
          options={[
            { value: 'none', label: t('workflowForms.designer.defaultNone') },
            { value: 'literal', label: t('workflowForms.designer.defaultLiteral') },
            { value: 'key', label: t('workflowForms.designer.defaultKey') },
          ]}
        />
      </Form.Item>
      {field.defaultSource === 'literal' && (
        <Form.Item>
          <LiteralDefault field={field} onChange={(defaultValue) => onChange({ defaultValue })} />
        </Form.Item>
      )}
      {field.defaultSource === 'key' && (
        <Form.Item>
          <Select
            showSearch
            optionFilterProp="label"
            placeholder={t('workflowForms.designer.chooseDefaultKey')}
            value={field.defaultKey}
            onChange={(defaultKey: string) => onChange({ defaultKey })}
            options={defaultValues.map((entry) => ({ value: entry.defaultKey, label: `${entry.name} (${entry.defaultKey})` }))}
            notFoundContent={t('workflowForms.designer.noDefaultValues')}
            data-testid="prop-default-key"
          />
        </Form.Item>
      )}
    </Form>
  );
}
