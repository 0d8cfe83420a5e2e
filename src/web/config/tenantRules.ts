/** Per-tenant behaviour of the console (platform-core §2, §6). */
import { SPECIAL_TENANTS } from '../../shared/constants';

/** Where a tenant lands after signing in. */
export function landingPath(tenantId: string | undefined): string {
  if (tenantId === SPECIAL_TENANTS.reservoir || tenantId === SPECIAL_TENANTS.matrix) return '/one-picture/index';
  if (tenantId === SPECIAL_TENANTS.river) return '/rain-monitoring/water-situation/index';
  return '/wel/index';
}

/** Where logging out sends a user of this tenant. */
export function logoutPath(tenantId: string | undefined): string {
  if (tenantId === SPECIAL_TENANTS.reservoir) return '/login?user=reservoir';
  if (tenantId === SPECIAL_TENANTS.matrix) return '/login?user=jz';
  if (tenantId === SPECIAL_TENANTS.river) return '/login?user=zf';
  return '/login';
}

/** The big screen a tenant's link opens (in a new window). */
export function bigScreenPath(tenantId: string | undefined): string {
  if (tenantId === SPECIAL_TENANTS.river) return '/big-screen/inspection';
  if (tenantId === SPECIAL_TENANTS.matrix) return '/show-big-screen/siquan/index';
  return '/river-big-screen/index';
}

/** The login variants `?user=reservoir|jz|zf` preset their tenant. */
export function tenantOfLoginVariant(variant: string | null): string | undefined {
  if (variant === 'reservoir') return SPECIAL_TENANTS.reservoir;
  if (variant === 'jz') return SPECIAL_TENANTS.matrix;
  if (variant === 'zf') return SPECIAL_TENANTS.river;
  return undefined;
}

/** The three special tenants have no workbench home item in the top bar. */
export function hasHomeItem(tenantId: string | undefined): boolean {
  return !Object.values(SPECIAL_TENANTS).includes(tenantId as never);
}
