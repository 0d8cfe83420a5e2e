/**
 * Binding a responsible person to a user account of the tenant, so the app
 * knows which reservoirs a user answers for, and undoing it. The account is
 * looked up in the caller's tenant only: a user of another tenant is "not
 * found", whatever id is sent.
 */
import { isIdString } from '../../db/ids.js';
import type { DbClient, Queryable } from '../../db/pool.js';
import type { ActionContext } from '../../engine/actions.js';
import { findRow, requireId } from '../../engine/operations/readOperations.js';
import { insertRow, parseIds } from '../../engine/operations/writeOperations.js';
import { Params, scopeConditions } from '../../engine/sqlBuilder.js';
import { badRequest, notFound } from '../../http/apiError.js';
import { hasControlCharacters } from '../../http/textInput.js';
import { assertReferences, RESERVOIR_REF } from './references.js';
import { bodyObject, isGiven, type Row } from './requestBody.js';

interface Account {
  id: string;
  account: string;
  realName: string | null;
  name: string | null;
  phone: string | null;
}

const ACCOUNT_COLUMNS = `id::text AS "id", account AS "account", real_name AS "realName", name AS "name", phone AS "phone"`;

/** The account a bind names, by id (userId) or by its sign-in name (account), in the caller's tenant only. */
async function accountOf(db: Queryable, tenantId: string, body: Row): Promise<Account> {
  const byName = typeof body.account === 'string' && body.account.trim() !== '' && !hasControlCharacters(body.account) ? body.account.trim().slice(0, 45) : undefined;
  if (!byName && !isIdString(body.userId)) {
    throw badRequest('请选择要绑定的用户账号', 'Choose the user account to bind', { errors: [{ field: 'account', message: '请选择要绑定的用户账号' }] });
  }
  const found = byName
    ? await db.query<Account>(`SELECT ${ACCOUNT_COLUMNS} FROM blade_user WHERE tenant_id = $1 AND account = $2 AND is_deleted = 0`, [tenantId, byName])
    : await db.query<Account>(`SELECT ${ACCOUNT_COLUMNS} FROM blade_user WHERE tenant_id = $1 AND id = $2 AND is_deleted = 0`, [tenantId, body.userId]);
  if (!found.rows[0]) throw badRequest('用户账号不存在或不属于本租户', 'The user account does not exist in this tenant');
  return found.rows[0];
}

/** The staff row a bind names: by id, or by reservoir and duty (created from the account when the reservoir has nobody for that duty). */
async function targetRow(ctx: ActionContext, body: Row, account: Account): Promise<string> {
  const id = body.id ?? ctx.query.id;
  if (isGiven(id)) {
    const row = await findRow(ctx, ctx.model, requireId(id));
    if (!row) throw notFound();
    return String(row.id);
  }
  if (!isGiven(body.reservoirId) || !isGiven(body.duty)) {
    throw badRequest('请指定责任人记录，或指定水库和责任人类型', 'Name the responsible person, or the reservoir and the duty');
  }
  const reservoirId = requireId(body.reservoirId, 'reservoirId');
  const duty = Number(body.duty);
  if (![1, 2, 3].includes(duty)) throw badRequest('责任人类型不正确', 'The duty is not valid');
  await assertReferences(ctx.tx, ctx.caller.tenantId, ctx.language, { reservoirId }, [RESERVOIR_REF]);
  const params = new Params();
  const conditions = [...scopeConditions(ctx.model, ctx.scope, params), `reservoir_id = ${params.add(reservoirId)}`, `duty = ${params.add(duty)}`];
  const existing = await ctx.tx.query<{ id: string }>(`SELECT id::text AS id FROM rsc_reservoir_staff WHERE ${conditions.join(' AND ')}`, params.values);
  if (existing.rows[0]) return existing.rows[0].id;
  if (!account.phone || !/^1[3-9][0-9]{9}$/.test(account.phone)) {
    throw badRequest('该账号没有登记有效的手机号码，请先完善账号信息或先新增责任人', 'The account has no valid mobile phone number: complete the account or add the person first');
  }
  const created = await insertRow(ctx, ctx.tx as DbClient, ctx.model, {
    reservoirId,
    duty,
    name: account.realName || account.name || account.account,
    phone: account.phone,
  });
  return String(created.id);
}

export async function bindStaff(ctx: ActionContext): Promise<Row> {
  const body = bodyObject(ctx.body);
  const account = await accountOf(ctx.tx, ctx.caller.tenantId, body);
  const id = await targetRow(ctx, body, account);
  await ctx.tx.query(
    `UPDATE rsc_reservoir_staff SET user_id = $3, update_user = $4, update_time = LOCALTIMESTAMP(0), version = version + 1
      WHERE tenant_id = $1 AND id = $2 AND is_deleted = 0`,
    [ctx.caller.tenantId, id, account.id, ctx.caller.userId],
  );
  return (await ctx.tx.query(`SELECT id::text AS "id", user_id::text AS "userId" FROM rsc_reservoir_staff WHERE id = $1`, [id])).rows[0];
}

/** Clears the bound account of one person (body or query `id`) or several (`ids`), all or nothing. */
export async function unbindStaff(ctx: ActionContext): Promise<{ unbound: number }> {
  const body = ctx.body && typeof ctx.body === 'object' && !Array.isArray(ctx.body) ? (ctx.body as Row) : {};
  const raw = body.ids ?? body.id ?? ctx.query.ids ?? ctx.query.id;
  const ids = parseIds(Array.isArray(raw) ? raw.join(',') : raw);
  const params = new Params();
  const conditions = [...scopeConditions(ctx.model, ctx.scope, params), `id = ANY(${params.add(ids)}::bigint[])`];
  const found = await ctx.tx.query(`SELECT id FROM rsc_reservoir_staff WHERE ${conditions.join(' AND ')} FOR UPDATE`, params.values);
  if (found.rowCount !== ids.length) throw notFound('责任人不存在或已被删除', 'The responsible person does not exist or was deleted');
  const userParam = params.add(ctx.caller.userId);
  await ctx.tx.query(
    `UPDATE rsc_reservoir_staff SET user_id = NULL, update_user = ${userParam}, update_time = LOCALTIMESTAMP(0), version = version + 1 WHERE ${conditions.join(' AND ')}`,
    params.values,
  );
  return { unbound: ids.length };
}

/** Accounts of the tenant a person can be bound to (keyword: account, name or phone), at most 50. */
export async function candidateAccounts(ctx: ActionContext): Promise<Account[]> {
  const { keyword, ...rest } = ctx.query;
  const unknown = Object.keys(rest).find((key) => key !== '_t');
  if (unknown) throw badRequest(`不支持的查询参数“${unknown.slice(0, 64)}”`, `Unsupported query parameter "${unknown.slice(0, 64)}"`);
  if (keyword !== undefined && (typeof keyword !== 'string' || keyword.length > 64 || hasControlCharacters(keyword))) {
    throw badRequest('查询关键字不正确', 'The keyword is not valid');
  }
  const pattern = `%${(keyword ?? '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const result = await ctx.db.query<Account>(
    `SELECT ${ACCOUNT_COLUMNS} FROM blade_user
      WHERE tenant_id = $1 AND is_deleted = 0 AND status = 1
        AND (account ILIKE $2 OR coalesce(real_name, '') ILIKE $2 OR coalesce(name, '') ILIKE $2 OR coalesce(phone, '') ILIKE $2)
      ORDER BY account LIMIT 50`,
    [ctx.caller.tenantId, pattern],
  );
  return result.rows;
}
