/**
 * Department packages (schemas/system/deptPackage.json): the menu ceiling of
 * the users signed in under the bound departments. bind replaces a package's
 * departments: each must be a department of the caller's tenant, in no other
 * package, and not one of the caller's own (which could lock them out).
 */
import type { Page } from '../../../shared/envelope.js';
import type { DbClient } from '../../db/pool.js';
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { defineHooks } from '../../engine/hooks.js';
import { localApi, type LocalApi } from '../../engine/localApi.js';
import { scopedQuery } from '../../engine/scopedQuery.js';
import { badRequest, notFound } from '../../http/apiError.js';
import { idList, optionalId, paramsOf, splitIds } from './actionParams.js';
import { likePattern, lookupParams } from './lookupParams.js';
import { joinMenuIds } from './menuPackageSubmit.js';
import { lockNames } from '../../db/transactionLocks.js';

async function callerDeptIds(api: LocalApi, ctx: ActionContext): Promise<Set<string>> {
  const user = await api.findById('system/user', ctx.caller.userId);
  const ids = splitIds(user?.deptId);
  if (ctx.caller.deptId) ids.push(ctx.caller.deptId);
  return new Set(ids);
}

async function assertBindable(ctx: ActionContext, packageId: string, deptIds: string[]): Promise<void> {
  const api = localApi(ctx, ctx.tx as DbClient).tenantWide();
  const depts = await api.find('system/dept', { where: { id: deptIds } });
  if (depts.length !== deptIds.length) throw badRequest('部门不存在或已被删除', 'A department does not exist or has been removed');
  const own = await callerDeptIds(api, ctx);
  const mine = depts.find((dept) => own.has(String(dept.id)));
  if (mine) throw badRequest(`不能绑定自己所在的部门（${mine.deptName}）`, `You cannot bind your own department (${mine.deptName})`);
  const q = scopedQuery(ctx, ctx.tx);
  const p = await q.from('system/deptPackage', 'p', 'tenant');
  const [other] = await q.rows<{ package_name: string; dept_id: string }>(
    `SELECT ${p.col('packageName')} AS package_name, ${p.col('deptId')} AS dept_id FROM ${p.table}
      WHERE ${p.scope} AND ${p.col('id')} <> ${q.param(packageId)} AND string_to_array(${p.col('deptId')}, ',') && ${q.param(deptIds)}::text[] LIMIT 1`,
  );
  if (other) {
    const dept = depts.find((d) => other.dept_id.split(',').includes(String(d.id)))!;
    throw badRequest(
      `部门「${dept.deptName}」已绑定套餐「${other.package_name}」`,
      `The department "${dept.deptName}" is already bound to the package "${other.package_name}"`,
    );
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
  // Built twice (count, then the page): each statement carries exactly its own parameters.
  const select = async (
    columns: (d: Awaited<ReturnType<typeof from>>['d'], p: Awaited<ReturnType<typeof from>>['p']) => string,
    tail: (param: (v: unknown) => string) => string,
  ) => {
    const { q, d, p } = await from();
    const conditions = [d.scope];
    if (query.deptName) conditions.push(`${d.col('deptName')} ILIKE ${q.param(likePattern(query.deptName))}`);
    if (query.packageId) conditions.push(`${p.col('id')} = ${q.param(query.packageId)}`);
    return q.rows(
      `SELECT ${columns(d, p)} FROM ${d.table} LEFT JOIN ${p.table}
          ON ${p.scope} AND ${d.col('id')}::text = ANY(string_to_array(${p.col('deptId')}, ','))
        WHERE ${conditions.join(' AND ')} ${tail(q.param)}`,
    );
  };
  async function from() {
    const q = scopedQuery(ctx, ctx.tx);
    return { q, d: await q.from('system/dept', 'd', 'tenant'), p: await q.from('system/deptPackage', 'p', 'tenant') };
  }
  const [{ total }] = (await select(
    () => 'count(*)::int AS total',
    () => '',
  )) as { total: number }[];
  const records = await select(
    (
      d,
      p,
    ) => `${d.col('id')}::text AS "deptId", ${d.col('deptName')} AS "deptName", ${d.col('fullName')} AS "fullName", ${d.col('parentId')}::text AS "parentId",
            ${p.col('id')}::text AS "packageId", ${p.col('packageName')} AS "packageName"`,
    (param) => `ORDER BY ${'"d"."sort"'}, "d"."id" LIMIT ${param(size)} OFFSET ${param((current - 1) * size)}`,
  );
  return { records, total, size, current, pages: Math.ceil(total / size) };
}

/** POST bindPackage?id=<package> (or packageId) with deptIds: replaces the package's departments (none = unbind all). */
async function bind(ctx: ActionContext) {
  const params = paramsOf(ctx);
  const packageId = optionalId(params.id ?? params.packageId, 'id');
  if (!packageId) throw badRequest('请选择部门套餐', 'Please choose a department package');
  const deptIds = idList(params.deptIds ?? params.deptId, 'deptIds', 500);
  const tx = ctx.tx as DbClient;
  const api = localApi(ctx, tx);
  const [found] = await api.find('system/deptPackage', { where: { id: packageId }, limit: 1, forUpdate: true });
  if (!found) throw notFound();
  // Two binds at once must not put one department into two packages (a lock on a name, no table).
  await lockNames(tx, [`dept-package:${ctx.caller.tenantId}`]);
  if (deptIds.length > 0) await assertBindable(ctx, packageId, deptIds);
  // deptId is server-owned (readOnly): only bind writes it; null unbinds every department.
  await api.update('system/deptPackage', packageId, { deptId: (deptIds.length > 0 ? deptIds.join(',') : null) as string });
  return { id: packageId, deptIds };
}

defineActions('system/deptPackage', { bind, pageBindRelate });

defineHooks('system/deptPackage', {
  beforeValidate: joinMenuIds,
  beforeRemove: ({ rows }) => {
    const bound = rows.find((row) => row.dept_id);
    if (bound)
      throw badRequest(
        `套餐「${String(bound.package_name)}」仍绑定着部门，请先解除绑定`,
        `The package "${String(bound.package_name)}" still has departments; unbind them first`,
      );
  },
});
