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
import type { SchemaId } from '../../../shared/generated/entityTypes.js';
import { entityModel } from '../../engine/entityRegistry.js';
import { quoteIdent } from '../../engine/naming.js';
import { badRequest, notFound } from '../../http/apiError.js';
import { isBlank } from './actionParams.js';
import { isIdString } from '../../db/ids.js';

type Row = Record<string, unknown>;

/** A register joined into a user query: its table, tenant-wide scope (tenant, soft delete) and columns, from its schema. */
export function joinedRegister(id: SchemaId, alias: string, params: Params, tenantId: string) {
  const model = entityModel(id);
  const quoted = quoteIdent(alias);
  const col = (field: string) => `${quoted}.${quoteIdent(model.field.get(field)!.column)}`;
  return { table: `${quoteIdent(model.table)} AS ${quoted}`, scope: scopeConditions(model, { tenantId }, params, quoted).join(' AND '), col };
}

/** Names of the comma-joined roles, departments and posts, in their own order. */
function nameColumns(params: Params, tenantId: string): string {
  const names: [SchemaId, string, string, string][] = [
    ['system/role', 'roleName', 'role_id', 'roleName'],
    ['system/dept', 'deptName', 'dept_id', 'deptName'],
    ['system/post', 'postName', 'post_id', 'postName'],
  ];
  return names
    .map(([id, nameField, userColumn, label]) => {
      const r = joinedRegister(id, 'n', params, tenantId);
      return `(SELECT string_agg(${r.col(nameField)}, ',' ORDER BY ${r.col('sort')}, ${r.col('id')}) FROM ${r.table}
    WHERE ${r.scope} AND ${r.col('id')}::text = ANY(string_to_array(blade_user.${userColumn}, ','))) AS "${label}"`;
    })
    .join(',\n  ');
}

export function userColumns(model: EntityModel, params: Params, tenantId: string, fieldNames?: string[]): string {
  return `${selectList(outputFields(model, fieldNames))}, ${nameColumns(params, tenantId)}`;
}

/** A department and everything below it, as text ids (users store departments as text). */
function departmentSubtree(params: Params, tenantId: string, deptId: string): string {
  const top = joinedRegister('system/dept', 't', params, tenantId);
  const d = joinedRegister('system/dept', 'd', params, tenantId);
  return `ARRAY(WITH RECURSIVE below AS (
      SELECT ${top.col('id')} AS id FROM ${top.table} WHERE ${top.scope} AND ${top.col('id')} = ${params.add(deptId)}
      UNION SELECT ${d.col('id')} FROM ${d.table} JOIN below b ON ${d.col('parentId')} = b.id WHERE ${d.scope}
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
  if (deptId) conditions.push(`string_to_array("dept_id", ',') && ${departmentSubtree(params, scope.tenantId, deptId)}`);
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
  const columns = userColumns(ctx.model, filter.params, ctx.scope.tenantId);
  const [rows, counted] = await Promise.all([
    ctx.tx.query(`SELECT ${columns} FROM blade_user ${where} ${orderClause(filter.sort)} LIMIT ${limit} OFFSET ${offset}`, filter.params.values),
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
  const columns = userColumns(ctx.model, filter.params, ctx.scope.tenantId);
  const result = await ctx.tx.query(
    `SELECT ${columns} FROM blade_user WHERE ${filter.conditions.join(' AND ')} ${orderClause(filter.sort)} LIMIT ${limitParam}`,
    filter.params.values,
  );
  return result.rows;
}

/** Users by id within the row scope; `lock` takes them FOR UPDATE (writes). */
export async function usersByIds(db: Queryable, model: EntityModel, scope: RowScope, ids: string[], lock = false): Promise<Row[]> {
  const params = new Params();
  const conditions = [...scopeConditions(model, scope, params), `"id" = ANY(${params.add(ids)}::bigint[])`];
  const columns = userColumns(model, params, scope.tenantId);
  const result = await db.query(`SELECT ${columns} FROM blade_user WHERE ${conditions.join(' AND ')}${lock ? ' FOR UPDATE' : ''}`, params.values);
  return result.rows;
}

/** Every one of the users, or a 404 (a user outside the caller's tenant or data scope does not exist for them). */
export async function requireUsers(db: Queryable, model: EntityModel, scope: RowScope, ids: string[], lock = false): Promise<Row[]> {
  const rows = await usersByIds(db, model, scope, ids, lock);
  if (rows.length !== ids.length) throw notFound('用户不存在或已被删除', 'The user does not exist or has been deleted');
  return rows;
}
