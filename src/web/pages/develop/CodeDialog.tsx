/**
 * Adding or editing a code configuration: the data model to generate, the
 * register's name in both languages, the service and the parent menu (by
 * default the "Generated registers" menu). Choosing a model fills the names.
 */
import { Form, Input, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { TreeNode } from '../../../shared/envelope';
import { fetchReferenceTree } from '../../renderers/entityApi';
import { DevelopDialog, DevelopDialogFooter, type RecordDialogProps } from './DevelopDialog';
import { fetchModelChoices, LOAD_ONCE, saveCode } from './developApi';
import { useFormSave } from './useFormSave';

const FIELDS = ['modelId', 'codeName', 'codeNameEn', 'serviceName', 'parentMenuId'];

interface Values {
  modelId: string;
  codeName: string;
  codeNameEn?: string;
  serviceName?: string;
  parentMenuId?: string;
}

interface MenuOption {
  title: string;
  value: string;
  children?: MenuOption[];
}

function menuOptions(nodes: TreeNode[]): MenuOption[] {
  return nodes.map((node) => ({ title: node.title, value: node.id, children: node.children ? menuOptions(node.children) : undefined }));
}

export function CodeDialog({ record, onClose, onSaved }: RecordDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { isSaving, save } = useFormSave(form, FIELDS, onSaved);
  const { data: models } = useSWR('develop-model-choices', fetchModelChoices, { ...LOAD_ONCE, dedupingInterval: 0 });
  const { data: menus } = useSWR('develop-menu-tree', () => fetchReferenceTree('system/menu'), LOAD_ONCE);
  const required = (key: string, isChoice = false) => [
    { required: true, whitespace: true, message: t(isChoice ? 'develop.choose' : 'develop.required', { label: t(key) }) },
  ];

  const chooseModel = (id: string) => {
    const model = models?.find((entry) => entry.id === id);
    if (!model) return;
    if (!form.getFieldValue('codeName')) form.setFieldValue('codeName', model.modelName);
    if (!form.getFieldValue('codeNameEn') && model.modelClass) form.setFieldValue('codeNameEn', model.modelClass);
  };

  const submit = async (values: Values) => {
    await saveCode({ ...values, parentMenuId: values.parentMenuId ?? '0', id: record?.id, version: record?.version });
  };

  const parentChoices = [{ title: t('develop.code.defaultParent'), value: '0' }, ...menuOptions(menus ?? [])];
  return (
    <DevelopDialog title={t(record ? 'develop.code.dialogEdit' : 'develop.code.dialogAdd')} width={640} onClose={onClose}>
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ flex: '96px' }}
        initialValues={{ serviceName: 'blade-generated', parentMenuId: '0', ...record }}
        className="develop-form"
        disabled={isSaving}
        data-testid="code-form"
      >
        <Form.Item name="modelId" label={t('develop.code.model')} rules={required('develop.code.model', true)}>
          <Select
            showSearch
            optionFilterProp="label"
            options={(models ?? []).map((model) => ({ value: model.id, label: `${model.modelName}（${model.modelCode}）` }))}
            onChange={chooseModel}
            data-testid="code-model"
          />
        </Form.Item>
        <Form.Item name="codeName" label={t('develop.code.name')} rules={required('develop.code.name')}>
          <Input maxLength={64} data-testid="code-name" />
        </Form.Item>
        <Form.Item name="codeNameEn" label={t('develop.code.nameEn')}>
          <Input maxLength={64} data-testid="code-name-en" />
        </Form.Item>
        <Form.Item name="serviceName" label={t('develop.code.serviceName')}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="parentMenuId" label={t('develop.code.parentMenu')}>
          <TreeSelect treeData={parentChoices} showSearch treeNodeFilterProp="title" popupMatchSelectWidth={false} />
        </Form.Item>
      </Form>
      <DevelopDialogFooter isSaving={isSaving} onCancel={onClose} onSave={() => void save(submit)} saveTestId="code-save" />
    </DevelopDialog>
  );
}
