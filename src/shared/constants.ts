/** Constants both the server and the console use (platform-core §9). */
export const APP_VERSION = { version: '1.4.11', releaseDate: '2023-02-28' } as const;

export const DEFAULT_TENANT_ID = '000000';

/** Tenants with their own landing page and big screen (platform-core §2). */
export const SPECIAL_TENANTS = { reservoir: '316979', matrix: '003189', river: '173509' } as const;

export const CLIENT_ID = 'saber';

export const ADMIN_PAGE_SIZES = [10, 30, 50, 100, 200] as const;
export const PAGINATOR_SIZES = [10, 20, 30, 50] as const;
