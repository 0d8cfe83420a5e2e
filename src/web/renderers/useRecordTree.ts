/**
 * The expand / collapse state of a tree of records (headless). A whole tree
 * (a tree binding answering records with children) starts with its first
 * level open and can open or fold everything; a lazy tree (a lazyTree
 * binding answering one level with hasChildren) loads a row's children when
 * it is first opened.
 */
import { useCallback, useMemo, useState } from 'react';
import type { ClientBinding } from '../../shared/clientSchema';
import { fetchRecords, type EntityRecord } from './entityApi';
import { attachLoadedChildren, expandableIds } from './treeLogic';

export interface RecordTree {
  /** The rows to show: loaded children attached, unloaded ones as an empty list so the row can open. */
  rows: EntityRecord[];
  isLazy: boolean;
  expandedKeys: string[];
  onExpand: (isExpanded: boolean, record: EntityRecord) => void;
  /** A whole tree with rows that have children (a lazy tree opens row by row). */
  canExpand: boolean;
  /** Every row that has children is open. */
  isAllExpanded: boolean;
  expandAll: () => void;
  collapseAll: () => void;
  /** After a change: loaded children are dropped and load again when opened. */
  forgetChildren: () => void;
}

export function useRecordTree(binding: ClientBinding | undefined, records: EntityRecord[]): RecordTree {
  const isLazy = binding?.op === 'lazyTree';
  const [loaded, setLoaded] = useState<Record<string, EntityRecord[]>>({});
  const [opened, setOpened] = useState<string[] | null>(null);

  const rows = useMemo(() => (isLazy ? attachLoadedChildren(records, loaded) : records), [isLazy, records, loaded]);
  const allKeys = useMemo(() => (isLazy ? [] : expandableIds(rows)), [isLazy, rows]);
  // A whole tree opens its first level until the user chooses otherwise.
  const firstLevel = useMemo(() => rows.filter((row) => (row.children?.length ?? 0) > 0).map((row) => String(row.id)), [rows]);
  const expandedKeys = opened ?? (isLazy ? [] : firstLevel);

  const onExpand = useCallback(
    (isExpanded: boolean, record: EntityRecord) => {
      const id = String(record.id);
      setOpened((old) => {
        const current = old ?? (isLazy ? [] : firstLevel);
        return isExpanded ? [...new Set([...current, id])] : current.filter((key) => key !== id);
      });
      if (isExpanded && isLazy && binding && !loaded[id]) {
        void fetchRecords(binding, { parentId: id }).then(
          (children) => setLoaded((old) => ({ ...old, [id]: children })),
          () => undefined,
        );
      }
    },
    [isLazy, firstLevel, binding, loaded],
  );

  return {
    rows,
    isLazy,
    expandedKeys,
    onExpand,
    canExpand: !isLazy && allKeys.length > 0,
    isAllExpanded: !isLazy && allKeys.length > 0 && allKeys.every((key) => expandedKeys.includes(key)),
    expandAll: useCallback(() => setOpened(allKeys), [allKeys]),
    collapseAll: useCallback(() => setOpened([]), []),
    forgetChildren: useCallback(() => {
      setLoaded({});
      setOpened(null);
    }, []),
  };
}
