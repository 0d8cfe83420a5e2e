/**
 * A flow form rendered from its JSON schema (contract 14 §5) exactly as a task shows it: the designer's live preview
 * and a history version's preview draw through the task centre's FormilyForm (the components and field defaults a
 * running process uses), so what the designer shows is what an applicant will see. A field's x-default (a default
 * value the server resolves when a process starts) is named in a tooltip on its label, since the preview cannot
 * know its value; the stored content is untouched.
 */
import { createForm } from '@formily/core';
import { Empty } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormilyForm } from '../process/components/FormilyForm';
import type { FormilySchema } from '../process/processTypes';
import type { FormSchema } from './formSchema';

export interface FormPreviewProps {
  schema: FormSchema;
  readOnly?: boolean;
  testId?: string;
}

function labelledSchema(schema: FormSchema, defaultLabel: string): FormilySchema {
  const properties = Object.fromEntries(
    Object.entries(schema.properties).map(([name, property]) => [
      name,
      property['x-default'] ? { ...property, 'x-decorator-props': { tooltip: `${defaultLabel}: ${property['x-default']}` } } : { ...property },
    ]),
  );
  return { ...schema, properties };
}

export function FormPreview({ schema, readOnly = false, testId = 'form-preview' }: FormPreviewProps) {
  const { t } = useTranslation();
  // A new form for every schema: the designer changes kinds and defaults, which an existing field would keep.
  const text = JSON.stringify(schema);
  const form = useMemo(() => createForm(), [text]); // eslint-disable-line react-hooks/exhaustive-deps
  const shown = useMemo(() => labelledSchema(JSON.parse(text) as FormSchema, t('workflowForms.designer.defaultKey')), [text, t]);
  if (Object.keys(schema.properties).length === 0) {
    return <Empty className="wf-form-preview-empty" description={t('workflowForms.designer.previewEmpty')} data-testid={testId} />;
  }
  return (
    <div className="wf-form-preview" data-testid={testId} data-schema={text}>
      <FormilyForm schema={shown} form={form} readOnly={readOnly} />
    </div>
  );
}
