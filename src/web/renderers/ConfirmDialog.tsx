/**
 * The small 提示 confirmation the console asks before deleting or running an
 * action (platform-core §5): a warning title, the question, 确定 / 取消,
 * 420 px wide, closed only by its buttons.
 */
import { ExclamationCircleFilled } from '@ant-design/icons';
import { Modal, type ButtonProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  open: boolean;
  isBusy: boolean;
  /** A destructive question (delete) gets a red OK button. */
  isDanger?: boolean;
  okTestId: string;
  onOk: () => void;
  onCancel: () => void;
  children: ReactNode;
}

export function ConfirmDialog({ open, isBusy, isDanger, okTestId, onOk, onCancel, children }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={
        <span className="crud-confirm-title">
          <ExclamationCircleFilled className="crud-confirm-icon" />
          {t('renderers.tip')}
        </span>
      }
      okText={t('renderers.confirm')}
      cancelText={t('renderers.cancel')}
      okButtonProps={{ danger: isDanger, loading: isBusy, 'data-testid': okTestId } as ButtonProps}
      onOk={onOk}
      onCancel={onCancel}
      width={420}
      maskClosable={false}
    >
      {children}
    </Modal>
  );
}
