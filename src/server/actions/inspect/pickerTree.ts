/**
 * A register's rows as flat tree nodes ({id, parentId 0, title, key, value}):
 * what the console's pickers and list labels read for a reference (x-ref)
 * to a register that is not a tree — item groups and items.
 */
import type { TreeNode } from '../../../shared/envelope.js';
import type { ActionHandler } from '../../engine/actions.js';
import { MAX_UNPAGED_ROWS } from '../../engine/operations/readOperations.js';
import { buildSelectAll } from '../../engine/sqlBuilder.js';

export function pickerTree(titleField: string): ActionHandler {
  return async (ctx): Promise<TreeNode[]> => {
    const sql = buildSelectAll(ctx.model, ctx.scope, [], ctx.model.order, MAX_UNPAGED_ROWS, [titleField]);
    const rows = (await ctx.db.query(sql.text, sql.values)).rows as Record<string, unknown>[];
    return rows.map((row) => {
      const id = String(row.id);
      return { id, parentId: '0', title: String(row[titleField] ?? ''), key: id, value: id };
    });
  };
}
