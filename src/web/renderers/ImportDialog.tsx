/**
 * The generic import dialog (ui.component "ExcelImport"): choose one .xlsx,
 * optionally the values the import action asks for (ui.fields, e.g. whether
 * existing rows are overwritten), and upload it as multipart `file` to the
 * action. A refused file keeps the dialog open with the server's per-row
 * report (row, field, message); the template comes from the register's
 * template download (a GET binding named *Template). A success shows what
 * was created and updated, and any one-time initial passwords.
 */
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Switch, Table, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../api/http';
import type { ActionComponentProps } from './actionComponents';
import { actionLabel } from './actionLogic';
import { downloadFile } from './entityApi';
import { importErrorsOf, templateBindingOf, type ImportRowError } from './importLogic';
import { fieldLabel, type Language } from './schemaFields';

const XLSX = '.xlsx';

export function ImportDialog({ schema, binding, onClose, onDone }: ActionComponentProps) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'zh';
  const [file, setFile] = useState<UploadFile & { raw?: File }>();
  const [switches, setSwitches] = useState<Record<string, boolean>>({});
  const [errors, setErrors] = useState<ImportRowError[]>([]);
  const [isUploading, setUploading] = useState(false);
  const template = templateBindingOf(schema);
  // Import options are yes/no switches (sent as 1 / 0), e.g. isCovered: rows whose key exists update that row.
  const options = Object.entries(binding.ui.fields ?? {});

  const upload = async () => {
    if (!file?.raw) return;
    const form = new FormData();
    for (const [name] of options) form.append(name, switches[name] ? '1' : '0');
    form.append('file', file.raw, file.name);
    setUploading(true);
    setErrors([]);
    try {
      const response = await request<{ data: unknown }>({ url: binding.url, method: 'POST', data: form });
      const answer = response.data.data as { created?: number; updated?: number } | null;
      await onDone(answer, t('renderers.import.done', { created: answer?.created ?? 0, updated: answer?.updated ?? 0 }));
    } catch (error) {
      setErrors(importErrorsOf(error));
      setUploading(false);
    }
  };

  return (
    <Modal
      open
      title={actionLabel(binding.ui, language)}
      width={640}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={[
        template ? (
          <Button
            key="template"
            icon={<DownloadOutlined />}
            onClick={() => void downloadFile({ url: template.url, method: 'GET' }, `${schema.title}${XLSX}`).catch(() => undefined)}
            data-testid="import-template"
          >
            {t('renderers.import.template')}
          </Button>
        ) : null,
        <Button key="cancel" onClick={onClose} disabled={isUploading}>
          {t('renderers.cancel')}
        </Button>,
        <Button key="upload" type="primary" disabled={!file} loading={isUploading} onClick={() => void upload()} data-testid="import-upload">
          {t('renderers.import.upload')}
        </Button>,
      ]}
      data-testid="import-dialog"
    >
      <Upload.Dragger
        accept={XLSX}
        maxCount={1}
        fileList={file ? [file] : []}
        beforeUpload={(chosen) => {
          setFile({ uid: chosen.uid, name: chosen.name, status: 'done', raw: chosen });
          setErrors([]);
          return false; // uploaded on OK, with the options
        }}
        onRemove={() => setFile(undefined)}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('renderers.import.drop')}</p>
        <p className="ant-upload-hint">{t('renderers.import.hint')}</p>
      </Upload.Dragger>
      {options.map(([name, field]) => (
        <label key={name} className="import-option">
          <Switch size="small" checked={!!switches[name]} onChange={(checked) => setSwitches((old) => ({ ...old, [name]: checked }))} />
          <span>{fieldLabel(field, language)}</span>
        </label>
      ))}
      {errors.length > 0 && (
        <div className="import-errors" data-testid="import-errors">
          <Alert type="error" showIcon message={t('renderers.import.refused', { count: new Set(errors.map((e) => e.row)).size })} />
          <Table<ImportRowError>
            size="small"
            bordered
            rowKey={(row) => `${row.row}-${row.field ?? ''}-${row.message}`}
            dataSource={errors}
            pagination={errors.length > 10 ? { pageSize: 10, size: 'small' } : false}
            columns={[
              { title: t('renderers.import.row'), dataIndex: 'row', width: 80, align: 'center' },
              {
                title: t('renderers.import.field'),
                dataIndex: 'field',
                width: 140,
                render: (name?: string) => (name && schema.properties[name] ? fieldLabel(schema.properties[name], language) : (name ?? '')),
              },
              { title: t('renderers.import.message'), dataIndex: 'message' },
            ]}
          />
        </div>
      )}
    </Modal>
  );
}

export default ImportDialog;
