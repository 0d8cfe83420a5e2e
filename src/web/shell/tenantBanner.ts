/** The top bar's banner by tenant: the three special tenants have their own (platform-core §2). */
import { SPECIAL_TENANTS } from '../../shared/constants';

export type BannerKind = 'reservoir' | 'matrix' | 'river' | 'default';

export function bannerOf(tenantId: string | undefined): BannerKind {
  if (tenantId === SPECIAL_TENANTS.reservoir) return 'reservoir';
  if (tenantId === SPECIAL_TENANTS.matrix) return 'matrix';
  if (tenantId === SPECIAL_TENANTS.river) return 'river';
  return 'default';
}
