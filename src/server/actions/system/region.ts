/**
 * Actions of the region register (schemas/system/region.json), keyed by
 * code and parentCode: lazy trees and lists by parentCode, the tree down to
 * a level, the children picker, detail and removal by code (or row id), and
 * submit, which derives level, ancestors and the province…village fields.
 * lazy-list/reservoirs and treeByReservoir add the tenant's reservoirs (the
 * reservoir archive, within the caller's data scope on it).
 */
import type { TreeNode } from '../../../shared/envelope.js';
import { isIdString } from '../../db/ids.js';
import type { DbClient, Queryable } from '../../db/pool.js';
import { defineActions, type ActionContext } from '../../engine/actions.js';
import type { EntityModel } from '../../engine/entityModel.js';
import { buildForest } from '../../engine/operations/treeOperations.js';
import { defineHooks } from '../../engine/hooks.js';
import { localApi } from '../../engine/localApi.js';
import { outputFields, selectList } from '../../engine/sqlBuilder.js';
import { ApiError, badRequest, notFound } from '../../http/apiError.js';
import { isBlank } from './actionParams.js';
import { loadDerived, regionLevel, rederiveSubtree, ROOT_REGION } from './regionHierarchy.js';
import { placedReservoirs, reservoirNodes } from './regionReservoirs.js';

type Row = Record<string, unknown>;

/** Parameters any read may carry without meaning anything. */
const HARMLESS = new Set(['blade-auth', '_t', 'tenantId']);

function onlyParams(query: Row, allowed: string[]): void {
  for (const key of Object.keys(query)) {
    if (!allowed.includes(key) && !HARMLESS.has(key))
      throw badRequest(`不支持的查询参数“${key.slice(0, 64)}”`, `Unsupported query parameter "${key.slice(0, 64)}"`);
  }
}

/** A region code parameter (the root 00 allowed where a parent is meant). */
function codeParam(raw: unknown, name: string, fallback?: string): string {
  if (isBlank(raw) && fallback !== undefined) return fallback;
  if (typeof raw !== 'string' || !/^[0-9]{2,12}$/.test(raw)) throw badRequest(`参数 ${name} 不正确`, `The parameter ${name} is not valid`);
  return raw;
}

function regionColumns(model: EntityModel): string {
  return selectList(outputFields(model), 'r');
}

const HAS_CHILDREN = `EXISTS (SELECT 1 FROM blade_region c WHERE c.parent_code = r.code AND c.is_deleted = 0) AS "hasChildren"`;

async function childRows(ctx: ActionContext, parentCode: string): Promise<Row[]> {
  const result = await ctx.tx.query(
    `SELECT ${regionColumns(ctx.model)}, ${HAS_CHILDREN} FROM blade_region r WHERE r.parent_code = $1 AND r.is_deleted = 0 ORDER BY r.sort, r.code`,
    [parentCode],
  );
  return result.rows;
}

function toNode(row: Row): TreeNode {
  const code = String(row.code);
  return { id: code, parentId: String(row.parentCode), title: String(row.name), key: code, value: code, hasChildren: row.hasChildren === true };
}

/** region/lazy-tree?parentCode=: the children of a region (default: the provinces) as tree nodes. */
async function lazyTree(ctx: ActionContext): Promise<TreeNode[]> {
  onlyParams(ctx.query, ['parentCode']);
  return (await childRows(ctx, codeParam(ctx.query.parentCode, 'parentCode', ROOT_REGION))).map(toNode);
}

/** region/lazy-list?parentCode=: the children as records, each with hasChildren. */
async function lazyList(ctx: ActionContext): Promise<Row[]> {
  onlyParams(ctx.query, ['parentCode']);
  return childRows(ctx, codeParam(ctx.query.parentCode, 'parentCode', ROOT_REGION));
}

/** region/select?code=: the children of a region as a flat list for dropdowns (SpringBlade: select?code=00). */
async function selectChildren(ctx: ActionContext): Promise<Row[]> {
  onlyParams(ctx.query, ['code']);
  const result = await ctx.tx.query(
    `SELECT code, parent_code AS "parentCode", name, level FROM blade_region WHERE parent_code = $1 AND is_deleted = 0 ORDER BY sort, code`,
    [codeParam(ctx.query.code, 'code', ROOT_REGION)],
  );
  return result.rows;
}

