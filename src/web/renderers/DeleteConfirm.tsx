/**
 * The delete confirmation (platform-core §5: 'confirm to delete the selected
 * data?'), shown while the controller holds ids waiting for it.
 */
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './ConfirmDialog';

export interface DeleteConfirmProps {
  pendingIds: string[] | null;
  isDeleting: boolean;
  onConfirm: () => Promise<void>;
  onCancel: () => void;
}

export function DeleteConfirm({ pendingIds, isDeleting, onConfirm, onCancel }: DeleteConfirmProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = async () => {
    try {
      await onConfirm();
      void message.success(t('renderers.deleted'));
    } catch {
      // The request layer showed the server's message; the rows stay.
      onCancel();
    }
  };
  return (
    <ConfirmDialog open={pendingIds !== null} isBusy={isDeleting} isDanger okTestId="delete-confirm-ok" onOk={() => void confirm()} onCancel={onCancel}>
      {t('renderers.confirmDelete')}
    </ConfirmDialog>
  );
}
