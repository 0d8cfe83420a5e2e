/**
 * Shapes of the demo/reference data that seeding writes. Plain data only:
 * the seeders turn these into rows, so data files never touch SQL.
 */

/** Role aliases of the demo accounts (platform-core §6 plus the field inspector). */
export type DemoRoleAlias = 'administrator' | 'farm_admin' | 'subject_admin' | 'river_chief' | 'inspector';

/** A button (menu category 2). Its code is the permission key the server checks on writes. */
export interface ButtonSeed {
  /** Unique across all menus and buttons, `<menuCode>_<action>`, e.g. `param_add`. */
  code: string;
  name: string;
  nameEn: string;
  /** add | edit | delete | view | export | import | audit | publish | stop | ... */
  alias: string;
  /** Pseudo route or API path, informational. */
  path?: string;
  /** Roles granted this button. Omitted = every role that sees the parent menu. `administrator` always has all. */
  roles?: DemoRoleAlias[];
}

/** A menu (category 1). Paths are absolute console routes, or http(s) URLs for external pages. */
export interface MenuSeed {
  /** Unique across all menus and buttons, lower camel or snake case, e.g. `param`, `inspect_record`. */
  code: string;
  name: string;
  nameEn: string;
  path: string;
  /** antd icon name, e.g. `SettingOutlined`. */
  source?: string;
  sort: number;
  /** 1 = open in place (default), 2 = open in a new window (big screens, /map/monitor). */
  isOpen?: 1 | 2;
  /** `menu` (default) or `hideMenu` (route exists but the console drops it from the side menu). */
  alias?: 'menu' | 'hideMenu';
  /** Roles allowed to see the menu. Omitted = inherit from parent; at top level omitted = all roles. */
  roles?: DemoRoleAlias[];
  children?: MenuSeed[];
  buttons?: ButtonSeed[];
}

/** A top menu (the strip across the top bar) and the codes of the menus it groups. */
export interface TopMenuSeed {
  code: string;
  name: string;
  nameEn: string;
  source?: string;
  sort: number;
  /** Codes of top-level MenuSeeds shown under this top menu. */
  menuCodes: string[];
}

/**
 * A dictionary (read from dictionaries/<module>.json): one parent row (dictKey -1) and its entries. Every name has its
 * English name (dictValueEn), which the console shows in English and English exports use.
 */
export interface DictSeed {
  code: string;
  name: string;
  nameEn: string;
  /** Sealed dictionaries are system-owned: entries cannot be changed or removed by tenants. */
  isSealed?: boolean;
  remark?: string;
  /** Order among the dictionaries (default: position in the seeded list). */
  sort?: number;
  /** `sort` default: position in the list. */
  items: { key: string; value: string; valueEn: string; sort?: number; remark?: string }[];
}

export interface ParamSeed {
  paramName: string;
  paramKey: string;
  paramValue: string;
  remark?: string;
}
