/**
 * Reservoir archive: a hook keeps the characteristic levels of a saved or
 * updated reservoir in order; tree, getManageList and getCityCount are
 * computed from the rows the caller may see.
 */
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { defineHooks } from '../../engine/hooks.js';
import { parseListParams } from '../../engine/listParams.js';
import { pageTotal } from '../../engine/operations/readOperations.js';
import { buildPageQueries } from '../../engine/sqlBuilder.js';
import { badRequest } from '../../http/apiError.js';
import { assertLevelOrder } from './levelOrder.js';
import { countsByRegion, defaultParentRegion, regionTree, reservoirsIn } from './reservoirRegions.js';
import { staffByReservoir, type StaffSummary } from './staffSummary.js';

type Row = Record<string, unknown>;

function optionalRegionCode(query: Row): string | undefined {
  const raw = query.regionCode;
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string' || !/^[0-9]{2,12}$/.test(raw)) throw badRequest('行政区划代码为2至12位数字', 'A region code is 2 to 12 digits');
  return raw;
}

function assertOnlyParams(query: Row, allowed: string[]): void {
  for (const key of Object.keys(query)) {
    if (!allowed.includes(key) && key !== '_t' && key !== 'tenantId') {
      throw badRequest(`不支持的查询参数“${key.slice(0, 64)}”`, `Unsupported query parameter "${key.slice(0, 64)}"`);
    }
  }
}

async function tree(ctx: ActionContext) {
  assertOnlyParams(ctx.query, []);
  return regionTree(await reservoirsIn(ctx.db, ctx.scope));
}

async function getCityCount(ctx: ActionContext) {
  assertOnlyParams(ctx.query, ['regionCode']);
  const reservoirs = await reservoirsIn(ctx.db, ctx.scope);
  return countsByRegion(reservoirs, optionalRegionCode(ctx.query) ?? defaultParentRegion(reservoirs));
}

/** A reservoir with its three responsible persons (absent ones are null, so gaps show). */
interface ManagedReservoir extends Row {
  administrative: StaffSummary | null;
  technical: StaffSummary | null;
  patrol: StaffSummary | null;
  isStaffComplete: boolean;
}

/** A page of reservoirs (the list's filters and paging) with their responsible persons. */
async function getManageList(ctx: ActionContext) {
  const params = parseListParams(ctx.model, ctx.binding, ctx.query);
  const queries = buildPageQueries(ctx.model, ctx.scope, params.filters, params.sort, params.current, params.size);
  const [rows, { total, totalIsEstimate }] = await Promise.all([ctx.db.query(queries.page.text, queries.page.values), pageTotal(ctx.db, queries)]);
  const staff = await staffByReservoir(
    ctx,
    rows.rows.map((row) => String(row.id)),
  );
  const records: ManagedReservoir[] = rows.rows.map((row) => {
    const persons = staff.get(String(row.id)) ?? {};
    const administrative = persons[1] ?? null;
    const technical = persons[2] ?? null;
    const patrol = persons[3] ?? null;
    return { ...row, administrative, technical, patrol, isStaffComplete: !!(administrative && technical && patrol) };
  });
  return { records, total, size: params.size, current: params.current, pages: Math.ceil(total / params.size), ...(totalIsEstimate ? { totalIsEstimate } : {}) };
}

defineHooks('reservoir/reservoir', {
  // Before validation and uniqueness, as the old handler did: a bad order is what a user hears first.
  beforeValidate: ({ ctx, data, existing }) => assertLevelOrder({ ...existing, ...data }, ctx.language),
});

defineActions('reservoir/reservoir', {
  tree,
  getCityCount,
  getManageList,
});
