/** Per-tenant console rules (platform-core §2): landing pages, logout destinations, big screens, login variants. */
import { describe, expect, it } from 'vitest';
import { bigScreenPath, hasHomeItem, landingPath, logoutPath, tenantOfLoginVariant } from '../../../src/web/config/tenantRules';

describe('tenant rules', () => {
  it.each([
    ['316979', '/one-picture/index', '/login?user=reservoir', '/river-big-screen/index'],
    ['003189', '/one-picture/index', '/login?user=jz', '/show-big-screen/siquan/index'],
    ['173509', '/rain-monitoring/water-situation/index', '/login?user=zf', '/big-screen/inspection'],
    ['100001', '/wel/index', '/login', '/river-big-screen/index'],
  ])('tenant %s lands on %s, logs out to %s and opens %s as its big screen', (tenant, landing, logout, screen) => {
    expect(landingPath(tenant)).toBe(landing);
    expect(logoutPath(tenant)).toBe(logout);
    expect(bigScreenPath(tenant)).toBe(screen);
  });

  it('login variants preset their tenant; the special tenants have no home item', () => {
    expect(tenantOfLoginVariant('reservoir')).toBe('316979');
    expect(tenantOfLoginVariant('jz')).toBe('003189');
    expect(tenantOfLoginVariant('zf')).toBe('173509');
    expect(tenantOfLoginVariant(null)).toBeUndefined();
    expect(hasHomeItem('100001')).toBe(true);
    expect(hasHomeItem('173509')).toBe(false);
  });
});
