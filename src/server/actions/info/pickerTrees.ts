/**
 * Stations as a flat pick list in the tree shape the
 * console's reference pickers read (id, title, key, value): other registers
 * refer to them (equipment, phreatic-line points), and their labels show in
 * those lists. Any signed-in user of the tenant may read them, as listAll.
 */
import type { TreeNode } from '../../../shared/envelope.js';
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { quoteIdent } from '../../engine/naming.js';
import { Params, scopeConditions } from '../../engine/sqlBuilder.js';

async function nodes(ctx: ActionContext, titleSql: string, order: string): Promise<TreeNode[]> {
  const params = new Params();
  const where = scopeConditions(ctx.model, ctx.scope, params).join(' AND ');
  const result = await ctx.db.query<{ id: string; title: string }>(
    `SELECT id::text AS id, ${titleSql} AS title FROM ${quoteIdent(ctx.model.table)} WHERE ${where} ORDER BY ${order} LIMIT 10000`,
    params.values,
  );
  return result.rows.map((row) => ({ id: row.id, parentId: '0', title: row.title, key: row.id, value: row.id }));
}

defineActions('info/station', { tree: (ctx) => nodes(ctx, `station_name || ' (' || station_code || ')'`, 'station_code, id') });
