/**
 * The form designer, a drawer over the form list: the form's key, name and category on top; below, the palette of
 * field kinds, the field list (add, reorder, remove), the selected field's properties and a live preview that
 * Formily renders from the JSON schema being built — the very content 保存 sends to form/submit (contract 14 §5).
 * Save is refused here while a field has a problem (shown on its row) and the server's 400 message is shown as the
 * request layer shows every refusal; the drawer stays open with the work in it.
 */
import { App, Button, Card, Drawer, Form, Input, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import type { TreeNode } from '../../../../shared/envelope';
import { CategoryTreeSelect } from './CategoryTreeSelect';
import { FieldList } from './FieldList';
import { FieldPalette, kindKey } from './FieldPalette';
import { FieldProperties } from './FieldProperties';
import { FormPreview } from './FormPreview';
import { contentBytes, FORM_KEY_PATTERN, MAX_CONTENT_BYTES, MAX_FIELDS, type FieldKind } from './formSchema';
import { fetchDefaultValues, fetchForm, submitForm, type FlowForm } from './formsApi';
import { useFormDesigner } from './useFormDesigner';

export interface FormDesignerProps {
  open: boolean;
  /** The form edited; none for a new form. */
  formId?: string;
  categories: TreeNode[];
  onClose: () => void;
  onSaved: () => void;
}

/** What keeps the form from being saved before it is sent, as an i18n key (workflowForms.problems.*). */
function metaProblem(meta: { formKey: string; name: string }, fieldCount: number, bytes: number): string | undefined {
  if (!meta.formKey) return 'formKeyMissing';
  if (!FORM_KEY_PATTERN.test(meta.formKey)) return 'formKeyInvalid';
  if (!meta.name.trim()) return 'formNameMissing';
  if (fieldCount === 0) return 'noFields';
  if (fieldCount > MAX_FIELDS) return 'tooManyFields';
  if (bytes > MAX_CONTENT_BYTES) return 'tooLarge';
  return undefined;
}

export function FormDesigner({ open, formId, categories, onClose, onSaved }: FormDesignerProps) {
  const { t } = useTranslation();
  const { data: loaded, isValidating } = useSWR(open && formId ? ['flow-form', formId] : null, () => fetchForm(formId!), {
    revalidateOnFocus: false,
    dedupingInterval: 0,
  });
  // The form as it is now (not a copy cached by an earlier opening) is what the designer starts from.
  const isReady = open && (!formId || (!!loaded && !isValidating));
  const title = formId ? t('workflowForms.designer.editTitle', { name: loaded?.name ?? '' }) : t('workflowForms.designer.addTitle');
  return (
    <Drawer open={open} onClose={onClose} width="calc(100vw - 120px)" title={title} destroyOnHidden className="wf-designer-drawer" data-testid="form-designer">
      {isReady ? (
        <DesignerBody key={formId ?? 'new'} formId={formId} initial={loaded} categories={categories} onClose={onClose} onSaved={onSaved} />
      ) : (
        <Spin className="crud-loading" />
      )}
    </Drawer>
  );
}

interface DesignerBodyProps {
  formId?: string;
  initial?: FlowForm;
  categories: TreeNode[];
  onClose: () => void;
  onSaved: () => void;
}

/** The designer for one form (or a new one), made anew each time the drawer opens, so its state starts from that form. */
function DesignerBody({ formId, initial, categories, onClose, onSaved }: DesignerBodyProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const designer = useFormDesigner(initial);
  const { data: defaultValues = [] } = useSWR('flow-form-default-values', fetchDefaultValues, { revalidateOnFocus: false });
  const [isSaving, setSaving] = useState(false);
  const [showProblems, setShowProblems] = useState(false);

  const { meta, setMeta, fields, schema, problems } = designer;
  const bytes = contentBytes(schema);
  const blocking = metaProblem(meta, fields.length, bytes);

  const save = async () => {
    setShowProblems(true);
    if (blocking || problems.length > 0) {
      void message.error(t(`workflowForms.problems.${blocking ?? problems[0].key}`));
      if (!blocking) designer.setSelectedUid(problems[0].uid);
      return;
    }
    setSaving(true);
    try {
      await submitForm({
        id: formId,
        formKey: meta.formKey,
        name: meta.name.trim(),
        categoryId: meta.categoryId,
        remark: meta.remark,
        content: schema,
        version: initial?.version,
      });
      void message.success(t('workflowForms.designer.saved'));
      onSaved();
    } catch {
      // The request layer showed the server's message; the work stays in the drawer.
    } finally {
      setSaving(false);
    }
  };

  const addField = (kind: FieldKind) => designer.addField(kind, t(kindKey(kind)));
  return (
    <>
      <div className="wf-designer-top">
        <Form layout="inline" className="wf-designer-meta" data-testid="form-designer-meta">
          <Form.Item label={t('workflowForms.formKey')} required validateStatus={showProblems && blocking?.startsWith('formKey') ? 'error' : undefined}>
            <Input
              value={meta.formKey}
              maxLength={64}
              placeholder="leave_form"
              onChange={(event) => setMeta({ ...meta, formKey: event.target.value.trim() })}
              data-testid="form-key"
            />
          </Form.Item>
          <Form.Item label={t('workflowForms.formName')} required validateStatus={showProblems && blocking === 'formNameMissing' ? 'error' : undefined}>
            <Input value={meta.name} maxLength={100} onChange={(event) => setMeta({ ...meta, name: event.target.value })} data-testid="form-name" />
          </Form.Item>
          <Form.Item label={t('workflowForms.category')} className="wf-designer-category">
            <CategoryTreeSelect
              tree={categories}
              value={meta.categoryId}
              onChange={(categoryId) => setMeta({ ...meta, categoryId })}
              placeholder={t('workflowForms.chooseCategory')}
              testId="form-category"
            />
          </Form.Item>
          <Form.Item label={t('workflowForms.remark')} className="wf-designer-remark">
            <Input value={meta.remark} maxLength={255} onChange={(event) => setMeta({ ...meta, remark: event.target.value })} />
          </Form.Item>
        </Form>
        <Space className="wf-designer-actions">
          <Button onClick={onClose}>{t('renderers.cancel')}</Button>
          <Button type="primary" loading={isSaving} onClick={() => void save()} data-testid="form-designer-save">
            {t('renderers.save')}
          </Button>
        </Space>
      </div>
      <div className="wf-designer-body">
        <Card size="small" title={t('workflowForms.designer.palette')} className="wf-designer-pane">
          <FieldPalette onAdd={addField} disabled={fields.length >= MAX_FIELDS} />
        </Card>
        <Card
          size="small"
          title={t('workflowForms.designer.fields')}
          extra={<Tag>{t('workflowForms.designer.fieldCount', { count: fields.length, max: MAX_FIELDS })}</Tag>}
          className="wf-designer-pane"
        >
          <FieldList
            fields={fields}
            selectedUid={designer.selectedUid}
            problems={problems}
            onSelect={designer.setSelectedUid}
            onMove={designer.move}
            onRemove={designer.removeField}
          />
        </Card>
        <Card size="small" title={t('workflowForms.designer.properties')} className="wf-designer-pane">
          <FieldProperties
            field={designer.selected}
            defaultValues={defaultValues}
            onChange={(patch) => designer.selectedUid && designer.updateField(designer.selectedUid, patch)}
          />
        </Card>
        <Card size="small" title={t('workflowForms.designer.preview')} className="wf-designer-pane wf-designer-preview">
          <FormPreview schema={schema} />
        </Card>
      </div>
    </>
  );
}
