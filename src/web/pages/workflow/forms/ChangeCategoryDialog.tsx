/**
 * 变更分类: a small dialog choosing a flow category for the rows it was opened for (forms or deployments); the
 * caller sends the change and the dialog closes when it succeeded.
 */
import { Form, Modal, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TreeNode } from '../../../../shared/envelope';
import { CategoryTreeSelect } from './CategoryTreeSelect';

export interface ChangeCategoryDialogProps {
  open: boolean;
  categories: TreeNode[];
  initialCategoryId?: string;
  onSubmit: (categoryId: string) => Promise<void>;
  onClose: () => void;
}

export function ChangeCategoryDialog({ open, categories, initialCategoryId, onSubmit, onClose }: ChangeCategoryDialogProps) {
  const { t } = useTranslation();
  // The caller keys the dialog by the row it opens for, so the choice starts from that row's category.
  const [categoryId, setCategoryId] = useState<string | undefined>(initialCategoryId);
  const [isBusy, setBusy] = useState(false);

  const confirm = async () => {
    if (!categoryId) return;
    setBusy(true);
    try {
      await onSubmit(categoryId);
      onClose();
    } catch {
      // The request layer showed the server's message; the dialog stays for another choice.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('workflowForms.changeCategory')}
      onCancel={onClose}
      onOk={() => void confirm()}
      okButtonProps={{ disabled: !categoryId, loading: isBusy, 'data-testid': 'change-category-ok' } as ButtonProps}
      okText={t('renderers.confirm')}
      cancelText={t('renderers.cancel')}
      destroyOnHidden
      width={480}
    >
      <Form layout="vertical">
        <Form.Item label={t('workflowForms.category')} required>
          <CategoryTreeSelect
            tree={categories}
            value={categoryId}
            onChange={setCategoryId}
            placeholder={t('workflowForms.chooseCategory')}
            testId="change-category-select"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