/** The regions below `rootCode` (and the root itself unless it is 00) down to `maxLevel`, as a forest. */
async function regionForest(db: Queryable, rootCode: string, maxLevel: number): Promise<TreeNode[]> {
  const result = await db.query(
    `SELECT r.code, r.parent_code AS "parentCode", r.name, r.level, ${HAS_CHILDREN} FROM blade_region r
      WHERE r.is_deleted = 0 AND r.level <= $2 AND ($1 = '${ROOT_REGION}' OR r.code = $1 OR $1 = ANY(string_to_array(r.ancestors, ',')))
      ORDER BY r.level, r.sort, r.code`,
    [rootCode, maxLevel],
  );
  // Nodes above the last level get hasChildren from the children attached to them; the last level says whether more lies below.
  const nodes: TreeNode[] = result.rows.map((row) => ({ ...toNode(row), hasChildren: row.level < maxLevel ? undefined : row.hasChildren === true }));
  return buildForest<TreeNode>(
    nodes,
    (node) => node.id,
    (node) => node.parentId,
  );
}

/** region/tree?parentCode=&maxLevel=: the whole tree (default: provinces to counties), for tree-select pickers. */
async function tree(ctx: ActionContext): Promise<TreeNode[]> {
  onlyParams(ctx.query, ['parentCode', 'maxLevel']);
  const maxLevel = isBlank(ctx.query.maxLevel) ? 3 : Number(ctx.query.maxLevel);
  if (!Number.isInteger(maxLevel) || maxLevel < 1 || maxLevel > 5) throw badRequest('参数 maxLevel 应为 1 到 5', 'The parameter maxLevel must be 1 to 5');
  const parentCode = codeParam(ctx.query.parentCode, 'parentCode', ROOT_REGION);
  const forest = await regionForest(ctx.tx, parentCode, maxLevel);
  // Under a parent, the answer is its children, not the parent itself.
  return parentCode === ROOT_REGION ? forest : (forest[0]?.children ?? []);
}

/** A region by code (≤ 12 digits) or by row id. */
async function findRegion(ctx: ActionContext, raw: unknown, name: string): Promise<Row> {
  const value = typeof raw === 'string' ? raw.trim() : '';
  const byCode = /^[0-9]{2,12}$/.test(value);
  if (!byCode && !isIdString(value)) throw badRequest(`参数 ${name} 不正确`, `The parameter ${name} is not valid`);
  const result = await ctx.tx.query(
    `SELECT ${regionColumns(ctx.model)} FROM blade_region r WHERE r.is_deleted = 0 AND ${byCode ? 'r.code = $1' : 'r.id = $1'}`,
    [value],
  );
  if (!result.rows[0]) throw notFound();
  return result.rows[0];
}

async function detail(ctx: ActionContext): Promise<Row> {
  return findRegion(ctx, ctx.query.code ?? ctx.query.id, 'code');
}

/**
 * region/submit: the engine validates and writes the row (code is fixed once
 * created); the parent must exist and be at a higher level; then level,
 * ancestors and the province…village fields are derived for the region and
 * everything below it, and the answer is the derived row.
 */
defineHooks('system/region', {
  /** No parent (blank or left out) is the root. */
  beforeValidate: ({ data, input }) => {
    if (isBlank(input.parentCode)) data.parentCode = ROOT_REGION;
  },
  afterChange: async ({ ctx, tx, row }) => {
    const code = String(row.code);
    const parentCode = String(row.parentCode);
    if (parentCode !== ROOT_REGION) {
      const parent = await loadDerived(tx, parentCode);
      const message = (zh: string, en: string) =>
        new ApiError(400, { zh, en }, { errors: [{ field: 'parentCode', message: ctx.language === 'zh' ? zh : en }] });
      if (!parent) throw message('上级区划不存在', 'The parent region does not exist');
      if (parent.level >= (regionLevel(code) ?? 0)) throw message('上级区划的层级应高于本区划', 'The parent region must be at a higher level');
      if ((parent.ancestors ?? '').split(',').includes(code)) throw message('上级区划不能是自己的下级', 'The parent cannot lie below the region itself');
    }
    await rederiveSubtree(tx, code);
    Object.assign(row, await localApi(ctx, tx).findById('system/region', String(row.id)));
  },
});

