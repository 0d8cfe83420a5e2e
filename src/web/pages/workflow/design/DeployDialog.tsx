/**
 * Deploys a saved model: the category the process definition goes into (the model's by default) and — for the
 * platform administrator only — the tenants to deploy it to (POST model/deploy {modelId, categoryId, tenantIds}).
 * The server refuses an invalid model or a key outside a tenant's package with a message the request layer shows.
 */
import { App, Form, Modal, Select, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionStore } from '../../../stores/sessionStore';
import { isPlatformAdministrator } from '../../../renderers/crudLogic';
import { CategorySelect } from './CategorySelect';
import { deployModel, type ProcessModel } from './designApi';
import { useTenants } from './useDesignChoices';

export interface DeployDialogProps {
  model: ProcessModel | undefined;
  onClose: () => void;
  onDeployed?: () => void;
}

/** Mounted only while open, so each opening starts from the model's category. */
export function DeployDialog(props: DeployDialogProps) {
  return props.model ? <DeployForm {...props} model={props.model} /> : null;
}

function DeployForm({ model, onClose, onDeployed }: DeployDialogProps & { model: ProcessModel }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const isPlatformAdmin = isPlatformAdministrator(sessionStore.userInfo?.tenant_id, sessionStore.roles);
  const tenants = useTenants(isPlatformAdmin);
  const [categoryId, setCategoryId] = useState<string | undefined>(model.categoryId ?? undefined);
  const [tenantIds, setTenantIds] = useState<string[]>([]);
  const [isDeploying, setIsDeploying] = useState(false);

  const deploy = async () => {
    setIsDeploying(true);
    try {
      await deployModel({ modelId: model.id, categoryId, tenantIds: tenantIds.length > 0 ? tenantIds : undefined });
      void message.success(t('workflowDesign.deploy.done'));
      onDeployed?.();
      onClose();
    } catch {
      // The request layer has shown the server's reason; the dialog stays open to try again.
    } finally {
      setIsDeploying(false);
    }
  };

  return (
    <Modal
      open
      title={t('workflowDesign.deploy.title', { name: model.name })}
      okText={t('workflowDesign.deploy.ok')}
      cancelText={t('shell.cancel')}
      confirmLoading={isDeploying}
      onOk={() => void deploy()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'deploy-ok' } as ButtonProps}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('workflowDesign.deploy.category')} extra={t('workflowDesign.deploy.categoryHint')}>
          <CategorySelect value={categoryId} onChange={setCategoryId} testId="deploy-category" />
        </Form.Item>
        {isPlatformAdmin && (
          <Form.Item label={t('workflowDesign.deploy.tenants')} extra={t('workflowDesign.deploy.tenantsHint')}>
            <Select
              mode="multiple"
              value={tenantIds}
              onChange={setTenantIds}
              optionFilterProp="label"
              options={tenants.map((tenant) => ({ value: tenant.tenantId, label: `${tenant.tenantName} (${tenant.tenantId})` }))}
              data-testid="deploy-tenants"
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
