/**
 * Process forms (flow/form) and their versions (flow/formHistory): submit checks and versions the content
 * (workflow/design/formVersions.ts), listType answers the forms grouped by category, changeCategory moves several;
 * setMainVersion makes a version main again, and the main version cannot be removed.
 */
import type { DbClient } from '../../db/pool.js';
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { defineHooks } from '../../engine/hooks.js';
import { localApi } from '../../engine/localApi.js';
import { badRequest, notFound } from '../../http/apiError.js';
import { saveForm, setMainFormVersion } from '../../workflow/design/formVersions.js';
import { bodyOf, hasId, paramsOf, requiredId, requiredIds } from '../system/actionParams.js';
import { categoryIdOf } from './designParams.js';

const txOf = (ctx: ActionContext) => ctx.tx as DbClient;

async function submit(ctx: ActionContext) {
  const body = bodyOf(ctx);
  return saveForm(ctx, txOf(ctx), { ...body, id: hasId(body) ? requiredId(body.id, 'id') : undefined });
}

/** The forms grouped by category: [{categoryId, categoryName, forms: [{id, formKey, name, formVersion}]}], uncategorised last. */
async function listType(ctx: ActionContext) {
  const api = localApi(ctx);
  const forms = await api.find('flow/form', { sort: ['name asc'], limit: 2000, withTitles: true });
  const groups = new Map<string, { categoryId: string | null; categoryName: string; forms: unknown[] }>();
  for (const form of forms as ((typeof forms)[number] & { categoryName?: string })[]) {
    const key = form.categoryId ?? '';
    if (!groups.has(key)) groups.set(key, { categoryId: form.categoryId ?? null, categoryName: form.categoryName ?? '', forms: [] });
    groups.get(key)!.forms.push({ id: form.id, formKey: form.formKey, name: form.name, formVersion: form.formVersion, categoryId: form.categoryId ?? null });
  }
  return [...groups.values()].sort(
    (a, b) => Number(a.categoryId === null) - Number(b.categoryId === null) || a.categoryName.localeCompare(b.categoryName, 'zh'),
  );
}

async function changeCategory(ctx: ActionContext) {
  const params = paramsOf(ctx);
  const ids = requiredIds(params.ids ?? params.id, 'ids');
  const categoryId = categoryIdOf(params);
  const api = localApi(ctx, txOf(ctx));
  const found = await api.find('flow/form', { where: { id: ids } });
  if (found.length !== ids.length) throw notFound('流程表单不存在或已被删除', 'The form does not exist or was removed');
  for (const id of ids) await api.update('flow/form', id, { categoryId } as Record<string, unknown>);
  return { updated: ids.length };
}

defineActions('flow/form', { submit, listType, changeCategory });

/** History submit: a new version of a form's content ({formId, content, remark}), or a version's remark ({id, remark}). */
async function submitHistory(ctx: ActionContext) {
  const body = bodyOf(ctx);
  const api = localApi(ctx, txOf(ctx));
  if (hasId(body)) {
    const id = requiredId(body.id, 'id');
    if (!(await api.findById('flow/formHistory', id))) throw notFound('表单版本不存在或已被删除', 'The form version does not exist or was removed');
    return api.update('flow/formHistory', id, { remark: body.remark as string | undefined });
  }
  const formId = requiredId(body.formId, 'formId');
  if (body.content === undefined || body.content === null || body.content === '') throw badRequest('请提供表单内容', 'Please provide the form content');
  // A content equal to the stored one writes no version: the answer is then the current main version.
  const form = await saveForm(ctx, txOf(ctx), { id: formId, content: body.content, historyRemark: body.remark });
  return api.findById('flow/formHistory', form.mainHistoryId!);
}

async function setMainVersion(ctx: ActionContext) {
  const params = paramsOf(ctx);
  return setMainFormVersion(ctx, txOf(ctx), requiredId(params.id ?? params.historyId, 'id'));
}

defineActions('flow/formHistory', { submit: submitHistory, setMainVersion });

defineHooks('flow/formHistory', {
  async beforeRemove({ rows }) {
    if (rows.some((row) => Number(row.is_main) === 1))
      throw badRequest('主版本不能删除，请先将其他版本设为主版本', 'The main version cannot be removed; make another version main first');
  },
});
