/**
 * The editing state shared by every page that changes records: which
 * add/edit/view dialog is open, and which ids wait for the delete
 * confirmation. Headless; the page decides what happens after a change.
 */
import { useCallback, useState } from 'react';
import type { ClientSchema } from '../../shared/clientSchema';
import { deleteRequestOf } from './crudLogic';
import { removeRecords, type EntityRecord } from './entityApi';
import type { FormMode, Values } from './formRules';
import { invalidateLookups } from './useDictionaries';

export interface DialogState {
  mode: FormMode;
  record?: EntityRecord;
  /** Values the page decides (a child's parent): shown disabled. */
  fixed?: Values;
  isRootLevel?: boolean;
  /** Changes on every opening, so a dialog starts from a fresh form. */
  key: number;
}

export interface RecordEditor {
  dialog: DialogState | null;
  openDialog: (mode: FormMode, record?: EntityRecord, fixed?: Values) => void;
  closeDialog: () => void;
  /** After a save: close the dialog and reload. */
  saved: () => Promise<void>;
  pendingDelete: string[] | null;
  /** 'empty' when there is nothing to delete (the view warns), else the confirmation opens. */
  requestDelete: (ids: readonly string[]) => 'empty' | 'confirm';
  confirmDelete: () => Promise<void>;
  cancelDelete: () => void;
  isDeleting: boolean;
}

export interface RecordEditorOptions {
  schema: ClientSchema | undefined;
  isRootLevel?: boolean;
  /** Reload after a save. */
  onSaved: () => Promise<void>;
  /** Reload (or move paging) after ids were removed. */
  onRemoved: (ids: string[]) => Promise<void>;
}

let openings = 0;

export function useRecordEditor({ schema, isRootLevel, onSaved, onRemoved }: RecordEditorOptions): RecordEditor {
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [pendingDelete, setPendingDelete] = useState<string[] | null>(null);
  const [isDeleting, setDeleting] = useState(false);

  const openDialog = useCallback(
    (mode: FormMode, record?: EntityRecord, fixed?: Values) => setDialog({ mode, record, fixed, isRootLevel, key: ++openings }),
    [isRootLevel],
  );
  const closeDialog = useCallback(() => setDialog(null), []);
  const saved = useCallback(async () => {
    setDialog(null);
    void invalidateLookups();
    await onSaved();
  }, [onSaved]);

  const requestDelete = useCallback((ids: readonly string[]) => {
    const request = deleteRequestOf(ids);
    if (request.kind === 'confirm') setPendingDelete(request.ids);
    return request.kind;
  }, []);

  const confirmDelete = useCallback(async () => {
    if (!schema || !pendingDelete) return;
    setDeleting(true);
    try {
      await removeRecords(schema, pendingDelete);
      setPendingDelete(null);
      void invalidateLookups();
      await onRemoved(pendingDelete);
    } finally {
      setDeleting(false);
    }
  }, [schema, pendingDelete, onRemoved]);

  const cancelDelete = useCallback(() => setPendingDelete(null), []);

  return { dialog, openDialog, closeDialog, saved, pendingDelete, requestDelete, confirmDelete, cancelDelete, isDeleting };
}
