/**
 * The Formily form of an entity: one field per form spec, the widget its
 * type or x-component asks for, the schema's rules and messages, two columns
 * with long texts across the whole row. Options come from dictionaries
 * (x-dict), enums or the referenced entity's tree (x-ref).
 */
import type { Form as FormilyForm } from '@formily/core';
import { DatePicker, Form, FormItem, Input, NumberPicker, Password, Radio, Select, Switch, TreeSelect } from '@formily/antd-v5';
import { Field, connect, mapProps } from '@formily/react';
import { Col, Row, Spin } from 'antd';
import { Suspense, useEffect, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { TreeNode } from '../../shared/envelope';
import type { FormFieldSpec } from './formRules';
import { IdListTreeSelect } from './IdListTreeSelect';
import { JoinedListSelect } from './JoinedListSelect';
import { PhotoUpload, type PhotoUploadProps } from './PhotoUpload';
import { isPhotoList, photoLimitOf } from './photoLogic';
import { RootTreeSelect, rootMarkerOf } from './RootTreeSelect';
import { inlineLabel, isDictList, isIdList, isWideWidget, labelWidthOf, referenceKey, typedKey, type Language, type WidgetKind } from './schemaFields';
import type { Dictionaries } from './useDictionaries';

interface Option {
  label: string;
  value: string | number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

export interface EntityFormProps {
  form: FormilyForm;
  specs: FormFieldSpec[];
  dictionaries: Dictionaries;
  referenceTrees: Record<string, TreeNode[]>;
  /** Two columns (default), or one for a narrow dialog. */
  columns?: 1 | 2;
  /** Hand-written widgets by field name (formExtensions), instead of the generic control; each takes a whole row. */
  widgets?: Record<string, AnyComponent>;
  /** Options of a choice the schema names no dictionary for (a transition's targets), by field name. */
  options?: Record<string, Option[]>;
}

const WIDGETS: Record<WidgetKind, AnyComponent> = {
  input: Input,
  textarea: Input.TextArea,
  number: NumberPicker,
  select: Select,
  radio: Radio.Group,
  switch: Switch,
  date: DatePicker,
  datetime: DatePicker,
  'tree-select': TreeSelect,
  password: Password,
};

function optionsOf(spec: FormFieldSpec, dictionaries: Dictionaries, referenceTrees: Record<string, TreeNode[]>): Option[] | TreeNode[] | undefined {
  const code = spec.schema['x-dict'];
  if (code) return (dictionaries[code] ?? []).map((entry) => ({ label: entry.label, value: typedKey(spec.schema, entry.dictKey) }));
  if (spec.schema.enum) return spec.schema.enum.map((value) => ({ label: String(value), value: value as string | number }));
  if (spec.widget === 'tree-select' && spec.schema['x-ref']) return referenceTrees[referenceKey(spec.schema) ?? ''] ?? [];
  return undefined;
}

function widgetProps(spec: FormFieldSpec, placeholder: { input: string; select: string }): Record<string, unknown> {
  // A list of values (role ids, dictionary keys) is chosen several at a time.
  const isList = spec.schema.type === 'array';
  switch (spec.widget) {
    case 'password':
      // A write-only secret is never filled in; the browser must not offer the signed-in user's password for it.
      return { placeholder: placeholder.input, autoComplete: 'new-password' };
    case 'textarea':
      return { placeholder: placeholder.input, autoSize: { minRows: 3, maxRows: 8 } };
    case 'number':
      return { placeholder: placeholder.input, style: { width: '100%' } };
    case 'select':
      return { placeholder: placeholder.select, allowClear: true, ...(isList ? { mode: 'multiple' } : {}) };
    case 'tree-select': {
      const root = rootMarkerOf(spec.schema.default);
      return {
        placeholder: placeholder.select,
        allowClear: true,
        showSearch: true,
        treeNodeFilterProp: 'title',
        treeDefaultExpandAll: false,
        style: { width: '100%' },
        ...(isList ? { multiple: true } : {}),
        ...(root ? { root } : {}),
      };
    }
    case 'date':
      return { placeholder: placeholder.select, format: 'YYYY-MM-DD', style: { width: '100%' } };
    case 'datetime':
      return { placeholder: placeholder.select, showTime: true, format: 'YYYY-MM-DD HH:mm:ss', style: { width: '100%' } };
    case 'radio':
    case 'switch':
      return {};
    default:
      return { placeholder: placeholder.input, allowClear: true };
  }
}

const suspended = new WeakMap<AnyComponent, AnyComponent>();

/** A hand-written widget may load on demand: it waits in place, not by blanking the page. */
function inSuspense(Widget: AnyComponent): AnyComponent {
  let wrapped = suspended.get(Widget);
  if (!wrapped) {
    const Wrapped = (props: Record<string, unknown>) => (
      <Suspense fallback={<Spin size="small" />}>
        <Widget {...props} />
      </Suspense>
    );
    suspended.set(Widget, (wrapped = Wrapped));
  }
  return wrapped;
}

// Our own tree pickers take the field's options the way Formily's TreeSelect does (dataSource → treeData).
const IdListTreeSelectField = connect(IdListTreeSelect, mapProps({ dataSource: 'treeData' }));
const RootTreeSelectField = connect(RootTreeSelect, mapProps({ dataSource: 'treeData' }));
const JoinedListSelectField = connect(JoinedListSelect, mapProps({ dataSource: 'options' }));

const photoUploads = new Map<number, AnyComponent>();
/** The upload widget of a photo list, one per limit (a stable component, so a field keeps its state). */
function photoUploadOf(maxCount: number): AnyComponent {
  let widget = photoUploads.get(maxCount);
  if (!widget) {
    const Widget = (props: PhotoUploadProps) => <PhotoUpload {...props} maxCount={maxCount} />;
    photoUploads.set(maxCount, (widget = Widget as AnyComponent));
  }
  return widget;
}

/** A hand-written widget for the field, else a photo upload, else the comma-joined id list picker, else the generic control. */
function widgetOfSpec(spec: FormFieldSpec, widgets: Record<string, AnyComponent>): AnyComponent {
  if (widgets[spec.name]) return inSuspense(widgets[spec.name]);
  if (isPhotoList(spec.name, spec.schema)) return photoUploadOf(photoLimitOf(spec.schema));
  if (spec.widget === 'tree-select' && isIdList(spec.schema)) return IdListTreeSelectField;
  if (spec.widget === 'tree-select' && rootMarkerOf(spec.schema.default)) return RootTreeSelectField;
  if (spec.widget === 'select' && isDictList(spec.schema)) return JoinedListSelectField;
  return WIDGETS[spec.widget];
}

const NO_OPTIONS: Record<string, Option[]> = {};

export function EntityForm({ form, specs, dictionaries, referenceTrees, columns = 2, widgets = {}, options: ownOptions = NO_OPTIONS }: EntityFormProps) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'zh';
  // A Formily field reads its props once, when created; options that arrive later are pushed into its state.
  useEffect(() => {
    for (const spec of specs) {
      const options = ownOptions[spec.name] ?? optionsOf(spec, dictionaries, referenceTrees);
      if (options) form.setFieldState(spec.name, (state) => void (state.dataSource = options));
    }
  }, [form, specs, dictionaries, referenceTrees, ownOptions]);
  return (
    <Form
      form={form}
      layout="horizontal"
      labelWidth={labelWidthOf(specs.map((spec) => spec.label))}
      feedbackLayout="loose"
      className="entity-form"
      data-testid="entity-form"
    >
      <Row gutter={16}>
        {specs.map((spec) => {
          const label = inlineLabel(spec.label, language);
          const input = spec.keepsSecret ? t('renderers.secretKept') : t('renderers.inputPlaceholder', { label });
          const placeholder = { input, select: t('renderers.selectPlaceholder', { label }) };
          return (
            <Col key={spec.name} span={columns === 1 || isWideWidget(spec.widget) || widgets[spec.name] || isPhotoList(spec.name, spec.schema) ? 24 : 12}>
              <Field
                name={spec.name}
                title={spec.label}
                validator={spec.rules}
                // Only a true value: `disabled={false}` would make the field editable even in a read-only (view) form.
                disabled={spec.isDisabled || undefined}
                dataSource={ownOptions[spec.name] ?? optionsOf(spec, dictionaries, referenceTrees)}
                decorator={[FormItem]}
                component={[widgetOfSpec(spec, widgets), widgetProps(spec, placeholder)]}
              />
            </Col>
          );
        })}
      </Row>
    </Form>
  );
}