/** region/remove?id=<code or row id>: not while it has children or departments are placed in it. */
async function remove(ctx: ActionContext): Promise<{ removed: number }> {
  const region = await findRegion(ctx, ctx.query[ctx.binding.idParam], ctx.binding.idParam);
  const tx = ctx.tx as DbClient;
  const children = await tx.query('SELECT 1 FROM blade_region WHERE parent_code = $1 AND is_deleted = 0 LIMIT 1', [region.code]);
  if (children.rowCount) throw badRequest('请先删除子节点', 'Delete the child entries first');
  const placed = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM blade_dept WHERE region_code = $1 AND is_deleted = 0', [region.code]);
  if (placed.rows[0].n > 0) {
    throw badRequest(`该区划下还有 ${placed.rows[0].n} 个机构，不能删除`, `${placed.rows[0].n} departments are placed in this region; it cannot be removed`);
  }
  const result = await tx.query('UPDATE blade_region SET is_deleted = 1, update_user = $2, update_time = LOCALTIMESTAMP(0) WHERE id = $1 AND is_deleted = 0', [
    region.id,
    ctx.caller.userId,
  ]);
  return { removed: result.rowCount ?? 0 };
}

/**
 * region/lazy-list/reservoirs?parentCode=: the child regions, each with the
 * number of the tenant's reservoirs within it (reservoirCount) and the
 * reservoirs located in that region itself (reservoirs: id, name, code).
 */
async function lazyListReservoirs(ctx: ActionContext): Promise<Row[]> {
  const children = await lazyList(ctx);
  const reservoirs = await placedReservoirs(ctx);
  return children.map((row) => ({
    ...row,
    reservoirCount: reservoirs.filter((r) => r.containedIn.includes(String(row.code))).length,
    reservoirs: reservoirs.filter((r) => r.regionCode === row.code).map(({ id, name, code }) => ({ id, name, code })),
  }));
}

/**
 * region/treeByReservoir?code=: the regions from the code (default: the
 * region of the caller's department, else the whole country) down to the
 * tenant's reservoirs, which hang under their regions as leaves (type
 * reservoir; region nodes have type region). Only regions holding reservoirs
 * appear; without reservoirs the tree is empty.
 */
async function treeByReservoir(ctx: ActionContext): Promise<TreeNode[]> {
  onlyParams(ctx.query, ['code']);
  let code = isBlank(ctx.query.code) ? undefined : codeParam(ctx.query.code, 'code');
  if (!code && ctx.caller.deptId) {
    const dept = await localApi(ctx).tenantWide().findById('system/dept', ctx.caller.deptId);
    code = dept?.regionCode ?? undefined;
  }
  const root = code ?? ROOT_REGION;
  const reservoirs = (await placedReservoirs(ctx)).filter((r) => root === ROOT_REGION || r.containedIn.includes(root));
  const holding = [...new Set(reservoirs.flatMap((r) => r.containedIn))];
  const regions = await ctx.tx.query<{ code: string; parent_code: string; name: string; ancestors: string | null }>(
    'SELECT code, parent_code, name, ancestors FROM blade_region WHERE is_deleted = 0 AND code = ANY($1::text[]) ORDER BY level, sort, code',
    [holding],
  );
  const below = regions.rows.filter((r) => root === ROOT_REGION || r.code === root || (r.ancestors ?? '').split(',').includes(root));
  const nodes: TreeNode[] = [
    ...below.map((r) => ({ id: r.code, parentId: r.parent_code, title: r.name, key: r.code, value: r.code, type: 'region' })),
    ...reservoirNodes(reservoirs),
  ];
  return buildForest<TreeNode>(
    nodes,
    (node) => node.id,
    (node) => node.parentId,
  );
}

defineActions('system/region', {
  lazyTree,
  lazyList,
  tree,
  select: selectChildren,
  // Stays: detail and remove name a region by code (or row id), not by the engine's id parameter.
  detail,
  remove,
  lazyListReservoirs,
  treeByReservoir,
});
