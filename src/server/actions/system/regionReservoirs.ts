/**
 * Regions seen through the reservoirs of the caller's tenant (the reservoir
 * archive, within the caller's data scope on it): which regions hold
 * reservoirs, and which reservoirs lie in each. A reservoir placed in a code
 * the region register does not hold is counted in its nearest known
 * ancestor (by code prefix).
 */
import type { TreeNode } from '../../../shared/envelope.js';
import { rowScopeOf } from '../../auth/dataScopes.js';
import type { Queryable } from '../../db/pool.js';
import type { ActionContext } from '../../engine/actions.js';
import { entityModels } from '../../engine/entityRegistry.js';
import { quoteIdent } from '../../engine/naming.js';
import { Params, scopeConditions } from '../../engine/sqlBuilder.js';
import { ROOT_REGION } from './regionHierarchy.js';

const RESERVOIR_SCHEMA = 'reservoir/reservoir';
const MAX_RESERVOIRS = 10_000;

export interface PlacedReservoir {
  id: string;
  name: string;
  code: string;
  /** The region it is counted in (its own code, or the nearest known ancestor). */
  regionCode: string;
  /** That region and every region above it. */
  containedIn: string[];
}

/** The reservoirs the caller may see, with the regions that contain each. */
export async function placedReservoirs(ctx: ActionContext): Promise<PlacedReservoir[]> {
  const model = entityModels().find((m) => m.id === RESERVOIR_SCHEMA);
  if (!model) return [];
  const column = (name: string) => quoteIdent(model.field.get(name)!.column);
  const params = new Params();
  const conditions = scopeConditions(model, await rowScopeOf(ctx.tx, ctx.caller, model), params);
  const rows = await ctx.tx.query<{ id: string; name: string; code: string; region_code: string | null }>(
    `SELECT id::text AS id, ${column('name')} AS name, ${column('code')} AS code, ${column('regionCode')} AS region_code
       FROM ${quoteIdent(model.table)} WHERE ${conditions.join(' AND ')} ORDER BY ${column('regionCode')}, ${column('code')} LIMIT ${params.add(MAX_RESERVOIRS)}`,
    params.values,
  );
  const known = await regionAncestors(
    ctx.tx,
    rows.rows.flatMap((row) => prefixesOf(row.region_code ?? '')),
  );
  return rows.rows.flatMap((row) => {
    const regionCode = prefixesOf(row.region_code ?? '').find((code) => known.has(code));
    if (!regionCode) return [];
    return [{ id: row.id, name: row.name, code: row.code, regionCode, containedIn: [regionCode, ...known.get(regionCode)!] }];
  });
}

/** A code and its shorter ancestors' codes, longest first (12 → 9 → 6 → 4 → 2 digits). */
function prefixesOf(code: string): string[] {
  return [12, 9, 6, 4, 2].filter((length) => length <= code.length).map((length) => code.slice(0, length));
}

/** code → its ancestors (without the root 00), for the codes the register holds. */
async function regionAncestors(db: Queryable, codes: string[]): Promise<Map<string, string[]>> {
  if (codes.length === 0) return new Map();
  const result = await db.query<{ code: string; ancestors: string | null }>(
    'SELECT code, ancestors FROM blade_region WHERE is_deleted = 0 AND code = ANY($1::text[])',
    [[...new Set(codes)]],
  );
  return new Map(result.rows.map((row) => [row.code, (row.ancestors ?? '').split(',').filter((code) => code !== '' && code !== ROOT_REGION)]));
}

/** The reservoirs as leaves of a region tree: keyed by their id, under their region's code. */
export function reservoirNodes(reservoirs: PlacedReservoir[]): (TreeNode & { type: 'reservoir' })[] {
  return reservoirs.map((r) => ({ id: r.id, parentId: r.regionCode, title: r.name, key: r.id, value: r.id, type: 'reservoir' }));
}
