/**
 * 部署管理 (/workflow/design/deployment, menu flow_deployment): the tenant's process definitions — name, key,
 * version, category, state, deploy time — by category (tree on the left), searched by name, key and state. Row
 * actions, each for who holds its button: 查看流程图 (flow_deployment_view), 激活 / 挂起 (flow_deployment_publish /
 * flow_deployment_stop), 变更分类 (flow_deployment_edit), 删除 (flow_deployment_delete, confirmed). Toolbar 上传部署
 * (the model deploy button, as the upload endpoint asks).
 */
import { DeleteOutlined, EyeOutlined, PauseCircleOutlined, PlayCircleOutlined, SearchOutlined, TagsOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Badge, Button, Form, Input, Select, Tag, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../renderers/ConfirmDialog';
import { isPlatformAdministrator } from '../../../renderers/crudLogic';
import { sessionStore } from '../../../stores/sessionStore';
import { ChangeCategoryDialog } from '../forms/ChangeCategoryDialog';
import { actionsColumn, type RowAction } from '../../../renderers/CrudTable';
import { useCategoryTree } from '../forms/useCategoryTree';
import { usePagedList } from '../forms/usePagedList';
import { CategorisedListPage } from '../forms/CategorisedListPage';
import {
  ACTIVE,
  changeDeploymentCategory,
  changeDeploymentStatus,
  fetchDeployments,
  removeDeployments,
  SUSPENDED,
  type Deployment,
  type DeploymentQuery,
} from './deploymentApi';
import { ProcessViewerDialog } from './ProcessViewerDialog';
import { UploadDeployDialog } from './UploadDeployDialog';
import '../../../renderers/renderers.css';
import '../forms/forms.css';

type Search = Omit<DeploymentQuery, 'current' | 'size'>;
type Pending = { kind: 'activate' | 'suspend' | 'delete'; row: Deployment };

const can = (code: string) => sessionStore.permission[code] === true;

function SearchBar({ onSearch }: { onSearch: (values: Search) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Search>();
  return (
    <Form form={form} layout="inline" className="crud-search" onFinish={onSearch} data-testid="deployment-search">
      <Form.Item name="name" label={t('workflowForms.deployment.name')}>
        <Input allowClear placeholder={t('renderers.inputPlaceholder', { label: t('workflowForms.deployment.name') })} />
      </Form.Item>
      <Form.Item name="processKey" label={t('workflowForms.deployment.key')}>
        <Input allowClear placeholder={t('renderers.inputPlaceholder', { label: t('workflowForms.deployment.key') })} />
      </Form.Item>
      <Form.Item name="suspension" label={t('workflowForms.deployment.state')}>
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('renderers.selectPlaceholder', { label: t('workflowForms.deployment.state') })}
          options={[
            { value: ACTIVE, label: t('workflowForms.deployment.active') },
            { value: SUSPENDED, label: t('workflowForms.deployment.suspended') },
          ]}
        />
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

export const DeploymentPage = observer(function DeploymentPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const categories = useCategoryTree();
  const list = usePagedList<Deployment, Search>('flow-deployments', fetchDeployments, {});
  const [viewing, setViewing] = useState<Deployment | null>(null);
  const [moving, setMoving] = useState<Deployment | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [isUploading, setUploading] = useState(false);
  const isPlatformAdmin = isPlatformAdministrator(sessionStore.userInfo?.tenant_id, sessionStore.roles);

  const confirmPending = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      if (pending.kind === 'delete') await removeDeployments([pending.row.id]);
      else await changeDeploymentStatus(pending.row.id, pending.kind === 'activate' ? 'active' : 'suspended');
      void message.success(t(pending.kind === 'delete' ? 'renderers.deleted' : 'renderers.actionDone'));
      setPending(null);
      await list.reload();
    } catch {
      setPending(null);
    } finally {
      setBusy(false);
    }
  };

  const actions = (row: Deployment): RowAction<Deployment>[] => {
    const isActive = Number(row.suspension) === ACTIVE;
    const all: (RowAction<Deployment> | false)[] = [
      can('flow_deployment_view') && { key: 'diagram', label: t('workflowForms.deployment.diagram'), icon: <EyeOutlined />, onClick: () => setViewing(row) },
      isActive &&
        can('flow_deployment_stop') && {
          key: 'suspend',
          label: t('workflowForms.deployment.suspend'),
          icon: <PauseCircleOutlined />,
          onClick: () => setPending({ kind: 'suspend', row }),
        },
      !isActive &&
        can('flow_deployment_publish') && {
          key: 'activate',
          label: t('workflowForms.deployment.activate'),
          icon: <PlayCircleOutlined />,
          onClick: () => setPending({ kind: 'activate', row }),
        },
      can('flow_deployment_edit') && { key: 'category', label: t('workflowForms.changeCategory'), icon: <TagsOutlined />, onClick: () => setMoving(row) },
      can('flow_deployment_delete') && {
        key: 'delete',
        label: t('renderers.delete'),
        icon: <DeleteOutlined />,
        isDanger: true,
        onClick: () => setPending({ kind: 'delete', row }),
      },
    ];
    return all.filter((action): action is RowAction<Deployment> => !!action);
  };

  const columns: TableColumnsType<Deployment> = [
    { key: 'name', dataIndex: 'name', title: t('workflowForms.deployment.name'), ellipsis: true },
    { key: 'processKey', dataIndex: 'processKey', title: t('workflowForms.deployment.key'), render: (key: string) => <code className="wf-key">{key}</code> },
    {
      key: 'processVersion',
      dataIndex: 'processVersion',
      title: t('workflowForms.deployment.version'),
      width: 80,
      align: 'center',
      render: (version: number) => <Tag color="blue">v{version}</Tag>,
    },
    {
      key: 'suspension',
      dataIndex: 'suspension',
      title: t('workflowForms.deployment.state'),
      width: 100,
      render: (value: number) => {
        const isActive = Number(value) === ACTIVE;
        return (
          <Badge
            status={isActive ? 'success' : 'warning'}
            text={t(isActive ? 'workflowForms.deployment.active' : 'workflowForms.deployment.suspended')}
            data-testid="deployment-state"
            data-state={isActive ? 'active' : 'suspended'}
          />
        );
      },
    },
    { key: 'category', dataIndex: 'categoryName', title: t('workflowForms.category'), ellipsis: true, render: (name?: string) => name || '—' },
    { key: 'deployTime', dataIndex: 'deployTime', title: t('workflowForms.deployment.deployTime'), width: 170 },
    ...[actionsColumn({ title: t('renderers.actions'), more: t('renderers.more') }, actions, list.rows, false, 3)].filter((column) => column !== undefined),
  ];

  return (
    <CategorisedListPage
      list={list}
      categories={categories}
      title={t('workflowForms.deployment.title')}
      searchForm={(onSearch) => <SearchBar onSearch={onSearch} />}
      columns={columns}
      testIds={{ page: 'deployment-page', table: 'deployment-table' }}
      buttons={
        can('flow_model_deploy') && (
          <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)} data-testid="deployment-upload">
            {t('workflowForms.deployment.upload')}
          </Button>
        )
      }
    >
      <ProcessViewerDialog deployment={viewing} onClose={() => setViewing(null)} />
      <UploadDeployDialog
        key={isUploading ? 'open' : 'closed'}
        open={isUploading}
        categories={categories}
        isPlatformAdmin={isPlatformAdmin}
        onClose={() => setUploading(false)}
        onDeployed={() => {
          setUploading(false);
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
          await changeDeploymentCategory(moving!.id, categoryId);
          void message.success(t('renderers.actionDone'));
          await list.reload();
        }}
      />
      <ConfirmDialog
        open={pending !== null}
        isBusy={isBusy}
        isDanger={pending?.kind === 'delete'}
        okTestId="deployment-confirm-ok"
        onOk={() => void confirmPending()}
        onCancel={() => setPending(null)}
      >
        {pending && t(`workflowForms.deployment.confirm.${pending.kind}`, { name: pending.row.name, version: pending.row.processVersion })}
      </ConfirmDialog>
    </CategorisedListPage>
  );
});

export default DeploymentPage;
