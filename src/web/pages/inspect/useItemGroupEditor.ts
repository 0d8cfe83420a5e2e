/**
 * The item-group editor's controller (no antd): loads the group with its
 * items (edit) and the pickers' options, and saves — new rows to the
 * catalogue first, changed ones updated, then the group with the item ids
 * in row order. A row saved before a later failure keeps its id, so trying
 * again never creates it twice.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import useSWR from 'swr';
import type { Envelope } from '../../../shared/envelope';
import { request } from '../../api/http';
import {
  fieldErrorsOf,
  groupBody,
  itemBody,
  KIND_CONFIG,
  newGroupValues,
  rowOf,
  rowWrites,
  type FieldError,
  type GroupValues,
  type ItemRecord,
  type ItemRow,
  type SetupKind,
} from './itemGroupEditorLogic';

export interface ReservoirOption {
  id: string;
  name: string;
}

interface GroupRecord extends Omit<GroupValues, 'items'> {
  id: string;
  version?: number;
  items: ItemRecord[];
}

/** Why a save stopped: the server's field errors, on a row of the item list or on the group. */
export class EditorSaveError extends Error {
  constructor(
    readonly errors: FieldError[],
    readonly rowIndex?: number,
  ) {
    super(errors[0]?.message ?? 'save failed');
  }
}

async function get<T>(url: string, params?: Record<string, string>): Promise<T> {
  return (await request<Envelope<T>>({ url, params })).data.data;
}

async function post<T>(url: string, data: unknown): Promise<T> {
  return (await request<Envelope<T>>({ url, method: 'POST', data })).data.data;
}

const CACHED = { revalidateOnFocus: false, dedupingInterval: 60_000 };

export interface ItemGroupEditor {
  isLoading: boolean;
  loadError?: unknown;
  initialValues?: GroupValues;
  catalogue: ItemRecord[];
  reservoirs: ReservoirOption[];
  /** Writes the rows, then the group; `onRowSaved` hands each new row's id back to the form. */
  save(values: GroupValues, onRowSaved: (index: number, row: ItemRow) => void): Promise<void>;
}

export function useItemGroupEditor(kind: SetupKind, groupId: string | undefined): ItemGroupEditor {
  const config = KIND_CONFIG[kind];
  const [group, setGroup] = useState<{ id: string; version?: number }>();
  const [initialValues, setInitialValues] = useState<GroupValues | undefined>(groupId ? undefined : newGroupValues(config));
  const [loadError, setLoadError] = useState<unknown>();
  const originals = useRef(new Map<string, ItemRow>());

  useEffect(() => {
    if (!groupId) return;
    let isCurrent = true;
    get<GroupRecord>(`${config.api}/itemGroup/detail`, { groupId }).then(
      (record) => {
        if (!isCurrent) return;
        const rows = record.items.map(rowOf);
        originals.current = new Map(rows.map((row) => [row.id!, row]));
        setGroup({ id: record.id, version: record.version });
        setInitialValues({ ...record, items: rows });
      },
      (error: unknown) => isCurrent && setLoadError(error),
    );
    return () => {
      isCurrent = false;
    };
  }, [config.api, groupId]);

  const catalogue = useSWR(['setup-catalogue', kind], () => get<ItemRecord[]>(`${config.api}/item/list/all`), CACHED);
  const reservoirs = useSWR('reservoir-options', () => get<ReservoirOption[]>('/api/v1/reservoir/listAll'), CACHED);

  const save = useCallback(
    async (values: GroupValues, onRowSaved: (index: number, row: ItemRow) => void) => {
      const rows = [...(values.items ?? [])];
      for (const write of rowWrites(rows, originals.current)) {
        try {
          const saved = await post<ItemRecord>(`${config.api}/item/${write.kind}`, itemBody(write.row));
          const row = rowOf(saved);
          rows[write.index] = row;
          originals.current.set(saved.id, row);
          onRowSaved(write.index, row);
        } catch (error) {
          throw new EditorSaveError(fieldErrorsOf(error), write.index);
        }
      }
      try {
        const saved = await post<{ id: string; version?: number }>(
          `${config.api}/itemGroup/${group ? 'update' : 'save'}`,
          groupBody({ ...values, items: rows }, config, group),
        );
        setGroup({ id: saved.id, version: saved.version });
      } catch (error) {
        throw new EditorSaveError(fieldErrorsOf(error));
      }
      void catalogue.mutate();
    },
    [catalogue, config, group],
  );

  return {
    isLoading: !initialValues && !loadError,
    loadError,
    initialValues,
    catalogue: catalogue.data ?? [],
    reservoirs: reservoirs.data ?? [],
    save,
  };
}
