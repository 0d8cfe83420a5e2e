/**
 * 表单设计 (/workflow/design/form, menu flow_form): the tenant's flow forms by category (tree on the left), searched
 * by name and key. 新增 / 修改 open the form designer; the row actions are 历史 (the form's versions), 变更分类 and
 * 删除, each shown to who holds its button (flow_form_*; the server checks them again).
 */
import { DeleteOutlined, EditOutlined, HistoryOutlined, PlusOutlined, SearchOutlined, TagsOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../renderers/ConfirmDialog';
import { sessionStore } from '../../../stores/sessionStore';
import { ChangeCategoryDialog } from './ChangeCategoryDialog';
import { FormDesigner } from './FormDesigner';
import { changeFormCategory, fetchForms, removeForms, type FlowForm, type FormListQuery } from './formsApi';
import { useCategoryTree } from './useCategoryTree';
import { actionsColumn, type RowAction } from '../../../renderers/CrudTable';
import { usePagedList } from './usePagedList';
import { CategorisedListPage } from './CategorisedListPage';
import '../../../renderers/renderers.css';
import './forms.css';

type Search = Omit<FormListQuery, 'current' | 'size'>;

const can = (code: string) => sessionStore.permission[code] === true;

function SearchBar({ onSearch }: { onSearch: (values: { name?: string; formKey?: string }) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name?: string; formKey?: string }>();
  return (
    <Form form={form} layout="inline" className="crud-search" onFinish={(values) => onSearch(values)} data-testid="form-search">
      <Form.Item name="name" label={t('workflowForms.formName')}>
        <Input allowClear placeholder={t('renderers.inputPlaceholder', { label: t('workflowForms.formName') })} />
      </Form.Item>
      <Form.Item name="formKey" label={t('workflowForms.formKey')}>
        <Input allowClear placeholder={t('renderers.inputPlaceholder', { label: t('workflowForms.formKey') })} />
      </Form.Item>
      <Form.Item className="crud-search-buttons">
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t('renderers.search')}
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            onSearch({});
          }}
        >
          {t('renderers.reset')}
        </Button>
      </Form.Item>
    </Form>
  );
}

export function FormListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const categories = useCategoryTree();
  const list = usePagedList<FlowForm, Search>('flow-forms', fetchForms, {});
  const [designer, setDesigner] = useState<{ formId?: string } | null>(null);
  const [moving, setMoving] = useState<FlowForm | null>(null);
  const [removing, setRemoving] = useState<FlowForm | null>(null);
  const [isRemoving, setIsRemoving] = useState(false);

  const remove = async () => {
    if (!removing) return;
    setIsRemoving(true);
    try {
      await removeForms([removing.id]);
      void message.success(t('renderers.deleted'));
      setRemoving(null);
      await list.reload();
    } catch {
      setRemoving(null);
    } finally {
      setIsRemoving(false);
    }
  };

  const actions = (row: FlowForm): RowAction<FlowForm>[] => [
    ...(can('flow_form_edit') ? [{ key: 'edit', label: t('renderers.edit'), icon: <EditOutlined />, onClick: () => setDesigner({ formId: row.id }) }] : []),
    { key: 'history', label: t('workflowForms.history'), icon: <HistoryOutlined />, onClick: () => navigate(`/workflow/design/form/history/${row.id}`) },
    ...(can('flow_form_edit') ? [{ key: 'category', label: t('workflowForms.changeCategory'), icon: <TagsOutlined />, onClick: () => setMoving(row) }] : []),
    ...(can('flow_form_delete')
      ? [{ key: 'delete', label: t('renderers.delete'), icon: <DeleteOutlined />, isDanger: true, onClick: () => setRemoving(row) }]
      : []),
  ];

  const columns: TableColumnsType<FlowForm> = [
    { key: 'formKey', dataIndex: 'formKey', title: t('workflowForms.formKey'), width: 160, render: (key: string) => <code className="wf-key">{key}</code> },
    { key: 'name', dataIndex: 'name', title: t('workflowForms.formName'), width: 180 },
    { key: 'category', dataIndex: 'categoryName', title: t('workflowForms.category'), width: 140, render: (name?: string) => name || '—' },
    {
      key: 'formVersion',
      dataIndex: 'formVersion',
      title: t('workflowForms.formVersion'),
      width: 100,
      align: 'center',
      render: (version?: number) => <Tag color="blue">v{version ?? 0}</Tag>,
    },
    { key: 'remark', dataIndex: 'remark', title: t('workflowForms.remark'), ellipsis: true },
    { key: 'updateTime', dataIndex: 'updateTime', title: t('workflowForms.updateTime'), width: 170 },
    ...[actionsColumn({ title: t('renderers.actions'), more: t('renderers.more') }, actions, list.rows, false, 3)].filter((column) => column !== undefined),
  ];

  return (
    <CategorisedListPage
      list={list}
      categories={categories}
      title={t('workflowForms.formsTitle')}
      searchForm={(onSearch) => <SearchBar onSearch={onSearch} />}
      columns={columns}
      testIds={{ page: 'form-list-page', table: 'form-table' }}
      buttons={
        can('flow_form_add') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDesigner({})} data-testid="form-add">
            {t('renderers.add')}
          </Button>
        )
      }
    >
      <FormDesigner
        open={designer !== null}
        formId={designer?.formId}
        categories={categories}
        onClose={() => setDesigner(null)}
        onSaved={() => {
          setDesigner(null);
          void list.reload();
        }}
      />
      <ChangeCategoryDialog
        key={moving?.id ?? 'closed'}
        open={moving !== null}
        categories={categories}
        initialCategoryId={moving?.categoryId ?? undefined}
        onClose={() => setMoving(null)}
        onSubmit={async (categoryId) => {
          await changeFormCategory([moving!.id], categoryId);
          void message.success(t('renderers.actionDone'));
          await list.reload();
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        isBusy={isRemoving}
        isDanger
        okTestId="delete-confirm-ok"
        onOk={() => void remove()}
        onCancel={() => setRemoving(null)}
      >
        {t('workflowForms.confirmDeleteForm', { name: removing?.name ?? '' })}
      </ConfirmDialog>
    </CategorisedListPage>
  );
}

export default FormListPage;
