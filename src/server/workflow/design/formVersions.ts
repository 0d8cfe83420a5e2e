/**
 * Saving a process form and its versions (contract 14 §1, §5): the content is checked (formContent.ts) before
 * anything is stored, and every save that changes it writes flow/formHistory version n+1 as the main version.
 * setMainVersion brings an older version back.
 */
import type { FlowForm, FlowFormHistory } from '../../../shared/generated/entityTypes.js';
import type { DbClient } from '../../db/pool.js';
import { localApi, type LocalContext } from '../../engine/localApi.js';
import { badRequest, notFound } from '../../http/apiError.js';
import { checkedFormContent } from './formContent.js';

type Row = Record<string, unknown>;

export interface FormInput {
  id?: string;
  formKey?: unknown;
  name?: unknown;
  categoryId?: unknown;
  remark?: unknown;
  content?: unknown;
  /** The remark of the history version a changed content writes. */
  historyRemark?: unknown;
  version?: unknown;
}

const FORM_FIELDS = ['formKey', 'name', 'categoryId', 'remark', 'version'] as const;

async function makeMain(ctx: LocalContext, tx: DbClient, formId: string, historyId: string): Promise<void> {
  const api = localApi(ctx, tx).tenantWide();
  const mains = await api.find('flow/formHistory', { where: { formId, isMain: 1 } });
  for (const other of mains) if (other.id !== historyId) await api.update('flow/formHistory', other.id, { isMain: 0 });
  await api.update('flow/formHistory', historyId, { isMain: 1 });
}

export async function addFormVersion(ctx: LocalContext, tx: DbClient, form: FlowForm, content: string, remark?: string): Promise<FlowFormHistory> {
  const api = localApi(ctx, tx).tenantWide();
  const [latest] = await api.find('flow/formHistory', { where: { formId: form.id }, sort: ['historyVersion desc'], limit: 1 });
  const historyVersion = Math.max(latest?.historyVersion ?? 0, form.formVersion ?? 0) + 1;
  const history = await api.create('flow/formHistory', { formId: form.id, historyVersion, content, isMain: 0, remark });
  await makeMain(ctx, tx, form.id, history.id);
  await api.update('flow/form', form.id, { content, formVersion: historyVersion, mainHistoryId: history.id });
  return history;
}

function historyRemarkOf(raw: unknown): string | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string' || raw.length > 255) throw badRequest('备注不能超过255个字符', 'The remark cannot exceed 255 characters');
  return raw;
}

/** Creates or updates a form; a new or changed content is checked and versioned. Answers the form. */
export async function saveForm(ctx: LocalContext, tx: DbClient, input: FormInput): Promise<FlowForm> {
  const api = localApi(ctx, tx);
  const existing = input.id ? await api.findById('flow/form', input.id) : undefined;
  if (input.id && !existing) throw notFound();
  const hasContent = input.content !== undefined && input.content !== null && input.content !== '';
  const checked = hasContent ? await checkedFormContent(ctx, tx, input.content) : undefined;
  const data: Row = {};
  for (const name of FORM_FIELDS) if (input[name] !== undefined) data[name] = input[name];
  const saved = existing ? await api.update('flow/form', existing.id, data) : await api.create('flow/form', data);
  if (checked && checked.text !== existing?.content) {
    await addFormVersion(ctx, tx, saved, checked.text, historyRemarkOf(input.historyRemark));
    return (await api.findById('flow/form', saved.id))!;
  }
  return saved;
}

export async function setMainFormVersion(ctx: LocalContext, tx: DbClient, historyId: string): Promise<FlowForm> {
  const api = localApi(ctx, tx);
  const history = await api.findById('flow/formHistory', historyId);
  if (!history) throw notFound('表单版本不存在或已被删除', 'The form version does not exist or was removed');
  const form = await api.findById('flow/form', history.formId);
  if (!form) throw notFound('流程表单不存在或已被删除', 'The form does not exist or was removed');
  // A version saved before the form rules (formFieldRules.ts) may hold expressions: it is checked as a new content is.
  if (history.content) await checkedFormContent(ctx, tx, history.content);
  await makeMain(ctx, tx, form.id, history.id);
  return api.update('flow/form', form.id, { content: history.content, mainHistoryId: history.id });
}
