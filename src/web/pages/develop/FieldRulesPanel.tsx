/**
 * A field's rules beyond its column, under its row in the prototype editor:
 * several dictionary entries, the pattern its values must match, uniqueness
 * (alone or together with other fields) and its own messages for required,
 * pattern, length and duplicates, in Chinese and English. Inputs that do not
 * apply to the field (a pattern on a number, a length message without a
 * length) are disabled.
 */
import { Checkbox, Input, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrototypeRow } from './developApi';
import { hasPattern, typeOf, type EditedField } from './fieldRules';

export interface FieldRulesPanelProps {
  row: EditedField;
  index: number;
  /** The model's other properties, for "unique together with". */
  others: { value: string; label: string }[];
  onChange: (patch: Partial<PrototypeRow>) => void;
  isDisabled?: boolean;
}

type TextName =
  | 'fieldPattern'
  | 'uniqueMessage'
  | 'uniqueMessageEn'
  | 'requiredMessage'
  | 'requiredMessageEn'
  | 'patternMessage'
  | 'patternMessageEn'
  | 'maxLengthMessage'
  | 'maxLengthMessageEn';

/** Which rules a row has beyond its column (the editor marks its settings button). */
export function hasFieldRules(row: PrototypeRow): boolean {
  return !!(
    row.dictMultiple ||
    row.fieldPattern ||
    row.isUnique ||
    row.requiredMessage ||
    row.requiredMessageEn ||
    row.patternMessage ||
    row.patternMessageEn ||
    row.maxLengthMessage ||
    row.maxLengthMessageEn
  );
}

/** One setting: its label above its control, spanning `span` of the group's six columns. */
function Item({ label, children, span = 1 }: { label: string; children: ReactNode; span?: number }) {
  return (
    <div className="develop-rule" style={{ gridColumn: `span ${span}` }}>
      <span className="develop-rule-label">{label}</span>
      {children}
    </div>
  );
}

export function FieldRulesPanel({ row, index, others, onChange, isDisabled }: FieldRulesPanelProps) {
  const { t } = useTranslation();
  const type = typeOf(row);
  const canPattern = hasPattern(type) && !row.dictCode;
  const hasLength = type === 'string' || type === 'text';
  const text = (name: TextName, maxLength: number, isOff: boolean, placeholder?: string) => (
    <Input
      size="small"
      value={row[name] ?? ''}
      maxLength={maxLength}
      disabled={isDisabled || isOff}
      placeholder={placeholder}
      onChange={(event) => onChange({ [name]: event.target.value || null })}
      aria-label={t(`develop.rules.${name}`)}
      data-testid={`field-${name}-${index}`}
    />
  );
  const uniqueWith = (row.uniqueWith ?? '').split(',').filter(Boolean);

  return (
    <div className="develop-rules" data-testid={`field-rules-${index}`}>
      <div className="develop-rules-group">
        <span className="develop-rules-heading">{t('develop.rules.values')}</span>
        <Item label={t('develop.rules.dictMultiple')} span={2}>
          <Checkbox
            checked={row.dictMultiple === 1}
            disabled={isDisabled || !row.dictCode || type !== 'string'}
            onChange={(event) => onChange({ dictMultiple: event.target.checked ? 1 : 0 })}
            data-testid={`field-dictMultiple-${index}`}
          >
            {t('develop.rules.dictMultipleHint')}
          </Checkbox>
        </Item>
        <Item label={t('develop.rules.fieldPattern')} span={4}>
          {text('fieldPattern', 255, !canPattern, t('develop.rules.fieldPatternHint'))}
        </Item>
      </div>
      <div className="develop-rules-group">
        <span className="develop-rules-heading">{t('develop.rules.unique')}</span>
        <Item label={t('develop.rules.isUnique')}>
          <Checkbox
            checked={row.isUnique === 1}
            disabled={isDisabled}
            onChange={(event) => onChange({ isUnique: event.target.checked ? 1 : 0 })}
            data-testid={`field-isUnique-${index}`}
          >
            {t('develop.rules.isUniqueHint')}
          </Checkbox>
        </Item>
        <Item label={t('develop.rules.uniqueWith')}>
          <Select
            size="small"
            mode="multiple"
            allowClear
            value={uniqueWith}
            options={others}
            disabled={isDisabled || row.isUnique !== 1}
            placeholder={t('develop.rules.uniqueWithHint')}
            onChange={(names: string[]) => onChange({ uniqueWith: names.join(',') || null })}
            maxTagCount="responsive"
            aria-label={t('develop.rules.uniqueWith')}
            data-testid={`field-uniqueWith-${index}`}
          />
        </Item>
        <Item label={t('develop.rules.uniqueMessage')} span={2}>
          {text('uniqueMessage', 128, row.isUnique !== 1, t('develop.rules.defaultMessage'))}
        </Item>
        <Item label={t('develop.rules.uniqueMessageEn')} span={2}>
          {text('uniqueMessageEn', 128, row.isUnique !== 1, t('develop.rules.defaultMessage'))}
        </Item>
      </div>
      <div className="develop-rules-group">
        <span className="develop-rules-heading">{t('develop.rules.messages')}</span>
        <Item label={t('develop.rules.requiredMessage')}>{text('requiredMessage', 128, row.isRequired !== 1, t('develop.rules.defaultMessage'))}</Item>
        <Item label={t('develop.rules.requiredMessageEn')}>{text('requiredMessageEn', 128, row.isRequired !== 1, t('develop.rules.defaultMessage'))}</Item>
        <Item label={t('develop.rules.patternMessage')}>{text('patternMessage', 128, !row.fieldPattern, t('develop.rules.defaultMessage'))}</Item>
        <Item label={t('develop.rules.patternMessageEn')}>{text('patternMessageEn', 128, !row.fieldPattern, t('develop.rules.defaultMessage'))}</Item>
        <Item label={t('develop.rules.maxLengthMessage')}>{text('maxLengthMessage', 128, !hasLength, t('develop.rules.defaultMessage'))}</Item>
        <Item label={t('develop.rules.maxLengthMessageEn')}>{text('maxLengthMessageEn', 128, !hasLength, t('develop.rules.defaultMessage'))}</Item>
      </div>
    </div>
  );
}
