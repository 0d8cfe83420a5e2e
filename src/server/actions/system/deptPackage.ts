/**
 * Department packages (schemas/system/deptPackage.json): the menu ceiling of
 * the users signed in under the bound departments. bind replaces a package's
 * departments: each must be a department of the caller's tenant, in no other
 * package, and not one of the caller's own (which could lock them out).
 */
import type { Page } from '../../../shared/envelope.js';
import type { Queryable } from '../../db/pool.js';
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { Params } from '../../engine/sqlBuilder.js';
import { badRequest, notFound } from '../../http/apiError.js';
import { idList, optionalId, paramsOf } from './actionParams.js';
import { likeValue, lookupParams } from './lookupParams.js';
import { submitMenuPackage } from './menuPackageSubmit.js';
import { removeGuarded } from './rowRemoval.js';

async function callerDeptIds(db: Queryable, ctx: ActionContext): Promise<Set<string>> {
  const user = await db.query<{ dept_id: string | null }>('SELECT dept_id FROM blade_user WHERE tenant_id = $1 AND id = $2', [ctx.caller.tenantId, ctx.caller.userId]);
  const ids = String(user.rows[0]?.dept_id ?? '').split(',').filter(Boolean);
  if (ctx.caller.deptId) ids.push(ctx.caller.deptId);
  return new Set(ids);
}

async function assertBindable(ctx: ActionContext, packageId: string, deptIds: string[]): Promise<void> {
  const { tenantId } = ctx.caller;
  const depts = await ctx.tx.query<{ id: string; dept_name: string }>(
    'SELECT id::text AS id, dept_name FROM blade_dept WHERE tenant_id = $1 AND is_deleted = 0 AND id = ANY($2::bigint[])',
    [tenantId, deptIds],
  );
  if (depts.rows.length !== deptIds.length) throw badRequest('部门不存在或已被删除', 'A department does not exist or has been removed');
  const own = await callerDeptIds(ctx.tx, ctx);
  const mine = depts.rows.find((dept) => own.has(dept.id));
  if (mine) throw badRequest(`不能绑定自己所在的部门（${mine.dept_name}）`, `You cannot bind your own department (${mine.dept_name})`);
  const taken = await ctx.tx.query<{ package_name: string; dept_id: string }>(
    `SELECT package_name, dept_id FROM blade_dept_package
      WHERE tenant_id = $1 AND is_deleted = 0 AND id <> $2 AND string_to_array(dept_id, ',') && $3::text[] LIMIT 1`,
    [tenantId, packageId, deptIds],
  );
  const other = taken.rows[0];
  if (other) {
    const dept = depts.rows.find((d) => other.dept_id.split(',').includes(d.id))!;
    throw badRequest(`部门「${dept.dept_name}」已绑定套餐「${other.package_name}」`, `The department "${dept.dept_name}" is already bound to the package "${other.package_name}"`);
  }
}

/**
 * GET pageBindRelate?current&size&deptName&packageId: the tenant's departments, a page at a time, each with the
 * package it is bound to (packageId/packageName, empty when none); packageId keeps the departments of one package.
 */
async function pageBindRelate(ctx: ActionContext): Promise<Page<Record<string, unknown>>> {
  const query = lookupParams(ctx.query, ['deptName'], ['packageId'], ['current', 'size']);
  const size = Math.min(Number(query.size ?? 10), 200);
  const current = Number(query.current ?? 1);
  const params = new Params();
  const conditions = [`d.tenant_id = ${params.add(ctx.caller.tenantId)}`, 'd.is_deleted = 0'];
  if (query.deptName) conditions.push(`d.dept_name ILIKE ${likeValue(params, query.deptName)}`);
  if (query.packageId) conditions.push(`p.id = ${params.add(query.packageId)}`);
  const from = `blade_dept d LEFT JOIN blade_dept_package p
      ON p.tenant_id = d.tenant_id AND p.is_deleted = 0 AND d.id::text = ANY(string_to_array(p.dept_id, ','))
    WHERE ${conditions.join(' AND ')}`;
  const total = (await ctx.tx.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${from}`, params.values)).rows[0].total;
  const rows = await ctx.tx.query(
    `SELECT d.id::text AS "deptId", d.dept_name AS "deptName", d.full_name AS "fullName", d.parent_id::text AS "parentId",
            p.id::text AS "packageId", p.package_name AS "packageName"
       FROM ${from} ORDER BY d.sort, d.id LIMIT ${params.add(size)} OFFSET ${params.add((current - 1) * size)}`,
    params.values,
  );
  return { records: rows.rows, total, size, current, pages: Math.ceil(total / size) };
}

/** POST bindPackage?id=<package> (or packageId) with deptIds: replaces the package's departments (none = unbind all). */
async function bind(ctx: ActionContext) {
  const params = paramsOf(ctx);
  const packageId = optionalId(params.id ?? params.packageId, 'id');
  if (!packageId) throw badRequest('请选择部门套餐', 'Please choose a department package');
  const deptIds = idList(params.deptIds ?? params.deptId, 'deptIds', 500);
  const found = await ctx.tx.query('SELECT 1 FROM blade_dept_package WHERE tenant_id = $1 AND id = $2 AND is_deleted = 0 FOR UPDATE', [ctx.caller.tenantId, packageId]);
  if (!found.rowCount) throw notFound();
  // Two binds at once must not put one department into two packages.
  await ctx.tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`dept-package:${ctx.caller.tenantId}`]);
  if (deptIds.length > 0) await assertBindable(ctx, packageId, deptIds);
  await ctx.tx.query(
    `UPDATE blade_dept_package SET dept_id = $3, update_user = $4, update_time = LOCALTIMESTAMP(0), version = version + 1
      WHERE tenant_id = $1 AND id = $2`,
    [ctx.caller.tenantId, packageId, deptIds.length > 0 ? deptIds.join(',') : null, ctx.caller.userId],
  );
  return { id: packageId, deptIds };
}

defineActions('system/deptPackage', {
  submit: (ctx) => submitMenuPackage(ctx),
  remove: (ctx) =>
    removeGuarded(ctx, async (rows) => {
      const bound = rows.find((row) => row.dept_id);
      if (bound) throw badRequest(`套餐「${String(bound.package_name)}」仍绑定着部门，请先解除绑定`, `The package "${String(bound.package_name)}" still has departments; unbind them first`);
    }),
  bind,
  pageBindRelate,
});
