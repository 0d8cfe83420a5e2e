/**
 * Structure templates (one tree for inspection, maintenance and cleaning,
 * told apart by structType): a child keeps its parent's type; removing a
 * node is refused while it has children or objects made from it, and takes
 * its check points (template items) with it.
 */
import type { DbClient } from '../../db/pool.js';
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { quoteIdent } from '../../engine/naming.js';
import { insertRow, parseIds, updateRow } from '../../engine/operations/writeOperations.js';
import { badRequest } from '../../http/apiError.js';
import { bodyOf } from './itemGroupActions.js';
import { FieldErrors, type Row } from './setupRules.js';
import { removeRows } from '../../engine/operations/writeOperations.js';
import { objectModel, SETUP_KINDS, templateItemModel } from './setupKinds.js';

async function submit(ctx: ActionContext): Promise<Row> {
  const body = bodyOf(ctx);
  const isUpdate = body.id !== undefined && body.id !== null && body.id !== '';
  const saved = isUpdate ? await updateRow(ctx, ctx.tx as DbClient, ctx.model, body) : await insertRow(ctx, ctx.tx as DbClient, ctx.model, body);
  const parentId = String(saved.referId ?? '0');
  if (parentId !== '0') {
    const parent = await ctx.tx.query<{ struct_type: number }>(`SELECT struct_type FROM ${quoteIdent(ctx.model.table)} WHERE tenant_id = $1 AND id = $2 AND is_deleted = 0`, [ctx.caller.tenantId, parentId]);
    if (parent.rows[0] && parent.rows[0].struct_type !== saved.structType) {
      const errors = new FieldErrors(ctx.language);
      errors.add('referId', '上级结构的模板类型与本结构不同', "The parent structure's template type differs from this one");
      errors.throwIfAny();
    }
  }
  return saved;
}

async function refuseTemplatesInUse(ctx: ActionContext, ids: string[]): Promise<void> {
  const children = await ctx.tx.query(
    `SELECT 1 FROM ${quoteIdent(ctx.model.table)} WHERE tenant_id = $1 AND is_deleted = 0 AND refer_id = ANY($2::bigint[]) AND NOT (id = ANY($2::bigint[])) LIMIT 1`,
    [ctx.caller.tenantId, ids],
  );
  if ((children.rowCount ?? 0) > 0) throw badRequest('请先删除子节点', 'Delete the child entries first');
  for (const kind of SETUP_KINDS) {
    const used = await ctx.tx.query<{ obj_name: string }>(
      `SELECT obj_name FROM ${quoteIdent(objectModel(kind).table)} WHERE tenant_id = $1 AND is_deleted = 0 AND struct_id = ANY($2::bigint[]) LIMIT 1`,
      [ctx.caller.tenantId, ids],
    );
    if (used.rows[0]) {
      const name = used.rows[0].obj_name;
      throw badRequest(`结构模板已用于对象「${name}」，不能删除`, `The structure template is used by the object "${name}" and cannot be removed`);
    }
  }
}

async function remove(ctx: ActionContext): Promise<{ removed: number }> {
  const ids = parseIds(ctx.query.ids);
  const result = await removeRows(ctx, ctx.tx, ctx.model, ids, () => refuseTemplatesInUse(ctx, ids));
  await ctx.tx.query(
    `UPDATE ${quoteIdent(templateItemModel().table)} SET is_deleted = 1, update_user = $3, update_time = LOCALTIMESTAMP(0) WHERE tenant_id = $1 AND is_deleted = 0 AND template_id = ANY($2::bigint[])`,
    [ctx.caller.tenantId, ids, ctx.caller.userId],
  );
  return result;
}

defineActions('inspect/structTemplate', { submit, remove });
