/** Console settings (platform-core §9 and Saber's website config). */
export const website = {
  title: '水库安全运行管理平台',
  titleEn: 'Reservoir Safety Console',
  clientId: 'saber',
  clientSecret: 'saber_secret',
  /** Seconds after which the token checker refreshes the access token (the server issues 3000 s tokens). */
  tokenTime: 2700,
  tokenCheckIntervalMs: 10000,
  lockPage: '/lock',
  tenantMode: true,
  switchMode: false,
  defaultTenantId: '000000',
  homePath: '/wel/index',
  storagePrefix: 'saber',
  version: '1.4.11',
  releaseDate: '2023-02-28',
  accentColor: '#409EFF',
} as const;
