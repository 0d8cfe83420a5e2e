/**
 * getAdCode: the caller's region (their department's region code), its level, and the map view the console opens
 * for public sentiment (business-domain §2 "Map routes"): the province view for the administrator, or a farm_admin
 * whose code has 4 digits or fewer; the county view for subject_admin, or a farm_admin whose code has 6. Anyone else
 * gets the view that fits the code's length. mapCode is the region the view draws: the province view shows the
 * counties of the caller's city (or province), the county view the caller's county.
 */
import type { ActionContext } from '../../engine/actions.js';
import { localApi } from '../../engine/localApi.js';
import { normalizeRegionCode, regionName } from '../reservoir/regionCodes.js';
import { onlyParams } from './params.js';
import type { AdCode, MapView, RegionLevel } from '../../../shared/onePictureAnswers.js';

const LEVELS: Record<number, RegionLevel> = { 2: 'province', 4: 'city', 6: 'county', 9: 'town', 12: 'village' };

/** The view rule of the spec, by role aliases and the normalised region code. */
export function mapViewOf(roleAliases: string[], code: string): MapView {
  if (roleAliases.includes('administrator')) return 'province';
  if (roleAliases.includes('farm_admin') && code.length > 0 && code.length <= 4) return 'province';
  if (roleAliases.includes('subject_admin') || roleAliases.includes('farm_admin')) return 'county';
  return code.length > 0 && code.length <= 4 ? 'province' : 'county';
}

/** The region a view draws: a province view of a county shows its city's counties; a county view its county. */
export function mapCodeOf(view: MapView, code: string): string {
  if (view === 'province') return code.length > 4 ? code.slice(0, 4) : code;
  return code.length > 6 ? code.slice(0, 6) : code;
}

export async function getAdCode(ctx: ActionContext): Promise<AdCode> {
  onlyParams(ctx.query, []);
  const api = localApi(ctx).tenantWide();
  const dept = ctx.caller.deptId ? await api.findById('system/dept', ctx.caller.deptId) : undefined;
  const roles = ctx.caller.roleIds.length ? await api.find('system/role', { where: { id: ctx.caller.roleIds } }) : [];
  const raw = typeof dept?.regionCode === 'string' ? dept.regionCode.trim() : '';
  const adCode = /^[0-9]{2,12}$/.test(raw) ? normalizeRegionCode(raw) : '';
  const view = mapViewOf(
    roles.map((role) => String(role.roleAlias)),
    adCode,
  );
  const mapCode = mapCodeOf(view, adCode);
  return { adCode, name: adCode ? regionName(adCode) : '', level: LEVELS[adCode.length] ?? 'none', view, mapCode, mapName: mapCode ? regionName(mapCode) : '' };
}
