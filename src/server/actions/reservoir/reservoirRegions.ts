/**
 * Reservoirs grouped by administrative division: the region → reservoir tree
 * of the reservoir pickers, the counts per region of getCityCount, and
 * reservoirsByRegion for the region register's treeByReservoir. Regions come
 * from the reservoirs' own codes (a region without reservoirs never shows).
 */
import type { Queryable } from '../../db/pool.js';
import { entityModel } from '../../engine/entityRegistry.js';
import { quoteIdent } from '../../engine/naming.js';
import { outputFields, Params, scopeConditions, selectList, type RowScope } from '../../engine/sqlBuilder.js';
import { childLevelLength, normalizeRegionCode, regionChain, regionName } from './regionCodes.js';

export interface ReservoirBrief {
  id: string;
  name: string;
  code: string;
  regionCode: string;
  scale: number | null;
  totalCapacity: number | null;
  longitude: number | null;
  latitude: number | null;
}

/** The reservoirs a scope may see (tenant, and the role's data scope when one applies), by region and code. */
export async function reservoirsIn(db: Queryable, scope: RowScope): Promise<ReservoirBrief[]> {
  const model = entityModel('reservoir/reservoir');
  const params = new Params();
  const where = scopeConditions(model, scope, params).join(' AND ');
  const column = (name: string) => quoteIdent(model.field.get(name)!.column);
  const result = await db.query<ReservoirBrief>(
    `SELECT ${selectList(outputFields(model, ['name', 'code', 'regionCode', 'scale', 'totalCapacity', 'longitude', 'latitude']))}
       FROM ${quoteIdent(model.table)} WHERE ${where} ORDER BY ${['regionCode', 'sort', 'code', 'id'].map(column).join(', ')}`,
    params.values,
  );
  return result.rows;
}

export interface RegionReservoirs {
  regionCode: string;
  regionName: string;
  reservoirs: ReservoirBrief[];
}

/**
 * The tenant's reservoirs grouped by the region code they carry (township as
 * a rule), for the region register's treeByReservoir: it can hang each
 * group's reservoirs under the region node of that code and keep only the
 * regions on the way to one.
 */
export async function reservoirsByRegion(db: Queryable, tenantId: string): Promise<RegionReservoirs[]> {
  const groups = new Map<string, ReservoirBrief[]>();
  for (const reservoir of await reservoirsIn(db, { tenantId })) {
    const code = normalizeRegionCode(reservoir.regionCode);
    groups.set(code, [...(groups.get(code) ?? []), reservoir]);
  }
  return [...groups].map(([regionCode, reservoirs]) => ({ regionCode, regionName: regionName(regionCode), reservoirs }));
}

export interface RegionTreeNode {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  /** region: an administrative division; reservoir: a reservoir (its id). */
  type: 'region' | 'reservoir';
  regionCode: string;
  reservoirCount: number;
  hasChildren: boolean;
  children: RegionTreeNode[];
  /** Regions group reservoirs in a picker; only a reservoir can be chosen. */
  selectable: boolean;
  code?: string;
  scale?: number | null;
}

function regionNode(code: string): RegionTreeNode {
  const parent = regionChain(code).slice(-2, -1)[0] ?? '0';
  return {
    id: code,
    parentId: parent,
    title: regionName(code),
    key: code,
    value: code,
    type: 'region',
    regionCode: code,
    reservoirCount: 0,
    hasChildren: false,
    children: [],
    selectable: false,
  };
}

function reservoirNode(reservoir: ReservoirBrief, regionCode: string): RegionTreeNode {
  return {
    id: reservoir.id,
    parentId: regionCode,
    title: reservoir.name,
    key: reservoir.id,
    value: reservoir.id,
    type: 'reservoir',
    regionCode,
    reservoirCount: 1,
    hasChildren: false,
    children: [],
    selectable: true,
    code: reservoir.code,
    scale: reservoir.scale,
  };
}

/**
 * Region → reservoirs. Common ancestors with a single child region are left
 * out, so a county's tree starts at the county (its townships below it)
 * rather than at the province.
 */
export function regionTree(reservoirs: ReservoirBrief[]): RegionTreeNode[] {
  const nodes = new Map<string, RegionTreeNode>();
  const roots: RegionTreeNode[] = [];
  const nodeOf = (code: string): RegionTreeNode => {
    let node = nodes.get(code);
    if (node) return node;
    node = regionNode(code);
    nodes.set(code, node);
    const parent = node.parentId === '0' ? undefined : nodeOf(node.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
    return node;
  };
  for (const reservoir of reservoirs) {
    const code = normalizeRegionCode(reservoir.regionCode);
    const region = nodeOf(code);
    region.children.push(reservoirNode(reservoir, code));
    for (const ancestor of regionChain(code)) nodes.get(ancestor)!.reservoirCount++;
  }
  for (const node of nodes.values()) node.hasChildren = node.children.length > 0;
  let top = roots;
  while (top.length === 1 && top[0].children.length === 1 && top[0].children[0].type === 'region') top = top[0].children;
  for (const root of top) root.parentId = '0';
  return top;
}

export interface RegionCount {
  regionCode: string;
  regionName: string;
  /** Reservoirs in the region. */
  count: number;
  /** 小(1)型 and 小(2)型 reservoirs (reservoir_scale 1 and 2); larger ones are in count only. */
  smallOneCount: number;
  smallTwoCount: number;
  /** Sum of total storage, 万m³. */
  totalCapacity: number;
}

/** The region the counts start from when none is asked for: the top of the region tree (a county tenant: its county). */
export function defaultParentRegion(reservoirs: ReservoirBrief[]): string | undefined {
  const top = regionTree(reservoirs);
  return top.length === 1 ? top[0].regionCode : undefined;
}

/**
 * Reservoirs counted per child region of `parentCode` (a county's
 * townships); reservoirs registered on the parent itself count under it.
 * Without a parent the regions of the tree's first level are counted.
 */
export function countsByRegion(reservoirs: ReservoirBrief[], parentCode?: string): RegionCount[] {
  const parent = parentCode === undefined ? undefined : normalizeRegionCode(parentCode);
  const childLength = parent === undefined ? undefined : childLevelLength(parent);
  const counts = new Map<string, RegionCount>();
  for (const reservoir of reservoirs) {
    const code = normalizeRegionCode(reservoir.regionCode);
    if (parent !== undefined && !code.startsWith(parent)) continue;
    const group = childLength === undefined ? code : code.length >= childLength ? code.slice(0, childLength) : code;
    let entry = counts.get(group);
    if (!entry)
      counts.set(group, (entry = { regionCode: group, regionName: regionName(group), count: 0, smallOneCount: 0, smallTwoCount: 0, totalCapacity: 0 }));
    entry.count++;
    if (reservoir.scale === 1) entry.smallOneCount++;
    if (reservoir.scale === 2) entry.smallTwoCount++;
    entry.totalCapacity = Math.round((entry.totalCapacity + (reservoir.totalCapacity ?? 0)) * 100) / 100;
  }
  return [...counts.values()].sort((a, b) => a.regionCode.localeCompare(b.regionCode));
}
