/**
 * Process drafts (flow/draft): a start form saved for later. The register is
 * owned (x-owner userId), so the local API stamps the caller as the owner on
 * insert and finds only the caller's rows of the caller's tenant: another
 * user's draft is "not found" and is never changed. submit and remove are
 * actions only because a generic write needs a button, and a draft is every
 * signed-in user's own business.
 */
import type { DbClient } from '../../db/pool.js';
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { localApi } from '../../engine/localApi.js';
import { badRequest, notFound } from '../../http/apiError.js';
import { bodyOf, hasId, paramsOf, requiredIds } from '../system/actionParams.js';

/** The most drafts one user keeps: a draft is a convenience, not a store. */
const MAX_DRAFTS_PER_USER = 200;

/** formData as stored: a JSON object text; an object is accepted and written as text. */
function formDataText(raw: unknown): string {
  const text = typeof raw === 'string' ? raw : raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? JSON.stringify(raw) : undefined;
  if (text === undefined) throw badRequest('表单数据必须是一个 JSON 对象', 'The form data must be a JSON object');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest('表单数据必须是一个 JSON 对象', 'The form data must be a JSON object');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw badRequest('表单数据必须是一个 JSON 对象', 'The form data must be a JSON object');
  return text;
}

async function submitDraft(ctx: ActionContext) {
  const body = bodyOf(ctx);
  const api = localApi(ctx, ctx.tx as DbClient);
  const data = {
    processKey: body.processKey as string,
    processDefinitionId: (body.processDefinitionId as string | undefined) || undefined,
    title: (body.title as string | undefined) ?? undefined,
    formData: formDataText(body.formData),
  };
  if (hasId(body)) {
    const id = String(body.id);
    if (!(await api.findById('flow/draft', id))) throw notFound();
    return api.update('flow/draft', id, data);
  }
  if ((await api.count('flow/draft')) >= MAX_DRAFTS_PER_USER)
    throw badRequest(
      `草稿已达上限（${MAX_DRAFTS_PER_USER} 条），请先删除不用的草稿`,
      `You have ${MAX_DRAFTS_PER_USER} drafts already; please remove some first`,
    );
  return api.create('flow/draft', data);
}

async function removeDrafts(ctx: ActionContext) {
  const ids = requiredIds(paramsOf(ctx).ids, 'ids');
  const api = localApi(ctx, ctx.tx as DbClient);
  // Only the caller's own drafts are found; the others are left alone, as the inbox does.
  const own = await api.find('flow/draft', { where: { id: ids }, limit: ids.length });
  return api.remove(
    'flow/draft',
    own.map((draft) => String(draft.id)),
  );
}

defineActions('flow/draft', { submit: submitDraft, remove: removeDrafts });
