/**
 * search/user, search/role, search/dept, search/post: small lookups for the
 * pickers of any form (the user picker: name, department, post; page size
 * 10). Any signed-in user of the tenant may call them; users still obey the
 * caller's data scope, and a picker gets names, never contact details.
 * Text is matched literally (% and _ included).
 */
import type { Page } from '../../../shared/envelope.js';
import { defineActions, type ActionContext } from '../../engine/actions.js';
import type { EntityTypeMap } from '../../../shared/generated/entityTypes.js';
import { localApi, type FindOptions, type Where } from '../../engine/localApi.js';
import { scopedQuery } from '../../engine/scopedQuery.js';
import { likePattern, lookupParams } from './lookupParams.js';

type Row = Record<string, unknown>;

const LOOKUP_LIMIT = 50;
/** search/user?keyword|name|realName|account&deptId&postId&current&size (size at most 50). */
async function searchUsers(ctx: ActionContext): Promise<Page<Row>> {
  const query = lookupParams(ctx.query, ['keyword', 'name', 'realName', 'account'], ['deptId', 'postId'], ['current', 'size']);
  const size = Math.min(Number(query.size ?? 10), LOOKUP_LIMIT);
  const current = Number(query.current ?? 1);
  // Built twice (the page, then the count): each statement carries exactly its own parameters.
  const select = async (page: boolean) => {
    const q = scopedQuery(ctx, ctx.tx);
    const u = await q.from('system/user', 'u');
    const conditions = [u.scope, u.where({ status: 1 })];
    const keyword = query.keyword ?? query.name;
    if (keyword) {
      const like = q.param(likePattern(keyword));
      conditions.push(`(${u.col('realName')} ILIKE ${like} OR ${u.col('name')} ILIKE ${like} OR ${u.col('account')} ILIKE ${like})`);
    }
    if (query.realName) conditions.push(`${u.col('realName')} ILIKE ${q.param(likePattern(query.realName))}`);
    if (query.account) conditions.push(`${u.col('account')} ILIKE ${q.param(likePattern(query.account))}`);
    if (query.deptId) conditions.push(`${q.param(query.deptId)} = ANY(string_to_array(${u.col('deptId')}, ','))`);
    if (query.postId) conditions.push(`${q.param(query.postId)} = ANY(string_to_array(${u.col('postId')}, ','))`);
    const where = conditions.join(' AND ');
    if (!page) return q.rows<{ total: number }>(`SELECT count(*)::int AS total FROM ${u.table} WHERE ${where}`);
    const d = await q.from('system/dept', 'd', 'tenant');
    const p = await q.from('system/post', 'p', 'tenant');
    return q.rows(
      `SELECT ${u.col('id')}::text AS "id", ${u.col('account')} AS account, ${u.col('name')} AS name, ${u.col('realName')} AS "realName", ${u.col('avatar')} AS avatar,
              ${u.col('deptId')} AS "deptId", ${u.col('postId')} AS "postId",
              (SELECT string_agg(${d.col('deptName')}, ',' ORDER BY ${d.col('sort')}, ${d.col('id')}) FROM ${d.table}
                WHERE ${d.scope} AND ${d.col('id')}::text = ANY(string_to_array(${u.col('deptId')}, ','))) AS "deptName",
              (SELECT string_agg(${p.col('postName')}, ',' ORDER BY ${p.col('sort')}, ${p.col('id')}) FROM ${p.table}
                WHERE ${p.scope} AND ${p.col('id')}::text = ANY(string_to_array(${u.col('postId')}, ','))) AS "postName"
         FROM ${u.table} WHERE ${where} ORDER BY ${u.col('realName')}, ${u.col('id')} LIMIT ${q.param(size)} OFFSET ${q.param((current - 1) * size)}`,
    );
  };
  const records = await select(true);
  const [{ total }] = (await select(false)) as { total: number }[];
  return { records, total, size, current, pages: Math.ceil(total / size) };
}

type NamedRegister = 'system/role' | 'system/dept' | 'system/post';

/** A name lookup over one register of the tenant: rows whose name holds the text, at most 50, in sort order. */
function nameLookup<K extends NamedRegister>(
  register: K,
  nameField: keyof EntityTypeMap[K] & string,
  paramName: string,
  shape: (row: EntityTypeMap[K]) => Row,
) {
  return async (ctx: ActionContext): Promise<Row[]> => {
    const query = lookupParams(ctx.query, [paramName, 'keyword']);
    const text = query[paramName] ?? query.keyword;
    const where = (text ? { [nameField]: { like: text } } : {}) as Where<EntityTypeMap[K]>;
    const rows = await localApi(ctx)
      .tenantWide()
      .find(register, { where, sort: ['sort asc', 'id asc'] as FindOptions<EntityTypeMap[K]>['sort'], limit: LOOKUP_LIMIT });
    return rows.map(shape);
  };
}

const idText = (value: unknown) => (value === null || value === undefined ? value : String(value));

defineActions('system/user', { search: searchUsers });
defineActions('system/role', {
  search: nameLookup('system/role', 'roleName', 'roleName', (r) => ({
    id: idText(r.id),
    parentId: idText(r.parentId),
    roleName: r.roleName,
    roleAlias: r.roleAlias,
  })),
});
defineActions('system/dept', {
  search: nameLookup('system/dept', 'deptName', 'deptName', (d) => ({
    id: idText(d.id),
    parentId: idText(d.parentId),
    deptName: d.deptName,
    fullName: d.fullName ?? null,
  })),
});
defineActions('system/post', {
  search: nameLookup('system/post', 'postName', 'postName', (p) => ({
    id: idText(p.id),
    category: p.category ?? null,
    postCode: p.postCode ?? null,
    postName: p.postName,
  })),
});
