/**
 * 新增模型: the name, the key (the BPMN process id, checked with the server's rule) and the category; confirming
 * opens the designer on a fresh diagram of that key. Nothing is saved until the designer saves.
 */
import { Form, Input, Modal, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { CategorySelect } from './CategorySelect';
import { PROCESS_KEY_PATTERN } from './processXml';

export interface NewModelValues {
  name: string;
  modelKey: string;
  categoryId?: string;
}

export interface NewModelDialogProps {
  open: boolean;
  onOpen: (values: NewModelValues) => void;
  onCancel: () => void;
}

export function NewModelDialog({ open, onOpen, onCancel }: NewModelDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NewModelValues>();
  return (
    <Modal
      open={open}
      title={t('workflowDesign.newModel.title')}
      okText={t('workflowDesign.newModel.open')}
      cancelText={t('shell.cancel')}
      onOk={() => void form.validateFields().then(onOpen)}
      onCancel={onCancel}
      okButtonProps={{ 'data-testid': 'new-model-open' } as ButtonProps}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="name"
          label={t('workflowDesign.newModel.name')}
          rules={[{ required: true, whitespace: true, message: t('workflowDesign.newModel.nameRequired') }]}
        >
          <Input maxLength={100} placeholder={t('workflowDesign.newModel.namePlaceholder')} data-testid="new-model-name" />
        </Form.Item>
        <Form.Item
          name="modelKey"
          label={t('workflowDesign.newModel.modelKey')}
          extra={t('workflowDesign.newModel.keyRule')}
          rules={[
            { required: true, message: t('workflowDesign.newModel.keyRequired') },
            { pattern: PROCESS_KEY_PATTERN, message: t('workflowDesign.newModel.keyRule') },
          ]}
        >
          <Input maxLength={64} placeholder={t('workflowDesign.newModel.keyPlaceholder')} data-testid="new-model-key" />
        </Form.Item>
        <Form.Item name="categoryId" label={t('workflowDesign.newModel.category')}>
          <CategorySelect testId="new-model-category" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
