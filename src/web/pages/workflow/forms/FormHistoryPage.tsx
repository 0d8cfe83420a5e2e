/**
 * 表单历史 (/workflow/design/form/history/:id, behind the menu path /workflow/design/form/history): the versions of
 * one form — every save that changed its content wrote one — with a preview of the chosen version rendered by
 * Formily, 设为主版本 (the version's content becomes the form's) and 删除 for a version that is not the main one.
 */
import { ArrowLeftOutlined, CheckCircleOutlined, DeleteOutlined, EyeOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Space, Spin, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { ConfirmDialog } from '../../../renderers/ConfirmDialog';
import { sessionStore } from '../../../stores/sessionStore';
import { FormPreview } from './FormPreview';
import { parseContent } from './formSchema';
import { actionsColumn, type RowAction } from '../../../renderers/CrudTable';
import { fetchForm, fetchFormHistory, fetchFormHistoryDetail, removeFormHistory, setMainFormVersion, type FormHistory } from './formsApi';
import '../../../renderers/renderers.css';
import './forms.css';

const canEdit = () => sessionStore.permission.flow_form_edit === true;

const NO_VERSIONS: FormHistory[] = [];

/** The versions newest first, and which is shown: the chosen one, else the main one, else the newest. */
function useVersions(formId: string, chosenId: string | undefined) {
  const { data: form, mutate: reloadForm } = useSWR(['flow-form', formId], () => fetchForm(formId), { revalidateOnFocus: false });
  const {
    data: versions = NO_VERSIONS,
    isLoading,
    mutate: reloadVersions,
  } = useSWR(
    ['flow-form-history', formId],
    () => fetchFormHistory(formId).then((rows) => [...rows].sort((a, b) => Number(b.historyVersion) - Number(a.historyVersion))),
    {
      revalidateOnFocus: false,
    },
  );
  const shownId = versions.find((row) => row.id === chosenId)?.id ?? (versions.find((row) => Number(row.isMain) === 1) ?? versions[0])?.id;
  const { data: shown, isLoading: isPreviewLoading } = useSWR(shownId ? ['flow-form-history-detail', shownId] : null, () => fetchFormHistoryDetail(shownId!), {
    revalidateOnFocus: false,
  });
  const reload = () => Promise.all([reloadForm(), reloadVersions()]);
  return { form, versions, isLoading, shownId, shown: shown?.id === shownId ? shown : undefined, isPreviewLoading, reload };
}

export function FormHistoryPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const [chosenId, setChosenId] = useState<string>();
  const { form, versions, isLoading, shownId, shown, isPreviewLoading, reload } = useVersions(id, chosenId);
  const [confirm, setConfirm] = useState<{ kind: 'main' | 'delete'; row: FormHistory } | null>(null);
  const [isBusy, setBusy] = useState(false);
  const preview = (row: FormHistory) => setChosenId(row.id);

  const act = async () => {
    if (!confirm) return;
    setBusy(true);
    try {
      if (confirm.kind === 'main') await setMainFormVersion(confirm.row.id);
      else await removeFormHistory([confirm.row.id]);
      void message.success(t(confirm.kind === 'main' ? 'workflowForms.historyPage.mainSet' : 'renderers.deleted'));
      setConfirm(null);
      await reload();
    } catch {
      setConfirm(null);
    } finally {
      setBusy(false);
    }
  };

  const actions = (row: FormHistory): RowAction<FormHistory>[] => {
    const mayChange = canEdit() && Number(row.isMain) !== 1;
    return [
      { key: 'preview', label: t('workflowForms.historyPage.preview'), icon: <EyeOutlined />, onClick: () => preview(row) },
      ...(mayChange
        ? [
            { key: 'set-main', label: t('workflowForms.historyPage.setMain'), icon: <CheckCircleOutlined />, onClick: () => setConfirm({ kind: 'main', row }) },
            { key: 'delete', label: t('renderers.delete'), icon: <DeleteOutlined />, isDanger: true, onClick: () => setConfirm({ kind: 'delete', row }) },
          ]
        : []),
    ];
  };

  const columns: TableColumnsType<FormHistory> = [
    {
      key: 'historyVersion',
      dataIndex: 'historyVersion',
      title: t('workflowForms.historyPage.version'),
      width: 110,
      render: (version: number, row) => (
        <Space size={4}>
          <Tag color="blue">v{version}</Tag>
          {Number(row.isMain) === 1 && (
            <Tag color="success" data-testid="history-main">
              {t('workflowForms.historyPage.main')}
            </Tag>
          )}
        </Space>
      ),
    },
    { key: 'createTime', dataIndex: 'createTime', title: t('workflowForms.historyPage.savedAt'), width: 170 },
    { key: 'remark', dataIndex: 'remark', title: t('workflowForms.remark'), ellipsis: true },
    ...[actionsColumn({ title: t('renderers.actions'), more: t('renderers.more') }, actions, versions, false, 3)].filter((column) => column !== undefined),
  ];

  return (
    <div className="crud-page wf-history-page" data-testid="form-history-page">
      <h2 className="crud-title wf-history-title">
        <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate('/workflow/design/form')} aria-label={t('workflowForms.historyPage.back')} />
        {t('workflowForms.historyPage.title', { name: form?.name ?? '' })}
        {form && <code className="wf-key">{form.formKey}</code>}
      </h2>
      <div className="wf-history-body">
        <Table<FormHistory>
          rowKey="id"
          size="middle"
          bordered
          className="crud-table"
          columns={columns}
          dataSource={versions}
          loading={isLoading}
          pagination={false}
          rowClassName={(row) => (row.id === shownId ? 'crud-row-active' : '')}
          data-testid="form-history-table"
        />
        <Card
          size="small"
          title={shown ? t('workflowForms.historyPage.previewOf', { version: shown.historyVersion }) : t('workflowForms.historyPage.preview')}
          className="wf-history-preview"
        >
          <Spin spinning={isPreviewLoading}>
            {shown ? (
              <FormPreview schema={parseContent(shown.content)} testId="history-form-preview" />
            ) : (
              <Empty description={t('workflowForms.historyPage.choose')} />
            )}
          </Spin>
        </Card>
      </div>
      <ConfirmDialog
        open={confirm !== null}
        isBusy={isBusy}
        isDanger={confirm?.kind === 'delete'}
        okTestId="history-confirm-ok"
        onOk={() => void act()}
        onCancel={() => setConfirm(null)}
      >
        {confirm?.kind === 'main'
          ? t('workflowForms.historyPage.confirmMain', { version: confirm.row.historyVersion })
          : t('workflowForms.historyPage.confirmDelete', { version: confirm?.row.historyVersion ?? '' })}
      </ConfirmDialog>
    </div>
  );
}

export default FormHistoryPage;
