/**
 * Pure rules of a parent/child tree page: what a new child inherits from the
 * row it is added under, and which rows start expanded.
 */
import type { ClientSchema } from '../../shared/clientSchema';
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
