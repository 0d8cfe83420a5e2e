/**
 * The children of the selected parent row of a tree page, loaded through the
 * schema's child binding (`childList`, queried by the tree's parent field),
 * with their own editing state. Headless.
 */
import { useCallback } from 'react';
import useSWR from 'swr';
import type { ClientSchema } from '../../shared/clientSchema';
import { bindingOf, fetchRecords, type EntityRecord } from './entityApi';
import { withoutEmptyChildren } from './treeLogic';
import { useRecordEditor, type RecordEditor } from './useRecordEditor';

export interface TreeChildren {
  editor: RecordEditor;
  records: EntityRecord[];
  isLoading: boolean;
  reload: () => Promise<void>;
}

export function useTreeChildren(schema: ClientSchema | undefined, parentId: string | undefined, childBinding = 'childList'): TreeChildren {
  const binding = schema ? bindingOf(schema, childBinding, 'tree') : undefined;
  const parentField = schema?.['x-tree']?.parentField ?? 'parentId';
  const { data, isLoading, mutate } = useSWR(
    binding && parentId ? ['tree-children', binding.url, parentId] : null,
    () => fetchRecords(binding!, { [parentField]: parentId }),
    { revalidateOnFocus: false },
  );
  const reload = useCallback(async () => {
    await mutate();
  }, [mutate]);
  const editor = useRecordEditor({ schema, onSaved: reload, onRemoved: reload });
  return { editor, records: data ? withoutEmptyChildren(data) : [], isLoading, reload };
}
