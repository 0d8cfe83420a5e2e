/**
 * Tenant packages: submit stores the checked menu ids comma-joined
 * (menuPackageSubmit.ts); a package bound to a tenant cannot be removed.
 */
import { defineActions } from '../../engine/actions.js';
import { badRequest } from '../../http/apiError.js';
import { submitMenuPackage } from './menuPackageSubmit.js';
import { removeGuarded } from './rowRemoval.js';

defineActions('system/tenantPackage', {
  submit: (ctx) => submitMenuPackage(ctx),
  remove: (ctx) =>
    removeGuarded(ctx, async (rows, tx) => {
      const bound = await tx.query<{ tenant_id: string }>(
        'SELECT tenant_id FROM blade_tenant WHERE is_deleted = 0 AND package_id = ANY($1::bigint[]) ORDER BY tenant_id LIMIT 5',
        [rows.map((row) => String(row.id))],
      );
      if (bound.rows.length > 0) {
        const tenants = bound.rows.map((row) => row.tenant_id).join(',');
        throw badRequest(`套餐正在被租户使用（${tenants}），请先解除绑定`, `The package is bound to tenants (${tenants}); unbind it first`);
      }
    }),
});
