/**
 * Reading users: the page of the user register (filters of the schema, plus
 * a department with its descendants, a role, a post), one user, and every
 * user a filter matches (export). Always within the request's row scope
 * (tenant and data scope); role, department and post names come along, the
 * password never (it is not an output field).
 */
import type { Page } from '../../../shared/envelope.js';
import type { Queryable } from '../../db/pool.js';
import type { ActionContext } from '../../engine/actions.js';
import type { EntityModel, RouteBinding } from '../../engine/entityModel.js';
import { parseListParams, type SortKey } from '../../engine/listParams.js';
import { filterCondition, orderClause, outputFields, Params, scopeConditions, selectList, type RowScope } from '../../engine/sqlBuilder.js';
import { badRequest, notFound } from '../../http/apiError.js';
import { isBlank } from './actionParams.js';
import { isIdString } from '../../db/ids.js';

type Row = Record<string, unknown>;

/** Names of the comma-joined roles, departments and posts, in their own order. */
const NAME_COLUMNS = `
  (SELECT string_agg(r.role_name, ',' ORDER BY r.sort, r.id) FROM blade_role r
    WHERE r.tenant_id = blade_user.tenant_id AND r.is_deleted = 0 AND r.id::text = ANY(string_to_array(blade_user.role_id, ','))) AS "roleName",
  (SELECT string_agg(d.dept_name, ',' ORDER BY d.sort, d.id) FROM blade_dept d
    WHERE d.tenant_id = blade_user.tenant_id AND d.is_deleted = 0 AND d.id::text = ANY(string_to_array(blade_user.dept_id, ','))) AS "deptName",
  (SELECT string_agg(p.post_name, ',' ORDER BY p.sort, p.id) FROM blade_post p
    WHERE p.tenant_id = blade_user.tenant_id AND p.is_deleted = 0 AND p.id::text = ANY(string_to_array(blade_user.post_id, ','))) AS "postName"`;

export function userColumns(model: EntityModel, fieldNames?: string[]): string {
  return `${selectList(outputFields(model, fieldNames))}, ${NAME_COLUMNS}`;
}

/** A department and everything below it, as text ids (users store departments as text). */
function departmentSubtree(params: Params, tenantParam: string, deptId: string): string {
  return `ARRAY(WITH RECURSIVE below AS (
      SELECT id FROM blade_dept WHERE tenant_id = ${tenantParam} AND is_deleted = 0 AND id = ${params.add(deptId)}
      UNION SELECT d.id FROM blade_dept d JOIN below b ON d.parent_id = b.id WHERE d.tenant_id = ${tenantParam} AND d.is_deleted = 0
    ) SELECT id::text FROM below)`;
}

function singleId(query: Row, name: string): string | undefined {
  const raw = query[name];
  if (isBlank(raw) || raw === '0') return undefined;
  if (typeof raw !== 'string' || !isIdString(raw)) throw badRequest(`参数 ${name} 不正确`, `The parameter ${name} is not valid`);
  return raw;
}

export interface UserFilter {
  conditions: string[];
  params: Params;
  sort: SortKey[];
  current: number;
  size: number;
}

/**
 * The WHERE conditions of a user query: row scope, the schema's filters and
 * the membership filters (deptId with descendants, roleId, postId).
 */
export function userFilter(model: EntityModel, binding: RouteBinding, scope: RowScope, query: Row): UserFilter {
  const { deptId: _d, roleId: _r, postId: _p, ...rest } = query;
  const deptId = singleId(query, 'deptId');
  const roleId = singleId(query, 'roleId');
  const postId = singleId(query, 'postId');
  const list = parseListParams(model, binding, rest);
  const params = new Params();
  const conditions = scopeConditions(model, scope, params);
  conditions.push(...list.filters.map((filter) => filterCondition(filter, params)));
  if (deptId) conditions.push(`string_to_array("dept_id", ',') && ${departmentSubtree(params, params.add(scope.tenantId), deptId)}`);
  if (roleId) conditions.push(`${params.add(roleId)} = ANY(string_to_array("role_id", ','))`);
  if (postId) conditions.push(`${params.add(postId)} = ANY(string_to_array("post_id", ','))`);
  return { conditions, params, sort: list.sort, current: list.current, size: list.size };
}

/** A page of users; `extra` adds conditions for parameters the caller took out of the query. */
export async function pageUsers(ctx: ActionContext, query: Row = ctx.query, extra: (params: Params) => string[] = () => []): Promise<Page<Row>> {
  const filter = userFilter(ctx.model, ctx.binding, ctx.scope, query);
  const where = `WHERE ${[...filter.conditions, ...extra(filter.params)].join(' AND ')}`;
  const countValues = [...filter.params.values];
  const limit = filter.params.add(filter.size);
  const offset = filter.params.add((filter.current - 1) * filter.size);
  const [rows, counted] = await Promise.all([
    ctx.tx.query(`SELECT ${userColumns(ctx.model)} FROM blade_user ${where} ${orderClause(filter.sort)} LIMIT ${limit} OFFSET ${offset}`, filter.params.values),
    ctx.tx.query<{ total: number }>(`SELECT count(*)::int AS total FROM blade_user ${where}`, countValues),
  ]);
  const total = counted.rows[0].total;
  return { records: rows.rows, total, size: filter.size, current: filter.current, pages: Math.ceil(total / filter.size) };
}

/** Every matching user (no paging), at most `limit` + 1 so the caller can tell when there are too many. */
export async function allUsers(ctx: ActionContext, limit: number): Promise<Row[]> {
  const { current: _c, size: _s, ...query } = ctx.query;
  const filter = userFilter(ctx.model, ctx.binding, ctx.scope, query);
  const limitParam = filter.params.add(limit + 1);
  const result = await ctx.tx.query(
    `SELECT ${userColumns(ctx.model)} FROM blade_user WHERE ${filter.conditions.join(' AND ')} ${orderClause(filter.sort)} LIMIT ${limitParam}`,
    filter.params.values,
  );
  return result.rows;
}

/** Users by id within the row scope; `lock` takes them FOR UPDATE (writes). */
export async function usersByIds(db: Queryable, model: EntityModel, scope: RowScope, ids: string[], lock = false): Promise<Row[]> {
  const params = new Params();
  const conditions = [...scopeConditions(model, scope, params), `"id" = ANY(${params.add(ids)}::bigint[])`];
  const result = await db.query(`SELECT ${userColumns(model)} FROM blade_user WHERE ${conditions.join(' AND ')}${lock ? ' FOR UPDATE' : ''}`, params.values);
  return result.rows;
}

/** Every one of the users, or a 404 (a user outside the caller's tenant or data scope does not exist for them). */
export async function requireUsers(db: Queryable, model: EntityModel, scope: RowScope, ids: string[], lock = false): Promise<Row[]> {
  const rows = await usersByIds(db, model, scope, ids, lock);
  if (rows.length !== ids.length) throw notFound('用户不存在或已被删除', 'The user does not exist or has been deleted');
  return rows;
}
