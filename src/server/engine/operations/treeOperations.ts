/**
 * Tree reads for registers with x-tree: the whole forest (as TreeNodes or as
 * records with children), the subtree under one parent, and lazy children.
 */
import type { TreeNode } from '../../../shared/envelope.js';
import type { EntityModel, RouteBinding } from '../entityModel.js';
import { parseListParams } from '../listParams.js';
import { quoteIdent } from '../naming.js';
import { bindingFilters, buildSelectAll, filterCondition, orderClause, outputFields, Params, scopeConditions, selectList } from '../sqlBuilder.js';
import { attachTitles } from '../referenceTitles.js';
import type { OperationContext } from './context.js';
import { MAX_UNPAGED_ROWS, requireId } from './readOperations.js';

type Row = Record<string, unknown>;

function toNode(model: EntityModel, row: Row): TreeNode {
  const tree = model.tree!;
  const id = String(row.id);
  return { id, parentId: String(row[tree.parentField] ?? '0'), title: String(row[tree.titleField] ?? ''), key: id, value: id };
}

/** Whether following parents from an item comes back to it (bad data must not make rows vanish). */
function isInCycle<T>(item: T, byId: Map<string, T>, idOf: (t: T) => string, parentOf: (t: T) => string): boolean {
  const seen = new Set<string>();
  let current: T | undefined = item;
  while (current) {
    const id = idOf(current);
    if (seen.has(id)) return id === idOf(item);
    seen.add(id);
    current = byId.get(parentOf(current));
  }
  return false;
}

/**
 * Attaches children by parent id; rows whose parent is absent become roots
 * (as SpringBlade's ForestNodeMerger), and so do rows caught in a parent cycle.
 */
export function buildForest<T extends { children?: T[]; hasChildren?: boolean }>(items: T[], idOf: (t: T) => string, parentOf: (t: T) => string): T[] {
  const byId = new Map(items.map((item) => [idOf(item), item]));
  const roots: T[] = [];
  for (const item of items) {
    const parent = byId.get(parentOf(item));
    if (parent && parent !== item && !isInCycle(item, byId, idOf, parentOf)) {
      (parent.children ??= []).push(item);
      parent.hasChildren = true;
    } else {
      roots.push(item);
    }
  }
  return roots;
}

function subtree(rows: Row[], parentField: string, rootId: string): Row[] {
  const keep = new Set<string>([rootId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const row of rows) {
      if (!keep.has(String(row.id)) && keep.has(String(row[parentField]))) {
        keep.add(String(row.id));
        grew = true;
      }
    }
  }
  return rows.filter((row) => row.id !== rootId && keep.has(String(row.id)));
}

export async function treeOperation(ctx: OperationContext, model: EntityModel, binding: RouteBinding, query: Row): Promise<unknown[]> {
  const tree = model.tree!;
  const rawRoot = binding.rootParam ? query[binding.rootParam] : undefined;
  const rootId = binding.rootParam ? (rawRoot === '0' ? '0' : requireId(rawRoot, binding.rootParam)) : undefined;
  const params = parseListParams(model, binding, query);
  const filters = [...bindingFilters(model, binding), ...params.filters];
  const sql = buildSelectAll(model, ctx.scope, filters, params.sort, MAX_UNPAGED_ROWS, binding.fields);
  let rows: Row[] = (await ctx.db.query(sql.text, sql.values)).rows;
  if (rootId) rows = subtree(rows, tree.parentField, rootId);
  if (binding.shape === 'records') {
    // Records carry each reference's title beside its id, as lists do.
    await attachTitles(ctx.db, model, rows, ctx.caller.tenantId, binding.fields);
    return buildForest(
      rows as (Row & { children?: Row[]; hasChildren?: boolean })[],
      (r) => String(r.id),
      (r) => String(r[tree.parentField]),
    );
  }
  return buildForest(
    rows.map((row) => toNode(model, row)),
    (n) => n.id,
    (n) => n.parentId,
  );
}

/**
 * The rows of a register as flat picker nodes ({id, parentId 0, title, key, value}, title from x-title):
 * what the console reads for a reference to a register that is not a tree (a record's plan, inspector).
 */
export async function optionsOperation(ctx: OperationContext, model: EntityModel, binding: RouteBinding, query: Row): Promise<TreeNode[]> {
  const titleField = model.titleField!;
  const params = parseListParams(model, binding, query);
  const filters = [...bindingFilters(model, binding), ...params.filters];
  const sql = buildSelectAll(model, ctx.scope, filters, params.sort, MAX_UNPAGED_ROWS, [titleField]);
  const rows: Row[] = (await ctx.db.query(sql.text, sql.values)).rows;
  return rows.map((row) => {
    const id = String(row.id);
    return { id, parentId: '0', title: String(row[titleField] ?? ''), key: id, value: id };
  });
}

export async function lazyTreeOperation(ctx: OperationContext, model: EntityModel, binding: RouteBinding, query: Row): Promise<Row[]> {
  const tree = model.tree!;
  const { parentId: rawParent, ...rest } = query;
  const parentId = rawParent === undefined || rawParent === '' ? '0' : rawParent === '0' ? '0' : requireId(rawParent, 'parentId');
  const params = parseListParams(model, binding, rest);
  const filters = [...bindingFilters(model, binding), ...params.filters];
  const p = new Params();
  const parentColumn = quoteIdent(model.field.get(tree.parentField)!.column);
  const conditions = [...scopeConditions(model, ctx.scope, p, 't'), ...filters.map((f) => `t.${filterCondition(f, p)}`)];
  conditions.push(`t.${parentColumn} = ${p.add(parentId)}`);
  // hasChildren counts every child in scope: the binding's where (ctx.scope.within) selects the listed nodes only.
  const childScope = scopeConditions(model, { ...ctx.scope, within: undefined }, p, 'c');
  const text =
    `SELECT ${selectList(outputFields(model, binding.fields), 't')}, ` +
    `EXISTS (SELECT 1 FROM ${quoteIdent(model.table)} c WHERE ${childScope.join(' AND ')} AND c.${parentColumn} = t."id") AS "hasChildren" ` +
    `FROM ${quoteIdent(model.table)} t WHERE ${conditions.join(' AND ')} ${orderClause(params.sort)
      .replace(/ORDER BY /, 'ORDER BY t.')
      .replace(/, "/g, ', t."')} LIMIT ${p.add(MAX_UNPAGED_ROWS)}`;
  const rows = (await ctx.db.query(text, p.values)).rows as Row[];
  await attachTitles(ctx.db, model, rows, ctx.caller.tenantId, binding.fields);
  return rows.map((row) => ({ ...row, title: row[tree.titleField], key: row.id, value: row.id }));
}
