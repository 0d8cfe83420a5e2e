/**
 * Tenancy administration (platform-core §3, §7 tenant): creating a tenant
 * draws its id and seeds it like a demo tenant, with an administrator whose
 * password is answered once; removal spares the platform tenant; licence
 * settings, data source and package bindings. The engine has already checked
 * that the caller is the platform administrator holding the button.
 */
import crypto from 'node:crypto';
import type { ShownOnceAnswer } from '../../../shared/shownOnce.js';
import type { DbClient } from '../../db/pool.js';
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { defineHooks } from '../../engine/hooks.js';
import { entityModel } from '../../engine/entityRegistry.js';
import { localApi } from '../../engine/localApi.js';
import { quoteIdent } from '../../engine/naming.js';
import { insertRow, updateRow } from '../../engine/operations/writeOperations.js';
import { isDateTimeString } from '../../engine/validation.js';
import { PLATFORM_TENANT_ID } from '../../auth/permissions.js';
import { badRequest, notFound } from '../../http/apiError.js';
import { seedCreatedTenant } from '../../seed/seedDatabase.js';
import { bodyOf, hasId, isBlank, optionalId, paramsOf, targetIds, type Params } from './actionParams.js';
import { lockNames } from '../../db/transactionLocks.js';

/** The account every created tenant starts with. */
const ADMIN_ACCOUNT = 'admin';

/** A random 6-digit tenant id never used before (deleted tenants keep theirs: their rows still carry it). */
async function drawTenantId(tx: DbClient): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const tenantId = String(crypto.randomInt(1, 1_000_000)).padStart(6, '0');
    await lockNames(tx, [`tenant-id:${tenantId}`]);
    // tenant-sql: a new tenant id must be unused by every tenant's rows (deleted tenants included), across tenants by design.
    const used = await tx.query('SELECT 1 FROM blade_tenant WHERE tenant_id = $1 UNION ALL SELECT 1 FROM blade_user WHERE tenant_id = $1 LIMIT 1', [tenantId]);
    if (!used.rowCount) return tenantId;
  }
  throw new Error('no free tenant id after 50 draws');
}

/** Domains are stored lower-case without a trailing slash; an empty domain is none (a domain names one tenant). */
function withDomainCleaned(body: Params): Params {
  if (!('domain' in body)) return body;
  const domain = typeof body.domain === 'string' ? body.domain.trim().replace(/\/+$/, '').toLowerCase() : body.domain;
  return { ...body, domain: domain === '' ? null : domain };
}

async function createTenant(ctx: ActionContext, body: Params) {
  const tx = ctx.tx as DbClient;
  const row = await insertRow(ctx, tx, ctx.model, body);
  const tenantId = await drawTenantId(tx);
  // tenant-sql: the tenant row's own tenant id is drawn after the insert (a server-owned column the engine keeps as the row's tenant).
  await tx.query('UPDATE blade_tenant SET tenant_id = $1 WHERE id = $2', [tenantId, row.id]);
  const tenantName = String(row.tenantName);
  const adminPassword = crypto.randomBytes(12).toString('base64url');
  await seedCreatedTenant(tx, { tenantId, tenantName, deptName: tenantName }, adminPassword);
  // Shown once (here and in the console's dialog): only its hash is stored, and an idempotent replay leaves it out.
  const shownOnce: ShownOnceAnswer['shownOnce'] = [
    { key: 'tenantId', label: '租户ID', labelEn: 'Tenant id', value: tenantId, secret: false },
    { key: 'adminAccount', label: '管理员账号', labelEn: 'Administrator account', value: ADMIN_ACCOUNT, secret: false },
    { key: 'adminPassword', label: '管理员密码', labelEn: 'Administrator password', value: adminPassword, secret: true },
  ];
  return { ...row, tenantId, adminAccount: ADMIN_ACCOUNT, adminPassword, shownOnce };
}

/** The tenant an action names, by 6-digit tenantId (SpringBlade) or by row id (the console's row actions). */
async function targetTenant(ctx: ActionContext, params: Params): Promise<{ id: string; tenantId: string }> {
  const byTenantId = !isBlank(params.tenantId);
  if (byTenantId && !/^\d{6}$/.test(String(params.tenantId))) throw badRequest('参数 tenantId 不正确', 'The parameter tenantId is not valid');
  const rowId = byTenantId ? null : optionalId(params.id, 'id');
  if (!byTenantId && !rowId) throw badRequest('请选择租户', 'Please choose a tenant');
  const found = await localApi(ctx, ctx.tx as DbClient).findOne('system/tenant', byTenantId ? { tenantId: String(params.tenantId) } : { id: rowId! });
  if (!found) throw notFound('租户不存在或已被删除', 'The tenant does not exist or has been removed');
  return { id: String(found.id), tenantId: found.tenantId };
}

/** Sets server-owned licence and binding fields of tenants through the engine (version, update user and time). */
async function updateTenants(ctx: ActionContext, ids: string[], data: Record<string, unknown>): Promise<number> {
  const api = localApi(ctx, ctx.tx as DbClient);
  for (const id of ids) await api.update('system/tenant', id, data);
  return ids.length;
}

