/**
 * Goods as flat tree nodes (SpringBlade TreeNode), for the console's pickers
 * and for reading a stored id as its name in lists: its title joins three
 * columns of two tables, which the engine's options operation (one x-title
 * field) cannot say. Rows the caller may see (tenant and data scope).
 */
import type { TreeNode } from '../../shared/envelope.js';
import type { ActionContext } from '../engine/actions.js';
import { quoteIdent } from '../engine/naming.js';
import { MAX_UNPAGED_ROWS } from '../engine/operations/readOperations.js';
import { Params, scopeConditions } from '../engine/sqlBuilder.js';

interface Named {
  id: string;
  title: string;
}

const flatNode = ({ id, title }: Named): TreeNode => ({ id, parentId: '0', title, key: id, value: id, hasChildren: false });

/** A goods reads as "name (spec) · depository": the same name is held in several depositories. */
export async function goodsNodes(ctx: ActionContext): Promise<TreeNode[]> {
  const params = new Params();
  const where = scopeConditions(ctx.model, ctx.scope, params, 'g').join(' AND ');
  const result = await ctx.db.query<Named>(
    `SELECT g."id"::text AS "id",
            g."name" || CASE WHEN coalesce(g."spec", '') = '' THEN '' ELSE '（' || g."spec" || '）' END || coalesce(' · ' || d."name", '') AS "title"
       FROM ${quoteIdent(ctx.model.table)} g
       LEFT JOIN "urgent_depository" d ON d."id" = g."depository_id" AND d."tenant_id" = g."tenant_id"
      WHERE ${where} ORDER BY d."name", g."category", g."name" LIMIT ${params.add(MAX_UNPAGED_ROWS)}`,
    params.values,
  );
  return result.rows.map(flatNode);
}
