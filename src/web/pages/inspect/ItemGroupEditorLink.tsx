/**
 * The item-group list's "new group with items" and "edit items" buttons
 * (ui.component of the itemGroup save and update bindings): they open the
 * shared editor page instead of a dialog.
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ActionComponentProps } from '../../renderers/actionComponents';
import { editorPath, kindOfSchema } from './itemGroupEditorLogic';

export default function ItemGroupEditorLink({ schema, binding, target, onClose }: ActionComponentProps) {
  const navigate = useNavigate();
  useEffect(() => {
    const kind = kindOfSchema(schema.$id);
    onClose();
    if (!kind) return;
    const groupId = binding.op === 'update' ? (target.record?.id ?? target.ids[0]) : undefined;
    navigate(editorPath(kind, groupId ? String(groupId) : undefined));
  }, [schema, binding, target, onClose, navigate]);
  return null;
}
