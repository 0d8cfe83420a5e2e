/**
 * Check points of a structure template: the template must be the tenant's,
 * the struct type is always the template's, and configurationIds must be
 * catalogue items of the template's kind (inspect, maintain or clean item).
 */
import type { DbClient } from '../../db/pool.js';
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { quoteIdent } from '../../engine/naming.js';
import { insertRow, updateRow } from '../../engine/operations/writeOperations.js';
import { bodyOf } from './itemGroupActions.js';
import { FieldErrors, hasDuplicates, idList, missingIds, type Row } from './setupRules.js';
import { itemModel, KIND_LABEL, kindOfStructType, structTemplateModel } from './setupKinds.js';

async function submit(ctx: ActionContext): Promise<Row> {
  const body = bodyOf(ctx);
  const isUpdate = body.id !== undefined && body.id !== null && body.id !== '';
  const saved = isUpdate ? await updateRow(ctx, ctx.tx as DbClient, ctx.model, body) : await insertRow(ctx, ctx.tx as DbClient, ctx.model, body);
  const errors = new FieldErrors(ctx.language);
  const template = await ctx.tx.query<{ struct_type: number }>(
    `SELECT struct_type FROM ${quoteIdent(structTemplateModel().table)} WHERE tenant_id = $1 AND id = $2 AND is_deleted = 0`,
    [ctx.caller.tenantId, saved.templateId],
  );
  const structType = template.rows[0]?.struct_type;
  const kind = kindOfStructType(structType);
  if (!kind) {
    errors.add('templateId', '所选结构模板不存在或已被删除', 'The chosen structure template does not exist or was deleted');
    errors.throwIfAny();
    return saved;
  }
  const items = idList(saved.configurationIds);
  if (!items.isValid || hasDuplicates(items.ids) || (await missingIds(ctx.tx, itemModel(kind), ctx.caller.tenantId, items.ids)).length > 0) {
    errors.add('configurationIds', `对应项目须为本租户的${KIND_LABEL[kind].zh}项目且不能重复`, `The items must be ${KIND_LABEL[kind].en} items of the tenant, each once`);
  }
  errors.throwIfAny();
  await ctx.tx.query(`UPDATE ${quoteIdent(ctx.model.table)} SET struct_type = $1 WHERE id = $2`, [structType, saved.id]);
  return { ...saved, structType };
}

defineActions('inspect/templateItem', { submit });
