/**
 * The form designer's state: the form's key, name, category and remark, its fields and the selected one, starting
 * from the form being edited (none for a new form); the schema every change produces (the preview's and the saved
 * content) and the problems that keep it from being saved. The designer's body is made anew for each form opened,
 * so the state starts from the form it was made for.
 */
import { useMemo, useState } from 'react';
import type { FlowForm } from './formsApi';
import { fieldProblems, fromFormSchema, moveField, newField, toFormSchema, type DesignerField, type FieldKind } from './formSchema';

export interface FormMeta {
  formKey: string;
  name: string;
  categoryId?: string;
  remark?: string;
}

function metaOf(form: FlowForm | undefined): FormMeta {
  if (!form) return { formKey: '', name: '' };
  return { formKey: form.formKey, name: form.name, categoryId: form.categoryId ?? undefined, remark: form.remark ?? undefined };
}

export function useFormDesigner(initial: FlowForm | undefined) {
  const [meta, setMeta] = useState<FormMeta>(() => metaOf(initial));
  const [fields, setFields] = useState<DesignerField[]>(() => fromFormSchema(initial?.content));
  const [selectedUid, setSelectedUid] = useState<string | undefined>(() => fields[0]?.uid);

  const schema = useMemo(() => toFormSchema(fields), [fields]);
  const problems = useMemo(() => fieldProblems(fields), [fields]);

  const addField = (kind: FieldKind, title: string) => {
    const field = newField(kind, title, fields);
    const at = fields.findIndex((item) => item.uid === selectedUid);
    setFields(at < 0 ? [...fields, field] : [...fields.slice(0, at + 1), field, ...fields.slice(at + 1)]);
    setSelectedUid(field.uid);
  };
  const updateField = (uid: string, patch: Partial<DesignerField>) =>
    setFields((old) => old.map((field) => (field.uid === uid ? { ...field, ...patch } : field)));
  const removeField = (uid: string) => {
    const at = fields.findIndex((field) => field.uid === uid);
    const next = fields.filter((field) => field.uid !== uid);
    setFields(next);
    if (uid === selectedUid) setSelectedUid(next[Math.min(at, next.length - 1)]?.uid);
  };
  const move = (index: number, delta: number) => setFields((old) => moveField(old, index, delta));

  return {
    meta,
    setMeta,
    fields,
    selected: fields.find((field) => field.uid === selectedUid),
    selectedUid,
    setSelectedUid,
    schema,
    problems,
    addField,
    updateField,
    removeField,
    move,
  };
}
