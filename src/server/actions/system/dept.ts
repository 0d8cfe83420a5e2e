/**
 * Actions of the department register (schemas/system/dept.json): submit
 * keeps `ancestors` right ("0" for a root, else the path of ids from the
 * root to the parent, comma-joined) for the department and everything below
 * it; remove refuses departments that still have children or users.
 */
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { firstHeldByUsers, removeGuarded } from './rowRemoval.js';
import type { DbClient } from '../../db/pool.js';
import { insertRow, updateRow } from '../../engine/operations/writeOperations.js';
import { ApiError, badRequest } from '../../http/apiError.js';
import { bodyObject, isBlank } from './actionParams.js';

type Row = Record<string, unknown>;

/** Rewrites ancestors of a department and its whole subtree from the parent chain (which also mends rows seeded without them). */
export async function refreshAncestors(tx: DbClient, tenantId: string, deptId: string): Promise<void> {
  await tx.query(
    `WITH RECURSIVE up AS (
       SELECT p.id, p.parent_id, 1 AS depth FROM blade_dept d JOIN blade_dept p ON p.id = d.parent_id AND p.tenant_id = d.tenant_id
        WHERE d.tenant_id = $1 AND d.id = $2
       UNION ALL
       SELECT p.id, p.parent_id, up.depth + 1 FROM blade_dept p JOIN up ON p.id = up.parent_id WHERE p.tenant_id = $1 AND up.depth < 64
     ), own AS (
       SELECT '0' || coalesce(string_agg(',' || id::text, '' ORDER BY depth DESC), '') AS ancestors FROM up
     ), below AS (
       SELECT d.id, (SELECT ancestors FROM own) AS ancestors, 0 AS depth FROM blade_dept d WHERE d.tenant_id = $1 AND d.id = $2
       UNION ALL
       SELECT c.id, b.ancestors || ',' || b.id::text, b.depth + 1 FROM blade_dept c JOIN below b ON c.parent_id = b.id
        WHERE c.tenant_id = $1 AND c.is_deleted = 0 AND b.depth < 64
     )
     UPDATE blade_dept d SET ancestors = below.ancestors FROM below WHERE d.tenant_id = $1 AND d.id = below.id AND d.ancestors IS DISTINCT FROM below.ancestors`,
    [tenantId, deptId],
  );
}

async function assertRegionExists(tx: DbClient, body: Row, language: 'zh' | 'en'): Promise<void> {
  if (isBlank(body.regionCode) || typeof body.regionCode !== 'string') return;
  const found = await tx.query('SELECT 1 FROM blade_region WHERE code = $1 AND is_deleted = 0', [body.regionCode]);
  if (!found.rowCount) {
    const message = { zh: '所选行政区划不存在', en: 'The chosen region does not exist' };
    throw new ApiError(400, message, { errors: [{ field: 'regionCode', message: message[language] }] });
  }
}

async function submitDept(ctx: ActionContext): Promise<Row> {
  const body = bodyObject(ctx.body);
  if (body.regionCode === '') body.regionCode = null;
  const tx = ctx.tx as DbClient;
  const isNew = isBlank(body.id);
  // The engine validates and checks the parent (exists, not the department itself or below it) first.
  const saved = isNew ? await insertRow(ctx, tx, ctx.model, body) : await updateRow(ctx, tx, ctx.model, body);
  await assertRegionExists(tx, body, ctx.language);
  await refreshAncestors(tx, ctx.caller.tenantId, String(saved.id));
  const reloaded = await tx.query('SELECT ancestors FROM blade_dept WHERE tenant_id = $1 AND id = $2', [ctx.caller.tenantId, saved.id]);
  return { ...saved, ancestors: reloaded.rows[0].ancestors };
}

/** dept/remove?ids: refused for departments with children (the engine) or users still in them. */
function removeDepts(ctx: ActionContext): Promise<{ removed: number }> {
  return removeGuarded(ctx, async (rows, tx) => {
    const held = await firstHeldByUsers(tx, ctx.caller.tenantId, 'dept_id', rows);
    if (held) {
      const name = String(held.row.dept_name);
      throw badRequest(`机构“${name}”下还有 ${held.users} 个用户，请先调整这些用户的所属部门`, `The department "${name}" still has ${held.users} users; move them first`);
    }
  });
}

defineActions('system/dept', {
  submit: submitDept,
  remove: removeDepts,
});
