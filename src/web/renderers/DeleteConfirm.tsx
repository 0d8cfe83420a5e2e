/**
 * The delete confirmation (platform-core §5: 'confirm to delete the selected
 * data?'), shown while the controller holds ids waiting for it.
 */
import { ExclamationCircleFilled } from '@ant-design/icons';
import { App, Modal, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';

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
    <Modal
      open={pendingIds !== null}
      title={
        <span className="crud-confirm-title">
          <ExclamationCircleFilled className="crud-confirm-icon" />
          {t('renderers.tip')}
        </span>
      }
      okText={t('renderers.confirm')}
      cancelText={t('renderers.cancel')}
      okButtonProps={{ danger: true, loading: isDeleting, 'data-testid': 'delete-confirm-ok' } as ButtonProps}
      onOk={() => void confirm()}
      onCancel={onCancel}
      width={420}
      maskClosable={false}
    >
      {t('renderers.confirmDelete')}
    </Modal>
  );
}
