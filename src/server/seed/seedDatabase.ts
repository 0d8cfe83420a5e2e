/**
 * Seeding, idempotent: everything is looked up by its natural key first and
 * only what is missing is written, so running it again changes nothing (and
 * never overwrites a password someone changed).
 *
 * Demo mode: five tenants with five accounts each (password admin).
 * Minimal mode (`--no-demo`): the platform tenant and one administrator with
 * a random password, printed once when it is created.
 */
import crypto from 'node:crypto';
import { nextId } from '../db/ids.js';
import { withTransaction, type Db, type DbClient } from '../db/pool.js';
import { hashClientSecret } from '../auth/clients.js';
import { hashPassword, md5Hex } from '../auth/passwords.js';
import { CONSOLE_CLIENT, DEMO_PASSWORD, demoAccounts, demoRoles, demoTenants, type AccountSeed, type TenantSeed } from './demoTenants.js';
import { demoDictionaries, demoParams } from './dictionaries.js';
import { insertRows } from './insertRows.js';
import { seedInspectionRecords } from './inspectionRecords.js';
import { seedDemoTrails } from './demoTrails.js';
import { seedInspectionSetup } from './inspectionSetup.js';
import { seedNoticeMessages } from './noticeMessages.js';
import { descendantCodes, flattenMenus, type FlatMenu } from './menuGrants.js';
import { demoTopMenus } from './menus.js';
import { platformOnlyMenuCodes } from './platformMenus.js';
import { seedMenuTree } from './schemaMenus.js';
import { entityModels } from '../engine/entityRegistry.js';
import type { EntityModel } from '../engine/entityModel.js';
import { seedPosts } from './posts.js';
import { seedRegions } from './regions.js';
import { seedReservoirs } from './reservoirs.js';
import { seedUrgentSupplies } from './urgentSupplies.js';
import { seedCameras } from './cameras.js';
import { seedDemoAlarms } from './demoAlarms.js';
import { seedDemoEvents } from './demoEvents.js';
import { seedDemoRivers } from './demoRivers.js';
import { seedDemoReadings } from './demoReadings.js';
import { seedFlowButtons } from './flowButtons.js';
import { seedDemoWorkflow } from './demoWorkflow.js';
import type { DemoRoleAlias, DictSeed } from './seedTypes.js';

export interface SeedResult {
  /** Accounts created in this run with a generated password (minimal mode), to print once. */
  generatedPasswords: { tenantId: string; account: string; password: string }[];
}

const PLATFORM_TENANT = demoTenants[0];

async function existing(db: DbClient, sql: string, values: unknown[]): Promise<Map<string, string>> {
  const result = await db.query<{ key: string; id: string }>(sql, values);
  return new Map(result.rows.map((row) => [row.key, row.id]));
}

async function seedTenantRow(db: DbClient, tenant: TenantSeed): Promise<void> {
  const found = await db.query('SELECT 1 FROM blade_tenant WHERE tenant_id = $1 AND is_deleted = 0', [tenant.tenantId]);
  if (found.rowCount) return;
  await insertRows(
    db,
    'blade_tenant',
    ['id', 'tenant_id', 'tenant_name', 'linkman', 'time_zone'],
    [[nextId(), tenant.tenantId, tenant.tenantName, '管理员', 'Asia/Shanghai']],
  );
}

async function seedClient(db: DbClient): Promise<void> {
  const found = await db.query('SELECT 1 FROM blade_client WHERE client_id = $1 AND is_deleted = 0', [CONSOLE_CLIENT.clientId]);
  if (found.rowCount) return;
  await insertRows(
    db,
    'blade_client',
    ['id', 'tenant_id', 'client_id', 'client_secret', 'scope', 'authorized_grant_types', 'access_token_validity', 'refresh_token_validity'],
    [
      [
        nextId(),
        PLATFORM_TENANT.tenantId,
        CONSOLE_CLIENT.clientId,
        hashClientSecret(CONSOLE_CLIENT.secret),
        'all',
        CONSOLE_CLIENT.grantTypes,
        CONSOLE_CLIENT.accessTokenValidity,
        CONSOLE_CLIENT.refreshTokenValidity,
      ],
    ],
  );
}

