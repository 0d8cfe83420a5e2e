/**
 * Which processes a tenant may deploy (contract 14 §5): the processKeys of the package bound to the tenant
 * (system/tenantPackage, a comma list); a tenant without a package, or whose package lists none, may deploy any.
 */
import type { DbClient } from '../../db/pool.js';
import { localApi, type LocalContext } from '../../engine/localApi.js';
import { badRequest } from '../../http/apiError.js';

/** The keys the tenant's package allows, or undefined when it allows every key. */
export async function deployableProcessKeys(ctx: LocalContext, tx: DbClient, tenantId: string): Promise<Set<string> | undefined> {
  // Tenants and packages are platform registers: one set for everyone, looked up by the tenant's id.
  const api = localApi(ctx, tx);
  const tenant = await api.findOne('system/tenant', { tenantId });
  if (!tenant?.packageId) return undefined;
  const found = await api.findById('system/tenantPackage', tenant.packageId);
  const keys = (found?.processKeys ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
  return keys.length ? new Set(keys) : undefined;
}

export async function assertTenantMayDeploy(ctx: LocalContext, tx: DbClient, tenantId: string, processKey: string): Promise<void> {
  const allowed = await deployableProcessKeys(ctx, tx, tenantId);
  if (allowed && !allowed.has(processKey)) {
    throw badRequest(
      `租户 ${tenantId} 的套餐不允许部署流程「${processKey}」`,
      `The package of tenant ${tenantId} does not allow deploying the process "${processKey}"`,
    );
  }
}
