/**
 * Pure rules of the tree pages: what a new child inherits from the row it is
 * added under, which rows start expanded, how a lazy tree's loaded children
 * are attached, which registers are listed as trees, and the search of a
 * side filter tree.
 */
import type { ClientBinding, ClientSchema } from '../../shared/clientSchema';
import type { TreeNode } from '../../shared/envelope';
import type { EntityRecord } from './entityApi';
import type { Values } from './formRules';

/**
 * A new child's fixed values: its parent is the row, and it inherits the
 * row's set-once (x-immutable) fields, which name the tree it belongs to (a
 * dictionary entry keeps its dictionary's code). Both are shown disabled.
 */
export function childFixedValues(schema: ClientSchema, parent: EntityRecord): Values {
  const parentField = schema['x-tree']?.parentField ?? 'parentId';
  const fixed: Values = {};
  for (const [name, field] of Object.entries(schema.properties)) {
    if (name === parentField || field['x-base'] || !field['x-immutable']) continue;
    if (parent[name] !== undefined && parent[name] !== null) fixed[name] = parent[name];
  }
  fixed[parentField] = String(parent.id);
  return fixed;
}

/** Ids of every row that has children, so the whole tree opens expanded. */
export function expandableIds(records: readonly EntityRecord[]): string[] {
  const ids: string[] = [];
  const walk = (rows: readonly EntityRecord[]) => {
    for (const row of rows) {
      if (row.children && row.children.length > 0) {
        ids.push(String(row.id));
        walk(row.children);
      }
    }
  };
  walk(records);
  return ids;
}

/** Rows without children lose the empty `children` array, so the table draws no expander for them. */
export function withoutEmptyChildren(records: readonly EntityRecord[]): EntityRecord[] {
  return records.map((row) => {
    const { children, ...rest } = row;
    return children && children.length > 0 ? { ...rest, children: withoutEmptyChildren(children) } : rest;
  });
}

/** Rows and every descendant, depth first (an operation column must fit them all). */
export function flattenTree(records: readonly EntityRecord[]): EntityRecord[] {
  return records.flatMap((record) => [record, ...flattenTree(record.children ?? [])]);
}

/** The nodes whose title contains the text (ignoring case), with the ancestors that lead to them. */
export function filterTreeNodes(nodes: readonly TreeNode[], text: string): TreeNode[] {
  const needle = text.trim().toLowerCase();
  if (needle === '') return [...nodes];
  const keep = (node: TreeNode): TreeNode | undefined => {
    if (node.title.toLowerCase().includes(needle)) return node;
    const children = (node.children ?? []).map(keep).filter((child): child is TreeNode => !!child);
    return children.length > 0 ? { ...node, children } : undefined;
  };
  return nodes.map(keep).filter((node): node is TreeNode => !!node);
}

/** Whether a register's rows are listed as a tree: it has x-tree and its list binding answers a tree (whole or lazy). */
export function isTreeListing(schema: ClientSchema, binding: ClientBinding | undefined): boolean {
  return !!schema['x-tree'] && (binding?.op === 'tree' || binding?.op === 'lazyTree');
}

/** Lazy rows with their loaded children attached; a row that has children but none loaded gets an empty list, so it can open. */
export function attachLoadedChildren(rows: readonly EntityRecord[], loaded: Readonly<Record<string, EntityRecord[]>>): EntityRecord[] {
  return rows.map((row) => {
    const id = String(row.id);
    const children = loaded[id];
    if (children) return { ...row, children: attachLoadedChildren(children, loaded) };
    return row.hasChildren === true ? { ...row, children: [] } : row;
  });
}
