/** The demo tenants and the accounts created in each (issue 2 §7). Password of every demo account: admin. */
import type { DemoRoleAlias } from './seedTypes.js';

export interface TenantSeed {
  tenantId: string;
  tenantName: string;
  /** Root department of the tenant and its administrative division code (its length picks the map view; none for a created tenant). */
  deptName: string;
  regionCode?: string;
}

export const demoTenants: TenantSeed[] = [
  { tenantId: '000000', tenantName: '平台管理', deptName: '平台运维中心', regionCode: '33' },
  { tenantId: '316979', tenantName: '仙游县水利局（水库版）', deptName: '仙游县水利局', regionCode: '350322' },
  { tenantId: '003189', tenantName: '龙泉市水利局（矩阵版）', deptName: '龙泉市水利局', regionCode: '331181' },
  { tenantId: '173509', tenantName: '永嘉县河湖长制办公室', deptName: '永嘉县河长办', regionCode: '330324' },
  { tenantId: '100001', tenantName: '安溪县水利局', deptName: '安溪县水利局', regionCode: '350524' },
];

export interface RoleSeed {
  alias: DemoRoleAlias;
  name: string;
  sort: number;
}

export const demoRoles: RoleSeed[] = [
  { alias: 'administrator', name: '超级管理员', sort: 1 },
  { alias: 'farm_admin', name: '水库管理员', sort: 2 },
  { alias: 'subject_admin', name: '主管部门管理员', sort: 3 },
  { alias: 'river_chief', name: '河长', sort: 4 },
  { alias: 'inspector', name: '巡查员', sort: 5 },
];

export interface AccountSeed {
  account: string;
  name: string;
  realName: string;
  role: DemoRoleAlias;
}

export const demoAccounts: AccountSeed[] = [
  { account: 'admin', name: '管理员', realName: '系统管理员', role: 'administrator' },
  { account: 'farm_admin', name: '水库管理员', realName: '林建华', role: 'farm_admin' },
  { account: 'subject_admin', name: '主管部门', realName: '陈志强', role: 'subject_admin' },
  { account: 'river_chief', name: '河长', realName: '王海明', role: 'river_chief' },
  { account: 'inspector', name: '巡查员', realName: '黄永福', role: 'inspector' },
];

export const DEMO_PASSWORD = 'admin';

/** The console's client (platform-core §9 names no values; these are Saber's). */
export const CONSOLE_CLIENT = {
  clientId: 'saber',
  secret: 'saber_secret',
  grantTypes: 'password,captcha,refresh_token,social,authorization_code',
  accessTokenValidity: 3000,
  refreshTokenValidity: 604800,
};
