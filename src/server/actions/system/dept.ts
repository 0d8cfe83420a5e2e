/**
 * Rules of the department register (schemas/system/dept.json): a save keeps
 * `ancestors` right ("0" for a root, else the path of ids from the root to
 * the parent, comma-joined) for the department and everything below it;
 * removal refuses departments that still have users (children: the engine).
 */
import type { OperationContext } from '../../engine/operations/context.js';
import type { DbClient } from '../../db/pool.js';
import { defineHooks } from '../../engine/hooks.js';
import { quoteIdent } from '../../engine/naming.js';
import { scopedQuery } from '../../engine/scopedQuery.js';
import { badRequest } from '../../http/apiError.js';
import { firstHeldByUsers } from './rowRemoval.js';

/** Rewrites ancestors of a department and its whole subtree from the parent chain (which also mends rows seeded without them); answers the department's. */
async function refreshAncestors(ctx: OperationContext, tx: DbClient, deptId: string): Promise<string | undefined> {
  const q = scopedQuery(ctx, tx);
  const [d, p, up, own, c, t] = await Promise.all(['d', 'p', 'pp', 'dd', 'c', 't'].map((alias) => q.from('system/dept', alias, 'tenant')));
  const id = q.param(deptId);
  const ancestors = quoteIdent(t.model.field.get('ancestors')!.column);
  const [saved] = await q.rows<{ ancestors: string }>(
    `WITH RECURSIVE up AS (
       SELECT ${p.col('id')} AS id, ${p.col('parentId')} AS parent_id, 1 AS depth FROM ${d.table} JOIN ${p.table} ON ${p.col('id')} = ${d.col('parentId')} AND ${p.scope}
        WHERE ${d.scope} AND ${d.col('id')} = ${id}
       UNION ALL
       SELECT ${up.col('id')}, ${up.col('parentId')}, up.depth + 1 FROM ${up.table} JOIN up ON ${up.col('id')} = up.parent_id WHERE ${up.scope} AND up.depth < 64
     ), own AS (
       SELECT '0' || coalesce(string_agg(',' || id::text, '' ORDER BY depth DESC), '') AS ancestors FROM up
     ), below AS (
       SELECT ${own.col('id')} AS id, (SELECT ancestors FROM own) AS ancestors, 0 AS depth FROM ${own.table} WHERE ${own.scope} AND ${own.col('id')} = ${id}
       UNION ALL
       SELECT ${c.col('id')}, b.ancestors || ',' || b.id::text, b.depth + 1 FROM ${c.table} JOIN below b ON ${c.col('parentId')} = b.id
        WHERE ${c.scope} AND b.depth < 64
     ), changed AS (
       UPDATE ${t.table} SET ${ancestors} = below.ancestors FROM below
        WHERE ${t.scope} AND ${t.col('id')} = below.id AND ${t.col('ancestors')} IS DISTINCT FROM below.ancestors
     )
     SELECT ancestors FROM below WHERE id = ${id}`,
  );
  return saved?.ancestors;
}

defineHooks('system/dept', {
  /** An emptied region box is no region. */
  beforeValidate: ({ data }) => {
    if (data.regionCode === '') data.regionCode = null;
  },
  afterChange: async ({ ctx, tx, row }) => {
    row.ancestors = await refreshAncestors(ctx, tx, String(row.id));
  },
  /** dept/remove?ids: refused for departments users are still in. */
  beforeRemove: async ({ ctx, tx, rows }) => {
    const held = await firstHeldByUsers(ctx, tx, 'deptId', rows);
    if (held) {
      const name = String(held.row.dept_name);
      throw badRequest(
        `机构“${name}”下还有 ${held.users} 个用户，请先调整这些用户的所属部门`,
        `The department "${name}" still has ${held.users} users; move them first`,
      );
    }
  },
});