function accountNumberOf(raw: unknown): number | undefined {
  if (isBlank(raw)) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < -1 || value > 1_000_000) {
    throw badRequest('账号额度须为 -1（不限）到 1000000 之间的整数', 'The account quota must be a whole number from -1 (unlimited) to 1000000');
  }
  return value;
}

function expireTimeOf(raw: unknown): string | null | undefined {
  if (raw === undefined) return undefined;
  if (raw === null || raw === '') return null;
  if (typeof raw !== 'string' || !isDateTimeString(raw)) throw badRequest('过期时间格式应为 yyyy-MM-dd HH:mm:ss', 'The expiry must be yyyy-MM-dd HH:mm:ss');
  return raw;
}

/** Licence settings of several tenants at once: account quota and/or expiry. */
async function setting(ctx: ActionContext) {
  const params = paramsOf(ctx);
  const ids = targetIds(params);
  const accountNumber = accountNumberOf(params.accountNumber);
  const expireTime = expireTimeOf(params.expireTime);
  if (accountNumber === undefined && expireTime === undefined) throw badRequest('请填写账号额度或过期时间', 'Please give an account quota or an expiry');
  const tenants = await localApi(ctx, ctx.tx as DbClient).find('system/tenant', { where: { id: ids }, forUpdate: true });
  if (tenants.length !== ids.length) throw notFound('租户不存在或已被删除', 'The tenant does not exist or has been removed');
  if (expireTime && tenants.some((t) => t.tenantId === PLATFORM_TENANT_ID)) {
    throw badRequest('平台租户不能设置过期时间', 'The platform tenant cannot be given an expiry');
  }
  const assignments: Record<string, unknown> = {};
  if (accountNumber !== undefined) assignments.accountNumber = accountNumber;
  if (expireTime !== undefined) assignments.expireTime = expireTime;
  return { updated: await updateTenants(ctx, ids, assignments) };
}

/** The code generator's data source register, if it is installed (its table is created from its schema). */
async function assertDatasourceExists(ctx: ActionContext, datasourceId: string): Promise<void> {
  const table = await ctx.tx.query<{ name: string | null }>('SELECT to_regclass($1)::text AS name', [quoteIdent(entityModel('develop/datasource').table)]);
  if (!table.rows[0].name) return;
  if (!(await localApi(ctx, ctx.tx as DbClient).exists('develop/datasource', { id: datasourceId })))
    throw badRequest('数据源不存在或已被删除', 'The data source does not exist or has been removed');
}

async function datasource(ctx: ActionContext) {
  const params = paramsOf(ctx);
  const tenant = await targetTenant(ctx, params);
  const datasourceId = optionalId(params.datasourceId, 'datasourceId');
  if (datasourceId) await assertDatasourceExists(ctx, datasourceId);
  await updateTenants(ctx, [tenant.id], { datasourceId });
  return { tenantId: tenant.tenantId, datasourceId };
}

async function packageDetail(ctx: ActionContext) {
  const tenant = await targetTenant(ctx, ctx.query);
  const api = localApi(ctx, ctx.tx as DbClient);
  const packageId = (await api.findById('system/tenant', tenant.id))?.packageId;
  const found = packageId ? await api.findById('system/tenantPackage', packageId) : undefined;
  return found ? { id: String(found.id), packageName: found.packageName, menuId: found.menuId, remark: found.remark ?? null } : null;
}

/** Binds a tenant package (the tenant's ceiling of menus); an empty packageId unbinds it. */
async function packageSetting(ctx: ActionContext) {
  const params = paramsOf(ctx);
  const tenant = await targetTenant(ctx, params);
  const packageId = optionalId(params.packageId, 'packageId');
  if (packageId && tenant.tenantId === PLATFORM_TENANT_ID) {
    throw badRequest('平台租户不能绑定套餐', 'The platform tenant cannot be limited by a package');
  }
  if (packageId) {
    if (!(await localApi(ctx, ctx.tx as DbClient).exists('system/tenantPackage', { id: packageId })))
      throw badRequest('租户套餐不存在或已被删除', 'The tenant package does not exist or has been removed');
  }
  await updateTenants(ctx, [tenant.id], { packageId });
  return { tenantId: tenant.tenantId, packageId };
}

defineActions('system/tenant', {
  // Stays: creating a tenant draws its id and seeds it with an administrator whose password is answered once.
  submit: async (ctx) => {
    const body = withDomainCleaned(bodyOf(ctx));
    return hasId(body) ? updateRow(ctx, ctx.tx as DbClient, ctx.model, body) : createTenant(ctx, body);
  },
  setting,
  datasource,
  packageDetail,
  packageSetting,
});

defineHooks('system/tenant', {
  beforeRemove: ({ rows }) => {
    // tenant-sql: not a query — the locked rows come with raw columns, and a tenant row's tenant_id is the tenant it describes.
    if (rows.some((row) => row.tenant_id === PLATFORM_TENANT_ID)) throw badRequest('平台租户不能删除', 'The platform tenant cannot be removed');
  },
});
