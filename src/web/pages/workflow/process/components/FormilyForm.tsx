/**
 * A process form (flow/form.content, contract 14 §5) drawn by Formily: the JSON schema's fields with the components
 * the project's forms use (@formily/antd-v5's FormItem, Input, NumberPicker, Select, DatePicker, Switch, Radio and
 * Checkbox groups, as EntityForm's widgets). `readOnly` shows the values as text. The caller owns the form
 * (createForm / useProcessForm), reads its values and validates it before sending. Exported for H7.
 */
import { createForm, setValidateLanguage, type Form as FormilyFormInstance } from '@formily/core';
import { Checkbox, DatePicker, Form, FormItem, Input, NumberPicker, Radio, Select, Switch } from '@formily/antd-v5';
import { createSchemaField } from '@formily/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormilySchema } from '../processTypes';
import { safeFormilySchema } from './formilySchema';

/** The component names a process form may use (the form designer offers these). */
const SchemaField = createSchemaField({
  components: { FormItem, Input, NumberPicker, Select, DatePicker, Switch, Radio, Checkbox },
});

export interface FormilyFormProps {
  schema: FormilySchema;
  readOnly?: boolean;
  form: FormilyFormInstance;
}

/** A form with these starting values (the instance's variables, a draft), made once per values object. */
export function useProcessForm(initialValues?: Record<string, unknown>): FormilyFormInstance {
  return useMemo(() => createForm({ initialValues: initialValues ?? {} }), [initialValues]);
}

export function FormilyForm({ schema, readOnly = false, form }: FormilyFormProps) {
  const { i18n } = useTranslation();
  // Formily words its own rule messages (该字段是必填字段): in the console's language, not the browser's.
  setValidateLanguage(i18n.language === 'en' ? 'en-US' : 'zh-CN');
  useEffect(() => {
    form.setPattern(readOnly ? 'readPretty' : 'editable');
  }, [form, readOnly]);
  // Built from the allowed keys only, never the stored object: Formily would run a stored `{{…}}` or x-reactions.
  const shown = useMemo(() => safeFormilySchema(schema), [schema]);
  return (
    // Formily's Form does not pass data-* attributes on: the wrapper carries the test id.
    <div className="process-form" data-testid="process-form">
      <Form form={form} layout="vertical">
        <SchemaField schema={shown} />
      </Form>
    </div>
  );
}
