/**
 * Goods as flat tree nodes (SpringBlade TreeNode), for the console's pickers
 * and for reading a stored id as its name in lists: its title joins three
 * columns of two tables, which the engine's options operation (one x-title
 * field) cannot say. Rows the caller may see (tenant and data scope).
 */
import type { TreeNode } from '../../shared/envelope.js';
import type { ActionContext } from '../engine/actions.js';
import { MAX_UNPAGED_ROWS } from '../engine/operations/readOperations.js';
import { scopedQuery } from '../engine/scopedQuery.js';

interface Named {
  id: string;
  title: string;
}

const flatNode = ({ id, title }: Named): TreeNode => ({ id, parentId: '0', title, key: id, value: id, hasChildren: false });

/** A goods reads as "name (spec) · depository": the same name is held in several depositories. */
export async function goodsNodes(ctx: ActionContext): Promise<TreeNode[]> {
  const q = scopedQuery(ctx);
  const g = await q.from('urgent/goods', 'g');
  const d = await q.from('urgent/depository', 'd', 'tenant');
  const rows = await q.rows<Named>(
    `SELECT ${g.col('id')}::text AS "id",
            ${g.col('name')} || CASE WHEN coalesce(${g.col('spec')}, '') = '' THEN '' ELSE '（' || ${g.col('spec')} || '）' END || coalesce(' · ' || ${d.col('name')}, '') AS "title"
       FROM ${g.table}
       LEFT JOIN ${d.table} ON ${d.col('id')} = ${g.col('depositoryId')} AND ${d.scope}
      WHERE ${g.scope} ORDER BY ${d.col('name')}, ${g.col('category')}, ${g.col('name')} LIMIT ${q.param(MAX_UNPAGED_ROWS)}`,
  );
  return rows.map(flatNode);
}