/** Menus are platform-wide; returns code → id for every seeded menu and button. */
async function seedMenus(db: DbClient, flat: FlatMenu[]): Promise<Map<string, string>> {
  const ids = await existing(db, `SELECT code AS key, id::text AS id FROM blade_menu WHERE is_deleted = 0`, []);
  const rows: unknown[][] = [];
  for (const menu of flat) {
    if (ids.has(menu.code)) continue;
    const id = nextId();
    ids.set(menu.code, id);
    const parentId = menu.parentCode ? ids.get(menu.parentCode)! : '0';
    rows.push([
      id,
      PLATFORM_TENANT.tenantId,
      parentId,
      menu.code,
      menu.name,
      menu.nameEn,
      menu.alias,
      menu.path,
      menu.source,
      menu.sort,
      menu.category,
      menu.action,
      menu.isOpen,
    ]);
  }
  await insertRows(
    db,
    'blade_menu',
    ['id', 'tenant_id', 'parent_id', 'code', 'name', 'name_en', 'alias', 'path', 'source', 'sort', 'category', 'action', 'is_open'],
    rows,
  );
  return ids;
}

async function seedDept(db: DbClient, tenant: TenantSeed): Promise<string> {
  const found = await db.query<{ id: string }>(
    `SELECT id::text AS id FROM blade_dept WHERE tenant_id = $1 AND parent_id = 0 AND dept_name = $2 AND is_deleted = 0`,
    [tenant.tenantId, tenant.deptName],
  );
  if (found.rows[0]) return found.rows[0].id;
  const id = nextId();
  await insertRows(
    db,
    'blade_dept',
    ['id', 'tenant_id', 'parent_id', 'ancestors', 'dept_name', 'full_name', 'region_code', 'sort'],
    [[id, tenant.tenantId, '0', '0', tenant.deptName, tenant.tenantName, tenant.regionCode ?? null, 1]],
  );
  return id;
}

/** The roles of the given aliases (code → id), and the aliases created now (only those get the seeded menu grants). */
async function seedRoles(db: DbClient, tenant: TenantSeed, aliases: DemoRoleAlias[]): Promise<{ ids: Map<string, string>; created: Set<string> }> {
  const ids = await existing(db, `SELECT role_alias AS key, id::text AS id FROM blade_role WHERE tenant_id = $1 AND is_deleted = 0`, [tenant.tenantId]);
  const created = new Set<string>();
  const rows: unknown[][] = [];
  for (const role of demoRoles.filter((r) => aliases.includes(r.alias))) {
    if (ids.has(role.alias)) continue;
    const id = nextId();
    ids.set(role.alias, id);
    created.add(role.alias);
    // Platform administration is a flag on the platform tenant's administrator role, never an alias match.
    const isPlatformAdmin = tenant.tenantId === PLATFORM_TENANT.tenantId && role.alias === 'administrator' ? 1 : 0;
    rows.push([id, tenant.tenantId, '0', role.name, role.alias, role.sort, isPlatformAdmin]);
  }
  await insertRows(db, 'blade_role', ['id', 'tenant_id', 'parent_id', 'role_name', 'role_alias', 'sort', 'is_platform_admin'], rows);
  return { ids, created };
}

/**
 * Grants the seeded menus to roles created in this run only: on an existing database a menu added
 * since (a new register) gets its row at start, and an administrator grants it.
 */
async function seedRoleMenus(
  db: DbClient,
  tenant: TenantSeed,
  roles: { ids: Map<string, string>; created: Set<string> },
  flat: FlatMenu[],
  menuIds: Map<string, string>,
  models: EntityModel[],
): Promise<void> {
  const roleIds = new Map([...roles.ids].filter(([alias]) => roles.created.has(alias)));
  if (roleIds.size === 0) return;
  const granted = await db.query<{ key: string }>(
    `SELECT role_id::text || ':' || menu_id::text AS key FROM blade_role_menu WHERE tenant_id = $1 AND is_deleted = 0`,
    [tenant.tenantId],
  );
  const present = new Set(granted.rows.map((r) => r.key));
  const platformOnly = tenant.tenantId === PLATFORM_TENANT.tenantId ? new Set<string>() : platformOnlyMenuCodes(flat, models);
  const rows: unknown[][] = [];
  for (const [alias, roleId] of roleIds) {
    for (const menu of flat) {
      if (!menu.roles.has(alias as DemoRoleAlias) || platformOnly.has(menu.code)) continue;
      // A seeded menu the platform administrator has since removed is not granted.
      const menuId = menuIds.get(menu.code);
      if (!menuId || present.has(`${roleId}:${menuId}`)) continue;
      rows.push([nextId(), tenant.tenantId, roleId, menuId]);
    }
  }
  await insertRows(db, 'blade_role_menu', ['id', 'tenant_id', 'role_id', 'menu_id'], rows);
}

