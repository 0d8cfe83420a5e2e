/**
 * /workflow/design/model — the tenant's process models (flow_model menu): search by name, key and category, pages,
 * and per row 设计 (the designer), 部署, 发起范围 (who may start it), 图标 (the icon shown before its name), 历史 (the
 * versions) and 删除; 新增 opens the designer on a fresh diagram. Each action shows only with its button code
 * (flow_model_add/edit/delete/view/deploy).
 */
import {
  CloudUploadOutlined,
  DeleteOutlined,
  EditOutlined,
  HistoryOutlined,
  PictureOutlined,
  PlusOutlined,
  ReloadOutlined,
  SearchOutlined,
  ClearOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { App, Button, type ButtonProps, Dropdown, Form, Input, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { Paginator } from '../../../components/Paginator';
import { DEFAULT_PAGE_SIZE } from '../../../components/paginatorRules';
import { sessionStore } from '../../../stores/sessionStore';
import { CategorySelect } from './CategorySelect';
import { DeployDialog } from './DeployDialog';
import { changeModelIcon, fetchModelPage, removeModels, type ModelSearch, type ProcessModel } from './designApi';
import { MODEL_ICON_NAMES, ModelIcon } from './modelIcons';
import { ModelScopeDialog } from './ModelScopeDialog';
import { NewModelDialog, type NewModelValues } from './NewModelDialog';
import '../../../renderers/renderers.css';
import './designer.css';

interface ListQuery {
  current: number;
  size: number;
  search: ModelSearch;
}

function cleanSearch(values: ModelSearch): ModelSearch {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => typeof value === 'string' && value.trim() !== '')) as ModelSearch;
}

