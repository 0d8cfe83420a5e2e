/**
 * 上传部署: deploys .bpmn / .xml files (≤ 2 MB each) through the manager's multipart upload with a category and —
 * for the platform administrator only — the tenants to deploy to (none: the caller's own). Files are checked here
 * for kind and size before anything is sent; the server parses them and answers a 400 naming what it refuses
 * (an unsupported element, a bad condition), which the request layer shows. The caller makes the dialog anew for
 * each opening (key), so it starts empty.
 */
import { InboxOutlined } from '@ant-design/icons';
import { App, Form, Modal, Select, Upload, type ButtonProps, type UploadFile } from 'antd';
import { useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import type { TreeNode } from '../../../../shared/envelope';
import { CategoryTreeSelect } from '../forms/CategoryTreeSelect';
import { deployUpload, fetchTenants, MAX_BPMN_BYTES, MAX_BPMN_FILES, type TenantChoice } from './deploymentApi';

export interface UploadDeployDialogProps {
  open: boolean;
  categories: TreeNode[];
  isPlatformAdmin: boolean;
  onClose: () => void;
  onDeployed: () => void;
}

const BPMN_FILE = /\.(bpmn|xml)$/i;
const NO_TENANTS: TenantChoice[] = [];

export function UploadDeployDialog({ open, categories, isPlatformAdmin, onClose, onDeployed }: UploadDeployDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [categoryId, setCategoryId] = useState<string>();
  const [tenantIds, setTenantIds] = useState<string[]>([]);
  const [isBusy, setBusy] = useState(false);
  const { data: tenants = NO_TENANTS } = useSWR(open && isPlatformAdmin ? 'tenant-select' : null, fetchTenants, { revalidateOnFocus: false });

  /** Keeps a file in the list when it is a .bpmn/.xml of at most 2 MB; never uploads on its own. */
  const accept = (file: File) => {
    if (!BPMN_FILE.test(file.name)) void message.error(t('workflowForms.deployment.wrongKind', { name: file.name }));
    else if (file.size > MAX_BPMN_BYTES) void message.error(t('workflowForms.deployment.tooLarge', { name: file.name }));
    else if (files.length >= MAX_BPMN_FILES) void message.error(t('workflowForms.deployment.tooMany', { max: MAX_BPMN_FILES }));
    else
      setFiles((old) => [...old, { uid: `${Date.now()}-${file.name}`, name: file.name, size: file.size, originFileObj: file as UploadFile['originFileObj'] }]);
    return Upload.LIST_IGNORE;
  };

  const deploy = async () => {
    setBusy(true);
    try {
      await deployUpload({ categoryId, tenantIds, files: files.map((file) => file.originFileObj as File) });
      void message.success(t('workflowForms.deployment.deployed'));
      onDeployed();
    } catch {
      // The request layer showed the server's message; the files stay for another try.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('workflowForms.deployment.upload')}
      onCancel={onClose}
      onOk={() => void deploy()}
      okText={t('workflowForms.deployment.deploy')}
      cancelText={t('renderers.cancel')}
      okButtonProps={{ disabled: files.length === 0, loading: isBusy, 'data-testid': 'upload-deploy-ok' } as ButtonProps}
      width={560}
      destroyOnHidden
      maskClosable={false}
    >
      <Form layout="vertical" data-testid="upload-deploy-form">
        <Form.Item label={t('workflowForms.category')}>
          <CategoryTreeSelect
            tree={categories}
            value={categoryId}
            onChange={setCategoryId}
            placeholder={t('workflowForms.chooseCategory')}
            testId="upload-category"
          />
        </Form.Item>
        {isPlatformAdmin && (
          <Form.Item label={t('workflowForms.deployment.tenants')} extra={t('workflowForms.deployment.tenantsHint')}>
            <Select
              mode="multiple"
              allowClear
              optionFilterProp="label"
              value={tenantIds}
              onChange={setTenantIds}
              options={tenants.map((tenant) => ({ value: tenant.tenantId, label: `${tenant.tenantName} (${tenant.tenantId})` }))}
              placeholder={t('workflowForms.deployment.ownTenant')}
              data-testid="upload-tenants"
            />
          </Form.Item>
        )}
        <Form.Item label={t('workflowForms.deployment.files')} required>
          <Upload.Dragger
            multiple
            accept=".bpmn,.xml"
            fileList={files}
            beforeUpload={accept}
            onRemove={(file) => setFiles((old) => old.filter((item) => item.uid !== file.uid))}
            data-testid="upload-files"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('workflowForms.deployment.dropHere')}</p>
            <p className="ant-upload-hint">{t('workflowForms.deployment.fileHint')}</p>
          </Upload.Dragger>
        </Form.Item>
      </Form>
    </Modal>
  );
}
