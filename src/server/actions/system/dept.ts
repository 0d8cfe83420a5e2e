/**
 * Actions of the department register (schemas/system/dept.json): submit
 * keeps `ancestors` right ("0" for a root, else the path of ids from the
 * root to the parent, comma-joined) for the department and everything below
 * it; remove refuses departments that still have children or users.
 */
import { defineActions, type ActionContext } from '../../engine/actions.js';
import type { DbClient } from '../../db/pool.js';
import { actorOf } from '../../engine/operations/context.js';
import { insertRow, parseIds, updateRow } from '../../engine/operations/writeOperations.js';
import { buildSoftDelete } from '../../engine/sqlBuilder.js';
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

async function removeDepts(ctx: ActionContext): Promise<{ removed: number }> {
  const ids = parseIds(ctx.query[ctx.binding.idParam]);
  const tx = ctx.tx as DbClient;
  const found = await tx.query<{ id: string; dept_name: string }>(
    'SELECT id::text AS id, dept_name FROM blade_dept WHERE tenant_id = $1 AND is_deleted = 0 AND id = ANY($2::bigint[]) FOR UPDATE',
    [ctx.caller.tenantId, ids],
  );
  if (found.rows.length !== ids.length) throw new ApiError(404, { zh: '要删除的数据不存在或已被删除', en: 'Some of the records to delete do not exist or were already deleted' });
  const children = await tx.query('SELECT 1 FROM blade_dept WHERE tenant_id = $1 AND is_deleted = 0 AND parent_id = ANY($2::bigint[]) AND NOT (id = ANY($2::bigint[])) LIMIT 1', [
    ctx.caller.tenantId,
    ids,
  ]);
  if (children.rowCount) throw badRequest('请先删除子节点', 'Delete the child entries first');
  const members = await tx.query<{ dept_id: string; users: number }>(
    `SELECT m.dept_id, count(*)::int AS users FROM blade_user u CROSS JOIN LATERAL unnest(string_to_array(u.dept_id, ',')) AS m(dept_id)
      WHERE u.tenant_id = $1 AND u.is_deleted = 0 AND m.dept_id = ANY($2::text[]) GROUP BY m.dept_id`,
    [ctx.caller.tenantId, ids],
  );
  if (members.rows.length > 0) {
    const name = found.rows.find((d) => d.id === members.rows[0].dept_id)!.dept_name;
    const users = members.rows[0].users;
    throw badRequest(`机构“${name}”下还有 ${users} 个用户，请先调整这些用户的所属部门`, `The department "${name}" still has ${users} users; move them first`);
  }
  const sql = buildSoftDelete(ctx.model, ctx.scope, actorOf(ctx.caller), ids);
  const result = await tx.query(sql.text, sql.values);
  return { removed: result.rowCount ?? 0 };
}

defineActions('system/dept', {
  submit: submitDept,
  remove: removeDepts,
});
