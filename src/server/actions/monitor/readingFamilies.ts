/**
 * The reading register (monitor/reading) serves five families under
 * /api/v1/monitor/<family>/, each gated by its own menu (monitor_water_level …)
 * and buttons, while the register has one table. Each binding names its family's
 * menu in the schema, so the engine gates it and gives its requests the family
 * menu's data scope (ctx.scope); the generic list/detail/export/save/update/remove
 * need nothing here. A binding's name starts with its family (waterLevelList,
 * rainfallDay …): these helpers find the family of a binding, check the family's
 * menu and give the family menu's data scope, for the report actions
 * (readingReads.ts, readingReports.ts) and listNew, which water_situation opens too.
 */
import { dataRestriction } from '../../auth/dataScopes.js';
import { assertMenu, hasMenu } from '../../auth/permissions.js';
import type { RouteBinding } from '../../engine/entityModel.js';
import type { OperationContext } from '../../engine/operations/context.js';
import type { RowScope } from '../../engine/sqlBuilder.js';
import { MONITOR_FAMILIES, type MonitorFamily, type MonitorFamilyInfo } from '../../../shared/monitorElements.js';
import { forbidden } from '../../http/apiError.js';

export const FAMILY_NAMES: readonly MonitorFamily[] = MONITOR_FAMILIES.map((info) => info.family);

/** The family whose bindings' names start with it (waterLevelList → waterLevel). */
export function familyOfBinding(binding: Pick<RouteBinding, 'name'>): MonitorFamilyInfo {
  const info = MONITOR_FAMILIES.find((candidate) => binding.name.startsWith(candidate.family));
  if (!info) throw new Error(`monitor/reading: binding ${binding.name} names no family`);
  return info;
}

/** The element keys (monitor_element) of a family. */
export function familyElementKeys(info: MonitorFamilyInfo): number[] {
  return info.elements.map((element) => element.key);
}

/**
 * A read of a family needs the family's menu; `alsoMenus` are menus that open the read as well
 * (e.g. water_situation for listNew). 403 otherwise.
 */
export async function assertFamilyRead(ctx: OperationContext, info: MonitorFamilyInfo, alsoMenus: string[] = []): Promise<void> {
  for (const menu of [info.menu, ...alsoMenus]) if (await hasMenu(ctx.db, ctx.caller, menu)) return;
  if (alsoMenus.length === 0) await assertMenu(ctx.db, ctx.caller, info.menu);
  throw forbidden();
}

/** The readings of a family the caller may see: the tenant and the data scope granted on the family's menu. */
export async function familyScope(ctx: OperationContext, info: MonitorFamilyInfo): Promise<RowScope> {
  return { tenantId: ctx.caller.tenantId, restriction: await dataRestriction(ctx.db, ctx.caller, info.menu) };
}
