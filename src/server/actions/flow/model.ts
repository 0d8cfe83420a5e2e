/**
 * Process models (flow/model), their versions (flow/modelHistory) and who may start them (flow/modelScope):
 * submit parses and versions the XML (workflow/design/modelVersions.ts), deploy makes a deployment of the model's
 * XML, changeCategory/changeIcon change several models; a history version is made main with setMainVersion, and
 * the main version cannot be removed; scope submit replaces a model's scope rows.
 */
import type { DbClient } from '../../db/pool.js';
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { defineHooks } from '../../engine/hooks.js';
import { localApi } from '../../engine/localApi.js';
import { badRequest, notFound } from '../../http/apiError.js';
import { deployProcess } from '../../workflow/design/deploy.js';
import { SCOPE_DEPTS, SCOPE_EVERYONE, SCOPE_ROLES, SCOPE_USERS } from '../../workflow/design/modelScopes.js';
import { saveModel, setMainModelVersion } from '../../workflow/design/modelVersions.js';
import { bodyOf, hasId, idList, paramsOf, requiredId, requiredIds, type Params } from '../system/actionParams.js';
import { categoryIdOf, tenantIdsOf } from './designParams.js';

const MAX_SCOPES = 50;
const txOf = (ctx: ActionContext) => ctx.tx as DbClient;

async function submit(ctx: ActionContext) {
  const body = bodyOf(ctx);
  return saveModel(ctx, txOf(ctx), { ...body, id: hasId(body) ? requiredId(body.id, 'id') : undefined });
}

async function deploy(ctx: ActionContext) {
  const params = paramsOf(ctx);
  const modelId = requiredId(params.modelId ?? params.id, 'modelId');
  const model = await localApi(ctx, txOf(ctx)).findById('flow/model', modelId);
  if (!model) throw notFound('流程模型不存在或已被删除', 'The model does not exist or was removed');
  if (!model.xml)
    throw badRequest(`模型「${model.name}」还没有流程图，请先设计并保存`, `The model "${model.name}" has no diagram yet; design and save it first`);
  return deployProcess(ctx, txOf(ctx), {
    xml: model.xml,
    categoryId: categoryIdOf(params) ?? model.categoryId ?? null,
    modelId: model.id,
    modelHistoryId: model.mainHistoryId ?? null,
    tenantIds: tenantIdsOf(params.tenantIds),
  });
}

/** Sets one input field on several models (each checked as an update: references, limits). */
async function changeMany(ctx: ActionContext, params: Params, data: Record<string, unknown>) {
  const ids = requiredIds(params.ids ?? params.id, 'ids');
  const api = localApi(ctx, txOf(ctx));
  const found = await api.find('flow/model', { where: { id: ids } });
  if (found.length !== ids.length) throw notFound('流程模型不存在或已被删除', 'The model does not exist or was removed');
  for (const id of ids) await api.update('flow/model', id, data);
  return { updated: ids.length };
}

function changeCategory(ctx: ActionContext) {
  const params = paramsOf(ctx);
  return changeMany(ctx, params, { categoryId: categoryIdOf(params) });
}

function changeIcon(ctx: ActionContext) {
  const params = paramsOf(ctx);
  if (typeof params.icon !== 'string') throw badRequest('请选择图标', 'Please choose an icon');
  return changeMany(ctx, params, { icon: params.icon });
}

defineActions('flow/model', { submit, deploy, changeCategory, changeIcon });

/** History submit: a new version of a model's XML ({modelId, xml, remark}), or a version's remark ({id, remark}). */
async function submitHistory(ctx: ActionContext) {
  const body = bodyOf(ctx);
  const api = localApi(ctx, txOf(ctx));
  if (hasId(body)) {
    const id = requiredId(body.id, 'id');
    if (!(await api.findById('flow/modelHistory', id))) throw notFound('模型版本不存在或已被删除', 'The model version does not exist or was removed');
    return api.update('flow/modelHistory', id, { remark: body.remark as string | undefined });
  }
  const modelId = requiredId(body.modelId, 'modelId');
  if (typeof body.xml !== 'string' || body.xml.trim() === '') throw badRequest('请提供流程 XML', 'Please provide the process XML');
  // An XML equal to the stored one writes no version: the answer is then the current main version.
  const model = await saveModel(ctx, txOf(ctx), { id: modelId, xml: body.xml, remark: body.remark });
  return api.findById('flow/modelHistory', model.mainHistoryId!);
}

async function setMainVersion(ctx: ActionContext) {
  const params = paramsOf(ctx);
  return setMainModelVersion(ctx, txOf(ctx), requiredId(params.id ?? params.historyId, 'id'));
}

defineActions('flow/modelHistory', { submit: submitHistory, setMainVersion });

defineHooks('flow/modelHistory', {
  async beforeRemove({ rows }) {
    if (rows.some((row) => Number(row.is_main) === 1))
      throw badRequest('主版本不能删除，请先将其他版本设为主版本', 'The main version cannot be removed; make another version main first');
  },
});

/** Scope submit: {modelId, scopes: [{scopeType, scopeValue}]} replaces every scope row of the model. */
async function submitScopes(ctx: ActionContext) {
  const body = bodyOf(ctx);
  const modelId = requiredId(body.modelId, 'modelId');
  const api = localApi(ctx, txOf(ctx));
  if (!(await api.findById('flow/model', modelId))) throw notFound('流程模型不存在或已被删除', 'The model does not exist or was removed');
  const scopes = body.scopes ?? body.list ?? [];
  if (!Array.isArray(scopes) || scopes.length > MAX_SCOPES)
    throw badRequest(`发起范围须是至多 ${MAX_SCOPES} 条的列表`, `The scopes must be a list of at most ${MAX_SCOPES}`);
  const rows = scopes.map((scope) => scopeRow(scope));
  const old = await api.find('flow/modelScope', { where: { modelId } });
  await api.remove(
    'flow/modelScope',
    old.map((row) => row.id),
  );
  const created = [];
  for (const row of rows) created.push(await api.create('flow/modelScope', { modelId, ...row }));
  return created;
}

const SCOPE_TYPES = [SCOPE_EVERYONE, SCOPE_USERS, SCOPE_ROLES, SCOPE_DEPTS];

function scopeRow(raw: unknown): { scopeType: 1 | 2 | 3 | 4; scopeValue: string } {
  const scope = (typeof raw === 'object' && raw !== null ? raw : {}) as Params;
  const scopeType = Number(scope.scopeType);
  if (!SCOPE_TYPES.includes(scopeType))
    throw badRequest('范围类型只能是 1 全部、2 用户、3 角色、4 部门', 'The scope type must be 1 (everyone), 2 (users), 3 (roles) or 4 (departments)');
  const ids = scopeType === SCOPE_EVERYONE ? [] : idList(scope.scopeValue, 'scopeValue', 200);
  if (scopeType !== SCOPE_EVERYONE && ids.length === 0)
    throw badRequest('请选择发起范围的用户、角色或部门', 'Please choose the users, roles or departments of the scope');
  return { scopeType: scopeType as 1 | 2 | 3 | 4, scopeValue: ids.join(',') };
}

defineActions('flow/modelScope', { submit: submitScopes });
