/**
 * A flow form rendered by Formily from its JSON schema (contract 14 §5), exactly as stored: the designer's live
 * preview and a history version's preview. The components are @formily/antd-v5's, the ones the project's schema
 * forms use (renderers/EntityForm.tsx), registered under the x-component names §5 allows; a number picker fills its
 * cell like the other controls. A field's x-default (a default value the server resolves when a process starts) is
 * shown as a tag after its label, since the preview cannot know its value.
 */
import { createForm } from '@formily/core';
import { Checkbox, DatePicker, Form, FormItem, Input, NumberPicker, Radio, Select, Switch } from '@formily/antd-v5';
import { createSchemaField, type ISchema } from '@formily/react';
import { Empty } from 'antd';
import { useMemo, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormSchema } from './formSchema';

function WideNumberPicker(props: ComponentProps<typeof NumberPicker>) {
  return <NumberPicker {...props} style={{ width: '100%', ...props.style }} />;
}

function WideDatePicker(props: ComponentProps<typeof DatePicker>) {
  return <DatePicker {...props} style={{ width: '100%', ...props.style }} />;
}

const SchemaField = createSchemaField({
  components: { FormItem, Input, NumberPicker: WideNumberPicker, Select, DatePicker: WideDatePicker, Switch, Radio, Checkbox },
});

export interface FormPreviewProps {
  schema: FormSchema;
  readOnly?: boolean;
  testId?: string;
}

/** The schema with each x-default shown in its label (the preview's own copy; the stored content is untouched). */
function labelledSchema(schema: FormSchema, defaultLabel: string): ISchema {
  const properties = Object.fromEntries(
    Object.entries(schema.properties).map(([name, property]) => [
      name,
      property['x-default'] ? { ...property, 'x-decorator-props': { tooltip: `${defaultLabel}: ${property['x-default']}` } } : property,
    ]),
  );
  return { ...schema, properties } as ISchema;
}

export function FormPreview({ schema, readOnly = false, testId = 'form-preview' }: FormPreviewProps) {
  const { t } = useTranslation();
  // A new form for every schema: the designer changes kinds and defaults, which an existing field would keep.
  const text = JSON.stringify(schema);
  const form = useMemo(() => createForm({ readPretty: readOnly }), [text, readOnly]); // eslint-disable-line react-hooks/exhaustive-deps
  const shown = useMemo(() => labelledSchema(JSON.parse(text) as FormSchema, t('workflowForms.designer.defaultKey')), [text, t]);
  if (Object.keys(schema.properties).length === 0) {
    return <Empty className="wf-form-preview-empty" description={t('workflowForms.designer.previewEmpty')} data-testid={testId} />;
  }
  return (
    <div className="wf-form-preview" data-testid={testId}>
      <Form form={form} layout="vertical" feedbackLayout="terse">
        <SchemaField schema={shown} />
      </Form>
    </div>
  );
}
