/**
 * Tenant packages: the checked menu ids are stored comma-joined
 * (menuPackageSubmit.ts); a package bound to a tenant cannot be removed.
 */
import { defineHooks } from '../../engine/hooks.js';
import { localApi } from '../../engine/localApi.js';
import { badRequest } from '../../http/apiError.js';
import { joinMenuIds } from './menuPackageSubmit.js';

defineHooks('system/tenantPackage', {
  beforeValidate: joinMenuIds,
  beforeRemove: async ({ ctx, tx, rows }) => {
    const bound = await localApi(ctx, tx).find('system/tenant', { where: { packageId: rows.map((row) => String(row.id)) }, sort: ['tenantId asc'], limit: 5 });
    if (bound.length > 0) {
      const tenants = bound.map((row) => row.tenantId).join(',');
      throw badRequest(`套餐正在被租户使用（${tenants}），请先解除绑定`, `The package is bound to tenants (${tenants}); unbind it first`);
    }
  },
});
