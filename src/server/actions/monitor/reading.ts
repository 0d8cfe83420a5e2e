/**
 * The reading families' generic endpoints (schemas/monitor/reading.json):
 * list, detail and export read the family's elements in the family menu's
 * data scope; save, update and remove are manual entry (source 3) gated by
 * the family's buttons in the schema. The rules (station → reservoir, family,
 * range, future time) and the daily rollup are the register's hooks
 * (src/server/monitor/readingRules.ts), so they hold here, in bulk ingestion
 * and in any local API write alike. Reports and listAll/listNew: readingReports.ts.
 */
import type { DbClient } from '../../db/pool.js';
import { defineActions, type ActionContext, type ActionHandler, type FileAnswer } from '../../engine/actions.js';
import type { RouteBinding } from '../../engine/entityModel.js';
import { localApi } from '../../engine/localApi.js';
import type { OperationContext } from '../../engine/operations/context.js';
import { exportOperation } from '../../engine/operations/exportOperation.js';
import { detailOperation, listOperation, requireId } from '../../engine/operations/readOperations.js';
import { insertRow, parseIds, removeRows, updateRow } from '../../engine/operations/writeOperations.js';
import { ApiError, badRequest, notFound } from '../../http/apiError.js';
import { elementByKey, type MonitorFamilyInfo } from '../../../shared/monitorElements.js';
import { SOURCE_MANUAL } from '../../monitor/readingRules.js';
import { assertFamilyRead, FAMILY_NAMES, familyElementKeys, familyOfBinding, familyScope } from './readingFamilies.js';
import './readingReports.js';

type Row = Record<string, unknown>;

async function familyContext(ctx: ActionContext): Promise<{ info: MonitorFamilyInfo; scoped: OperationContext }> {
  const info = familyOfBinding(ctx.binding);
  return { info, scoped: { db: ctx.db, caller: ctx.caller, language: ctx.language, scope: await familyScope(ctx, info) } };
}

function bodyOf(ctx: ActionContext): Row {
  if (!ctx.body || typeof ctx.body !== 'object' || Array.isArray(ctx.body)) {
    throw badRequest('请求体必须是一个 JSON 对象', 'The request body must be a JSON object');
  }
  return ctx.body as Row;
}

function listBindingOf(ctx: ActionContext, info: MonitorFamilyInfo): RouteBinding {
  return ctx.model.bindings.find((binding) => binding.name === `${info.family}List`)!;
}

/** An element a family's save or update may set: one of the family's (a missing element is the validation's "required"). */
export function assertFamilyElement(info: MonitorFamilyInfo, element: unknown, language: 'zh' | 'en'): void {
  if (element === undefined || element === null || element === '') return;
  if (familyElementKeys(info).includes(Number(element))) return;
  const names = info.elements.map((e) => e.code).join(', ');
  const given = elementByKey(Number(element))?.code ?? String(element);
  throw badRequest(`监测要素 ${given} 不属于本类监测数据（可选：${names}）`, `The element ${given} does not belong to these readings (allowed: ${names})`, {
    field: 'element',
    language,
  });
}

function isOwnElement(info: MonitorFamilyInfo, row: { element?: unknown }): boolean {
  return familyElementKeys(info).includes(Number(row.element));
}

const list: ActionHandler = async (ctx) => {
  const { info, scoped } = await familyContext(ctx);
  await assertFamilyRead(ctx, info);
  return listOperation(scoped, ctx.model, ctx.binding, ctx.query);
};

const detail: ActionHandler = async (ctx) => {
  const { info, scoped } = await familyContext(ctx);
  await assertFamilyRead(ctx, info);
  const row = await detailOperation(scoped, ctx.model, ctx.query.id);
  if (!isOwnElement(info, row)) throw notFound();
  return row;
};

const exportList: ActionHandler = async (ctx): Promise<FileAnswer> => {
  const { info, scoped } = await familyContext(ctx);
  await assertFamilyRead(ctx, info);
  return { file: await exportOperation(scoped, ctx.model, listBindingOf(ctx, info), ctx.query) };
};

const save: ActionHandler = async (ctx) => {
  const { info, scoped } = await familyContext(ctx);
  const body = bodyOf(ctx);
  if (body.id !== undefined && body.id !== null && body.id !== '') throw badRequest('新增数据不能指定主键', 'A new record cannot carry an id');
  assertFamilyElement(info, body.element, ctx.language);
  return insertRow(scoped, ctx.tx as DbClient, ctx.model, body, { checkAccess: false, serverData: { source: SOURCE_MANUAL } });
};

const update: ActionHandler = async (ctx) => {
  const { info, scoped } = await familyContext(ctx);
  const body = bodyOf(ctx);
  const id = requireId(body.id);
  const existing = await localApi(scoped, ctx.tx as DbClient).findById('monitor/reading', id);
  // A reading of another family is not found here (as in its detail); updateRow checks tenant and scope.
  if (existing && !isOwnElement(info, existing)) throw notFound();
  assertFamilyElement(info, body.element, ctx.language);
  return updateRow(scoped, ctx.tx as DbClient, ctx.model, body, { checkAccess: false });
};

const remove: ActionHandler = async (ctx) => {
  const { info, scoped } = await familyContext(ctx);
  const body = ctx.body && typeof ctx.body === 'object' ? (ctx.body as Row) : {};
  const ids = parseIds(ctx.query.ids ?? (Array.isArray(body.ids) ? body.ids.join(',') : body.ids));
  return removeRows(scoped, ctx.tx as DbClient, ctx.model, ids, async (rows) => {
    if (!rows.every((row) => isOwnElement(info, row))) {
      throw new ApiError(404, { zh: '要删除的数据不存在或已被删除', en: 'Some of the records to delete do not exist or were already deleted' });
    }
  });
};

defineActions(
  'monitor/reading',
  Object.fromEntries(
    FAMILY_NAMES.flatMap((family) => [
      [`${family}List`, list],
      [`${family}Detail`, detail],
      [`${family}Export`, exportList],
      [`${family}Save`, save],
      [`${family}Update`, update],
      [`${family}Remove`, remove],
    ]),
  ),
);
