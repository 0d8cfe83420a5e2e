/**
 * search/user, search/role, search/dept, search/post: small lookups for the
 * pickers of any form (the user picker: name, department, post; page size
 * 10). Any signed-in user of the tenant may call them; users still obey the
 * caller's data scope, and a picker gets names, never contact details.
 * Text is matched literally (% and _ included).
 */
import type { Page } from '../../../shared/envelope.js';
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { Params, scopeConditions } from '../../engine/sqlBuilder.js';
import { likeValue, lookupParams } from './lookupParams.js';

type Row = Record<string, unknown>;

const LOOKUP_LIMIT = 50;
/** search/user?keyword|name|realName|account&deptId&postId&current&size (size at most 50). */
async function searchUsers(ctx: ActionContext): Promise<Page<Row>> {
  const query = lookupParams(ctx.query, ['keyword', 'name', 'realName', 'account'], ['deptId', 'postId'], ['current', 'size']);
  const size = Math.min(Number(query.size ?? 10), LOOKUP_LIMIT);
  const current = Number(query.current ?? 1);
  const params = new Params();
  const conditions = [...scopeConditions(ctx.model, ctx.scope, params), '"status" = 1'];
  const keyword = query.keyword ?? query.name;
  if (keyword) {
    const like = likeValue(params, keyword);
    conditions.push(`("real_name" ILIKE ${like} OR "name" ILIKE ${like} OR "account" ILIKE ${like})`);
  }
  if (query.realName) conditions.push(`"real_name" ILIKE ${likeValue(params, query.realName)}`);
  if (query.account) conditions.push(`"account" ILIKE ${likeValue(params, query.account)}`);
  if (query.deptId) conditions.push(`${params.add(query.deptId)} = ANY(string_to_array("dept_id", ','))`);
  if (query.postId) conditions.push(`${params.add(query.postId)} = ANY(string_to_array("post_id", ','))`);
  const where = conditions.join(' AND ');
  const countValues = [...params.values];
  const rows = await ctx.tx.query(
    `SELECT id::text AS "id", account, name, real_name AS "realName", avatar, dept_id AS "deptId", post_id AS "postId",
            (SELECT string_agg(d.dept_name, ',' ORDER BY d.sort, d.id) FROM blade_dept d
              WHERE d.tenant_id = blade_user.tenant_id AND d.is_deleted = 0 AND d.id::text = ANY(string_to_array(blade_user.dept_id, ','))) AS "deptName",
            (SELECT string_agg(p.post_name, ',' ORDER BY p.sort, p.id) FROM blade_post p
              WHERE p.tenant_id = blade_user.tenant_id AND p.is_deleted = 0 AND p.id::text = ANY(string_to_array(blade_user.post_id, ','))) AS "postName"
       FROM blade_user WHERE ${where} ORDER BY real_name, id LIMIT ${params.add(size)} OFFSET ${params.add((current - 1) * size)}`,
    params.values,
  );
  const total = (await ctx.tx.query<{ total: number }>(`SELECT count(*)::int AS total FROM blade_user WHERE ${where}`, countValues)).rows[0].total;
  return { records: rows.rows, total, size, current, pages: Math.ceil(total / size) };
}

/** A name lookup over one tenant table: rows whose name column holds the text, at most 50, in sort order. */
function nameLookup(table: string, nameColumn: string, paramName: string, columns: string) {
  return async (ctx: ActionContext): Promise<Row[]> => {
    const query = lookupParams(ctx.query, [paramName, 'keyword']);
    const params = new Params();
    const conditions = [`tenant_id = ${params.add(ctx.caller.tenantId)}`, 'is_deleted = 0'];
    const text = query[paramName] ?? query.keyword;
    if (text) conditions.push(`${nameColumn} ILIKE ${likeValue(params, text)}`);
    const result = await ctx.tx.query(`SELECT ${columns} FROM ${table} WHERE ${conditions.join(' AND ')} ORDER BY sort, id LIMIT ${LOOKUP_LIMIT}`, params.values);
    return result.rows;
  };
}

defineActions('system/user', { search: searchUsers });
defineActions('system/role', {
  search: nameLookup('blade_role', 'role_name', 'roleName', 'id::text AS "id", parent_id::text AS "parentId", role_name AS "roleName", role_alias AS "roleAlias"'),
});
defineActions('system/dept', {
  search: nameLookup('blade_dept', 'dept_name', 'deptName', 'id::text AS "id", parent_id::text AS "parentId", dept_name AS "deptName", full_name AS "fullName"'),
});
defineActions('system/post', {
  search: nameLookup('blade_post', 'post_name', 'postName', 'id::text AS "id", category, post_code AS "postCode", post_name AS "postName"'),
});
