/**
 * The frame of the code generator's dialogs: a modal that closes only by its
 * buttons (not by a click beside it), and its footer — an optional button of
 * the dialog's own at the start (the connection test), cancel and save at the end.
 */
import { Button, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityRecord } from '../../renderers/entityApi';

/** What a page gives the dialog adding (no record) or editing one of its records. */
export interface RecordDialogProps {
  record?: EntityRecord;
  onClose: () => void;
  onSaved: () => void;
}

export interface DevelopDialogProps {
  title: string;
  width: number;
  onClose: () => void;
  children: ReactNode;
}

export function DevelopDialog({ title, width, onClose, children }: DevelopDialogProps) {
  return (
    <Modal open title={title} width={width} onCancel={onClose} footer={null} maskClosable={false} destroyOnHidden className="develop-dialog">
      {children}
    </Modal>
  );
}

export interface DevelopDialogFooterProps {
  isSaving: boolean;
  onCancel: () => void;
  onSave: () => void;
  saveTestId: string;
  /** A button of the dialog's own, before cancel and save. */
  start?: ReactNode;
}

export function DevelopDialogFooter({ isSaving, onCancel, onSave, saveTestId, start = <span /> }: DevelopDialogFooterProps) {
  const { t } = useTranslation();
  return (
    <div className="develop-dialog-footer">
      {start}
      <div className="develop-dialog-footer-end">
        <Button onClick={onCancel} disabled={isSaving}>
          {t('develop.cancel')}
        </Button>
        <Button type="primary" onClick={onSave} loading={isSaving} data-testid={saveTestId}>
          {t('develop.save')}
        </Button>
      </div>
    </div>
  );
}