export const ModelListPage = observer(function ModelListPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<ModelSearch>();
  const [query, setQuery] = useState<ListQuery>({ current: 1, size: DEFAULT_PAGE_SIZE, search: {} });
  const [isAdding, setIsAdding] = useState(false);
  const [deploying, setDeploying] = useState<ProcessModel>();
  const [scoping, setScoping] = useState<ProcessModel>();
  const page = useSWR(['workflowDesign', 'models', query], () => fetchModelPage(query.current, query.size, query.search), { revalidateOnFocus: false });
  const can = (code: string) => sessionStore.permission[code] === true;

  const remove = (model: ProcessModel) =>
    modal.confirm({
      title: t('workflowDesign.list.deleteConfirm', { name: model.name }),
      okButtonProps: { danger: true, 'data-testid': 'model-delete-confirm' } as ButtonProps,
      okText: t('workflowDesign.list.delete'),
      cancelText: t('shell.cancel'),
      onOk: async () => {
        await removeModels([model.id]);
        void message.success(t('workflowDesign.list.deleted'));
        await page.mutate();
      },
    });

  const changeIcon = async (model: ProcessModel, icon: string) => {
    await changeModelIcon([model.id], icon);
    void message.success(t('workflowDesign.list.iconChanged'));
    await page.mutate();
  };

  const iconMenu = (model: ProcessModel) => ({
    selectable: true,
    selectedKeys: model.icon ? [model.icon] : [],
    items: MODEL_ICON_NAMES.map((name) => ({
      key: name,
      icon: <ModelIcon name={name} />,
      label: t(`workflowDesign.icons.${name}`),
      'data-testid': `icon-${name}`,
    })),
    onClick: ({ key }: { key: string }) => void changeIcon(model, key).catch(() => undefined),
  });

  const openNew = (values: NewModelValues) => {
    setIsAdding(false);
    const params = new URLSearchParams({ key: values.modelKey.trim(), name: values.name.trim() });
    if (values.categoryId) params.set('categoryId', values.categoryId);
    navigate(`/workflow/design/process/new?${params}`);
  };

  const columns: TableColumnsType<ProcessModel> = [
    {
      key: 'name',
      title: t('workflowDesign.list.name'),
      render: (_, model) => (
        <span className="model-list-name">
          <ModelIcon name={model.icon} className="model-list-icon" />
          {model.name}
        </span>
      ),
    },
    { key: 'modelKey', title: t('workflowDesign.list.modelKey'), render: (_, model) => <span className="model-list-key">{model.modelKey}</span> },
    { key: 'category', title: t('workflowDesign.list.category'), render: (_, model) => model.categoryName ?? '' },
    {
      key: 'version',
      title: t('workflowDesign.list.version'),
      align: 'center',
      render: (_, model) => (model.modelVersion ? <Tag color="blue">v{model.modelVersion}</Tag> : null),
    },
    { key: 'description', title: t('workflowDesign.list.description'), width: 280, ellipsis: true, render: (_, model) => model.description ?? '' },
    { key: 'updateTime', title: t('workflowDesign.list.updateTime'), width: 170, render: (_, model) => model.updateTime ?? model.createTime ?? '' },
    {
      key: 'actions',
      title: t('workflowDesign.list.actions'),
      fixed: 'right',
      align: 'center',
      render: (_, model) => (
        <span className="crud-row-actions">
          {can('flow_model_edit') && (
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => navigate(`/workflow/design/process/${model.id}`)} data-testid="row-design">
              {t('workflowDesign.list.design')}
            </Button>
          )}
          {can('flow_model_deploy') && (
            <Button type="link" size="small" icon={<CloudUploadOutlined />} onClick={() => setDeploying(model)} data-testid="row-deploy">
              {t('workflowDesign.list.deploy')}
            </Button>
          )}
          {can('flow_model_edit') && (
            <Button type="link" size="small" icon={<TeamOutlined />} onClick={() => setScoping(model)} data-testid="row-scope">
              {t('workflowDesign.list.scope')}
            </Button>
          )}
          {can('flow_model_edit') && (
            <Dropdown menu={iconMenu(model)} trigger={['click']}>
              <Button type="link" size="small" icon={<PictureOutlined />} data-testid="row-icon">
                {t('workflowDesign.list.icon')}
              </Button>
            </Dropdown>
          )}
          {can('flow_model_view') && (
            <Button
              type="link"
              size="small"
              icon={<HistoryOutlined />}
              onClick={() => navigate(`/workflow/design/model/history/${model.id}`)}
              data-testid="row-history"
            >
              {t('workflowDesign.list.history')}
            </Button>
          )}
          {can('flow_model_delete') && (
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove(model)} data-testid="row-delete">
              {t('workflowDesign.list.delete')}
            </Button>
          )}
        </span>
      ),
    },
  ];

  return (
    <div className="crud-page" data-testid="workflow-model-list">
      <h2 className="crud-title">{t('workflowDesign.list.title')}</h2>
      <Form form={form} layout="inline" className="crud-search" onFinish={(values) => setQuery({ ...query, current: 1, search: cleanSearch(values) })}>
        <Form.Item name="name" label={t('workflowDesign.list.name')}>
          <Input allowClear data-testid="search-name" />
        </Form.Item>
        <Form.Item name="modelKey" label={t('workflowDesign.list.modelKey')}>
          <Input allowClear data-testid="search-key" />
        </Form.Item>
        <Form.Item name="categoryId" label={t('workflowDesign.list.category')} className="model-list-category">
          <CategorySelect testId="search-category" />
        </Form.Item>
        <Form.Item className="crud-search-buttons">
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="search-submit">
            {t('workflowDesign.list.search')}
          </Button>
          <Button
            icon={<ClearOutlined />}
            onClick={() => {
              form.resetFields();
              setQuery({ ...query, current: 1, search: {} });
            }}
          >
            {t('workflowDesign.list.reset')}
          </Button>
        </Form.Item>
      </Form>
      <div className="crud-toolbar">
        <Space wrap>
          {can('flow_model_add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setIsAdding(true)} data-testid="model-add">
              {t('workflowDesign.list.add')}
            </Button>
          )}
        </Space>
        <Tooltip title={t('workflowDesign.list.refresh')}>
          <Button shape="circle" icon={<ReloadOutlined />} onClick={() => void page.mutate()} aria-label={t('workflowDesign.list.refresh')} />
        </Tooltip>
      </div>
      <Table<ProcessModel>
        rowKey="id"
        size="middle"
        bordered
        columns={columns}
        dataSource={page.data?.records ?? []}
        loading={page.isLoading}
        scroll={{ x: 'max-content' }}
        pagination={false}
        locale={{ emptyText: t('workflowDesign.list.empty') }}
        data-testid="model-table"
      />
      <Paginator
        current={query.current}
        pageSize={query.size}
        total={page.data?.total ?? 0}
        totalIsEstimate={page.data?.totalIsEstimate}
        onChange={(current, size) => setQuery({ ...query, current, size })}
      />
      <NewModelDialog open={isAdding} onOpen={openNew} onCancel={() => setIsAdding(false)} />
      <ModelScopeDialog model={scoping} onClose={() => setScoping(undefined)} />
      <DeployDialog model={deploying} onClose={() => setDeploying(undefined)} onDeployed={() => void page.mutate()} />
    </div>
  );
});