/**
 * A menu or button that became platform-only (e.g. clearing the audit logs) is taken back from
 * every other tenant's roles at start: the server refuses those callers anyway, and a button they
 * still held would only lead them to a refusal.
 */
async function revokePlatformOnlyGrants(db: DbClient, flat: FlatMenu[], models: EntityModel[]): Promise<void> {
  const codes = [...platformOnlyMenuCodes(flat, models)];
  // tenant-sql: grants of every tenant but the platform's, by menu code; one statement at start.
  await db.query(
    `UPDATE blade_role_menu rm SET is_deleted = 1 FROM blade_menu m
      WHERE rm.menu_id = m.id AND rm.is_deleted = 0 AND rm.tenant_id <> $1 AND m.code = ANY($2::text[])`,
    [PLATFORM_TENANT.tenantId, codes],
  );
}

async function seedTopMenus(db: DbClient, tenant: TenantSeed, flat: FlatMenu[], menuIds: Map<string, string>): Promise<void> {
  const ids = await existing(db, `SELECT code AS key, id::text AS id FROM blade_top_menu WHERE tenant_id = $1 AND is_deleted = 0`, [tenant.tenantId]);
  for (const top of demoTopMenus) {
    if (ids.has(top.code)) continue;
    const id = nextId();
    await insertRows(
      db,
      'blade_top_menu',
      ['id', 'tenant_id', 'code', 'name', 'name_en', 'source', 'sort'],
      [[id, tenant.tenantId, top.code, top.name, top.nameEn, top.source ?? null, top.sort]],
    );
    const codes = new Set(top.menuCodes.flatMap((code) => descendantCodes(flat, code)));
    const settings = [...codes]
      .filter((code) => flat.find((m) => m.code === code)?.category === 1 && menuIds.has(code))
      .map((code) => [nextId(), tenant.tenantId, id, menuIds.get(code)!]);
    await insertRows(db, 'blade_top_menu_setting', ['id', 'tenant_id', 'top_menu_id', 'menu_id'], settings);
  }
}

async function seedDictionaries(db: DbClient, tenant: TenantSeed, dictionaries: DictSeed[]): Promise<void> {
  const present = await existing(db, `SELECT code || ':' || dict_key AS key, id::text AS id FROM blade_dict WHERE tenant_id = $1 AND is_deleted = 0`, [
    tenant.tenantId,
  ]);
  const rows: unknown[][] = [];
  /** [code, key, English name] of every seeded row, to fill in where an existing row has none. */
  const english: [string, string, string][] = [];
  dictionaries.forEach((dict, dictIndex) => {
    const sealed = dict.isSealed ? 1 : 0;
    let parentId = present.get(`${dict.code}:-1`);
    english.push([dict.code, '-1', dict.nameEn]);
    if (!parentId) {
      parentId = nextId();
      rows.push([parentId, tenant.tenantId, '0', dict.code, '-1', dict.name, dict.nameEn, dict.sort ?? dictIndex + 1, sealed, dict.remark ?? null]);
    }
    dict.items.forEach((item, index) => {
      english.push([dict.code, item.key, item.valueEn]);
      if (present.has(`${dict.code}:${item.key}`)) return;
      rows.push([nextId(), tenant.tenantId, parentId, dict.code, item.key, item.value, item.valueEn, item.sort ?? index + 1, sealed, item.remark ?? null]);
    });
  });
  await insertRows(db, 'blade_dict', ['id', 'tenant_id', 'parent_id', 'code', 'dict_key', 'dict_value', 'dict_value_en', 'sort', 'is_sealed', 'remark'], rows);
  // Rows seeded before dictionaries had English names get theirs; a name an administrator typed is kept.
  await db.query(
    `UPDATE blade_dict d SET dict_value_en = v.en
       FROM unnest($2::text[], $3::text[], $4::text[]) AS v(code, dict_key, en)
      WHERE d.tenant_id = $1 AND d.is_deleted = 0 AND d.code = v.code AND d.dict_key::text = v.dict_key AND COALESCE(d.dict_value_en, '') = ''`,
    [tenant.tenantId, english.map(([code]) => code), english.map(([, key]) => key), english.map(([, , en]) => en)],
  );
}

