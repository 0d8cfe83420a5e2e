/**
 * Binding a responsible person to a user account of the tenant, so the app
 * knows which reservoirs a user answers for, and undoing it. The account is
 * looked up in the caller's tenant only: a user of another tenant is "not
 * found", whatever id is sent.
 */
import { isIdString } from '../../db/ids.js';
import type { DbClient } from '../../db/pool.js';
import type { ActionContext } from '../../engine/actions.js';
import { localApi } from '../../engine/localApi.js';
import { requireId } from '../../engine/operations/readOperations.js';
import { insertRow, parseIds } from '../../engine/operations/writeOperations.js';
import { assertReferences } from '../../engine/references.js';
import { scopedQuery } from '../../engine/scopedQuery.js';
import { badRequest, notFound } from '../../http/apiError.js';
import { hasControlCharacters } from '../../http/textInput.js';
import { bodyObject, isGiven, type Row } from './requestBody.js';

interface Account {
  id: string;
  account: string;
  realName: string | null;
  name: string | null;
  phone: string | null;
}

function accountOfRow(row: { id: string; account: string; realName: string; name: string; phone?: string }): Account {
  return { id: String(row.id), account: row.account, realName: row.realName ?? null, name: row.name ?? null, phone: row.phone ?? null };
}

/** The account a bind names, by id (userId) or by its sign-in name (account), in the caller's tenant only. */
async function accountOf(ctx: ActionContext, body: Row): Promise<Account> {
  const byName =
    typeof body.account === 'string' && body.account.trim() !== '' && !hasControlCharacters(body.account) ? body.account.trim().slice(0, 45) : undefined;
  if (!byName && !isIdString(body.userId)) {
    throw badRequest('请选择要绑定的用户账号', 'Choose the user account to bind', { errors: [{ field: 'account', message: '请选择要绑定的用户账号' }] });
  }
  const users = localApi(ctx, ctx.tx as DbClient).tenantWide();
  const found = byName ? await users.findOne('system/user', { account: byName }) : await users.findById('system/user', String(body.userId));
  if (!found) throw badRequest('用户账号不存在或不属于本租户', 'The user account does not exist in this tenant');
  return accountOfRow(found);
}

/** The staff row a bind names: by id, or by reservoir and duty (created from the account when the reservoir has nobody for that duty). */
async function targetRow(ctx: ActionContext, body: Row, account: Account): Promise<string> {
  const api = localApi(ctx, ctx.tx as DbClient);
  const id = body.id ?? ctx.query.id;
  if (isGiven(id)) {
    const row = await api.findById('reservoir/staff', requireId(id));
    if (!row) throw notFound();
    return String(row.id);
  }
  if (!isGiven(body.reservoirId) || !isGiven(body.duty)) {
    throw badRequest('请指定责任人记录，或指定水库和责任人类型', 'Name the responsible person, or the reservoir and the duty');
  }
  const reservoirId = requireId(body.reservoirId, 'reservoirId');
  const duty = Number(body.duty);
  if (duty !== 1 && duty !== 2 && duty !== 3) throw badRequest('责任人类型不正确', 'The duty is not valid');
  await assertReferences(ctx, ctx.tx, ctx.model, { reservoirId });
  const existing = await api.findOne('reservoir/staff', { reservoirId, duty });
  if (existing) return String(existing.id);
  if (!account.phone || !/^1[3-9][0-9]{9}$/.test(account.phone)) {
    throw badRequest(
      '该账号没有登记有效的手机号码，请先完善账号信息或先新增责任人',
      'The account has no valid mobile phone number: complete the account or add the person first',
    );
  }
  // insertRow, not the local API: creating a person still needs the add button, as before.
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
  const account = await accountOf(ctx, body);
  const id = await targetRow(ctx, body, account);
  const bound = await localApi(ctx, ctx.tx as DbClient).update('reservoir/staff', id, { userId: account.id });
  return { id: String(bound.id), userId: bound.userId ?? null };
}

/** Clears the bound account of one person (body or query `id`) or several (`ids`), all or nothing. */
export async function unbindStaff(ctx: ActionContext): Promise<{ unbound: number }> {
  const body = ctx.body && typeof ctx.body === 'object' && !Array.isArray(ctx.body) ? (ctx.body as Row) : {};
  const raw = body.ids ?? body.id ?? ctx.query.ids ?? ctx.query.id;
  const ids = parseIds(Array.isArray(raw) ? raw.join(',') : raw);
  const api = localApi(ctx, ctx.tx as DbClient);
  const found = await api.find('reservoir/staff', { where: { id: ids }, forUpdate: true });
  if (found.length !== ids.length) throw notFound('责任人不存在或已被删除', 'The responsible person does not exist or was deleted');
  // The row types have no null for an optional field: clearing one needs the cast.
  for (const id of ids) await api.update('reservoir/staff', id, { userId: null as unknown as undefined });
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
  const q = scopedQuery(ctx);
  const u = await q.from('system/user', 'u', 'tenant');
  const pattern = q.param(`%${(keyword ?? '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const matches = ['account', 'realName', 'name', 'phone'].map((field) => `coalesce(${u.col(field)}, '') ILIKE ${pattern}`);
  return q.rows<Account>(
    `SELECT ${u.col('id')}::text AS "id", ${u.col('account')} AS "account", ${u.col('realName')} AS "realName", ${u.col('name')} AS "name", ${u.col('phone')} AS "phone"
       FROM ${u.table}
      WHERE ${u.scope} AND ${u.col('status')} = 1 AND (${matches.join(' OR ')})
      ORDER BY ${u.col('account')} LIMIT 50`,
  );
}