async function seedParams(db: DbClient, tenant: TenantSeed): Promise<void> {
  const present = await existing(db, `SELECT param_key AS key, id::text AS id FROM blade_param WHERE tenant_id = $1 AND is_deleted = 0`, [tenant.tenantId]);
  const rows = demoParams
    .filter((p) => !present.has(p.paramKey))
    .map((p) => [nextId(), tenant.tenantId, p.paramName, p.paramKey, p.paramValue, p.remark ?? null]);
  await insertRows(db, 'blade_param', ['id', 'tenant_id', 'param_name', 'param_key', 'param_value', 'remark'], rows);
}

async function seedAccounts(
  db: DbClient,
  tenant: TenantSeed,
  accounts: AccountSeed[],
  roleIds: Map<string, string>,
  deptId: string,
  passwordFor: (account: AccountSeed) => string,
  result: SeedResult,
  isGenerated: boolean,
): Promise<void> {
  const present = await existing(db, `SELECT account AS key, id::text AS id FROM blade_user WHERE tenant_id = $1 AND is_deleted = 0`, [tenant.tenantId]);
  const missing = accounts.filter((a) => !present.has(a.account));
  const rows = await Promise.all(
    missing.map(async (account) => {
      const password = passwordFor(account);
      if (isGenerated) result.generatedPasswords.push({ tenantId: tenant.tenantId, account: account.account, password });
      return [
        nextId(),
        tenant.tenantId,
        account.account,
        await hashPassword(md5Hex(password)),
        account.name,
        account.realName,
        roleIds.get(account.role)!,
        deptId,
        1,
      ];
    }),
  );
  await insertRows(db, 'blade_user', ['id', 'tenant_id', 'account', 'password', 'name', 'real_name', 'role_id', 'dept_id', 'user_type'], rows);
}

/** What every tenant's seeding shares: the flattened menus with their ids, the registers and the dictionaries. */
interface SeedPlan {
  flat: FlatMenu[];
  menuIds: Map<string, string>;
  models: EntityModel[];
  dictionaries: DictSeed[];
}

async function seedTenant(
  db: DbClient,
  tenant: TenantSeed,
  plan: SeedPlan,
  accounts: AccountSeed[],
  passwordFor: (account: AccountSeed) => string,
  result: SeedResult,
  isGenerated: boolean,
): Promise<void> {
  await seedTenantRow(db, tenant);
  const deptId = await seedDept(db, tenant);
  const roles = await seedRoles(db, tenant, [...new Set(accounts.map((a) => a.role))]);
  await seedRoleMenus(db, tenant, roles, plan.flat, plan.menuIds, plan.models);
  await seedTopMenus(db, tenant, plan.flat, plan.menuIds);
  await seedDictionaries(db, tenant, plan.dictionaries);
  await seedFlowButtons(db, tenant.tenantId);
  await seedParams(db, tenant);
  await seedAccounts(db, tenant, accounts, roles.ids, deptId, passwordFor, result, isGenerated);
}

/** The menu tree as seeded: seed/menus.ts plus the menus the registers' schemas declare. */
export function seededMenus(models: EntityModel[] = entityModels()): FlatMenu[] {
  return flattenMenus(seedMenuTree(models.map((model) => model.schema)));
}

/**
 * A tenant created through tenant/submit (its blade_tenant row already written), seeded as the demo
 * tenants are: root department, the default roles with their menu grants, top menus, dictionaries,
 * parameters, and one administrator account with the given password.
 */
export async function seedCreatedTenant(db: DbClient, tenant: TenantSeed, adminPassword: string): Promise<void> {
  const models = entityModels();
  const flat = seededMenus(models);
  const menuIds = await existing(db, `SELECT code AS key, id::text AS id FROM blade_menu WHERE is_deleted = 0`, []);
  const deptId = await seedDept(db, tenant);
  const roles = await seedRoles(
    db,
    tenant,
    demoRoles.map((role) => role.alias),
  );
  await seedRoleMenus(db, tenant, roles, flat, menuIds, models);
  await seedTopMenus(db, tenant, flat, menuIds);
  await seedDictionaries(db, tenant, demoDictionaries);
  await seedFlowButtons(db, tenant.tenantId);
  await seedParams(db, tenant);
  const admin = demoAccounts.filter((account) => account.role === 'administrator');
  await seedAccounts(db, tenant, admin, roles.ids, deptId, () => adminPassword, { generatedPasswords: [] }, false);
}

export interface SeedOptions {
  demo: boolean;
  /** The registers whose x-menu declarations are seeded (default: the repository's schemas). */
  models?: EntityModel[];
  /** Dictionaries beyond dictionaries/*.json (tests that declare a register with its own dictionary). */
  extraDictionaries?: DictSeed[];
  /** With demo: a year of demo monitoring readings, after the rest is committed (seed/demoReadings.ts). */
  demoReadings?: boolean;
}

export async function seedDatabase(db: Db, options: SeedOptions): Promise<SeedResult> {
  const result: SeedResult = { generatedPasswords: [] };
  const models = options.models ?? entityModels();
  const flat = seededMenus(models);
  const dictionaries = [...demoDictionaries, ...(options.extraDictionaries ?? [])];
  await withTransaction(db, async (tx) => {
    // One seeding at a time, even with several instances starting together.
    await tx.query('SELECT pg_advisory_xact_lock(7245301119)');
    await seedClient(tx);
    const menuIds = await seedMenus(tx, flat);
    await revokePlatformOnlyGrants(tx, flat, models);
    const plan: SeedPlan = { flat, menuIds, models, dictionaries };
    await seedRegions(tx);
    if (options.demo) {
      for (const tenant of demoTenants) {
        await seedTenant(tx, tenant, plan, demoAccounts, () => DEMO_PASSWORD, result, false);
        await seedPosts(tx, tenant.tenantId);
      }
      // Reservoirs first: the other business seeds look them up by tenant.
      await seedReservoirs(tx);
      await seedUrgentSupplies(tx);
      await seedInspectionSetup(
        tx,
        demoTenants.filter((t) => t !== PLATFORM_TENANT).map((t) => t.tenantId),
      );
      await seedInspectionRecords(
        tx,
        demoTenants.filter((t) => t !== PLATFORM_TENANT).map((t) => t.tenantId),
      );
      await seedDemoTrails(
        tx,
        demoTenants.filter((t) => t !== PLATFORM_TENANT).map((t) => t.tenantId),
      );
      await seedNoticeMessages(tx);
      await seedCameras(tx);
      await seedDemoAlarms(tx);
      // Last: the events are raised from the records and alarms above, as the demo users would (issue 12).
      await seedDemoEvents(
        tx,
        demoTenants.filter((t) => t !== PLATFORM_TENANT).map((t) => t.tenantId),
      );
      // After the demo events (which skip a tenant that has events): river patrols raise events of their own.
      await seedDemoRivers(
        tx,
        demoTenants.map((t) => t.tenantId),
      );
      // The leave process deployed in every demo tenant, its department led by subject_admin (contract 14 §8).
      await seedDemoWorkflow(
        tx,
        demoTenants.map((t) => t.tenantId),
      );
    } else {
      const admin = demoAccounts.filter((a) => a.role === 'administrator');
      await seedTenant(tx, PLATFORM_TENANT, plan, admin, () => crypto.randomBytes(12).toString('base64url'), result, true);
    }
  });
  // Through the ingestion core, which opens its own transactions: after the stations above are committed.
  if (options.demo && options.demoReadings) await seedDemoReadings(db);
  return result;
}
