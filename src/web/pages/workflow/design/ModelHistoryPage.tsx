/**
 * /workflow/design/model/history/:id — a model's saved versions (model/history/list?modelId=), newest first:
 * preview any of them read-only, make one the main version (its XML becomes the model's) or delete one that is
 * not main. Setting and deleting need flow_model_edit and flow_model_delete.
 */
import { ArrowLeftOutlined, CheckCircleOutlined, DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { App, Button, type ButtonProps, Card, Empty, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { sessionStore } from '../../../stores/sessionStore';
import { BpmnPreview } from './BpmnPreview';
import { useUserOptions } from './useDesignChoices';
import { fetchModel, fetchModelHistory, fetchModelHistoryDetail, removeModelHistory, setMainHistory, type ModelHistory } from './designApi';
import '../../../renderers/renderers.css';
import './designer.css';

export const ModelHistoryPage = observer(function ModelHistoryPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const model = useSWR(['workflowDesign', 'model', id], () => fetchModel(id), { revalidateOnFocus: false });
  const versions = useSWR(['workflowDesign', 'history', id], () => fetchModelHistory(id), { revalidateOnFocus: false });
  const [previewId, setPreviewId] = useState<string>();
  const rows = versions.data?.records ?? [];
  const shownId = previewId ?? rows.find((row) => Number(row.isMain) === 1)?.id ?? rows[0]?.id;
  const preview = useSWR(shownId ? ['workflowDesign', 'historyDetail', shownId] : null, () => fetchModelHistoryDetail(shownId!), { revalidateOnFocus: false });
  const can = (code: string) => sessionStore.permission[code] === true;
  const users = useUserOptions();
  const userNames = useMemo(() => new Map(users.map((user) => [String(user.id), user.title])), [users]);

  const refresh = async () => {
    await Promise.all([versions.mutate(), model.mutate()]);
  };

  const makeMain = (row: ModelHistory) =>
    modal.confirm({
      title: t('workflowDesign.history.setMainConfirm', { version: row.historyVersion }),
      okText: t('workflowDesign.history.setMain'),
      cancelText: t('shell.cancel'),
      okButtonProps: { 'data-testid': 'history-set-main-confirm' } as ButtonProps,
      onOk: async () => {
        await setMainHistory(row.id);
        void message.success(t('workflowDesign.history.setMainDone', { version: row.historyVersion }));
        await refresh();
      },
    });

  const remove = (row: ModelHistory) =>
    modal.confirm({
      title: t('workflowDesign.history.deleteConfirm', { version: row.historyVersion }),
      okText: t('workflowDesign.history.delete'),
      cancelText: t('shell.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'history-delete-confirm' } as ButtonProps,
      onOk: async () => {
        await removeModelHistory(row.id);
        void message.success(t('workflowDesign.history.deleted'));
        if (previewId === row.id) setPreviewId(undefined);
        await refresh();
      },
    });

  const columns: TableColumnsType<ModelHistory> = [
    {
      key: 'version',
      title: t('workflowDesign.history.version'),
      render: (_, row) => (
        <Space size={4}>
          <strong>v{row.historyVersion}</strong>
          {Number(row.isMain) === 1 && (
            <Tag color="success" icon={<CheckCircleOutlined />} data-testid="history-main-tag">
              {t('workflowDesign.history.main')}
            </Tag>
          )}
        </Space>
      ),
    },
    { key: 'remark', title: t('workflowDesign.history.remark'), ellipsis: true, render: (_, row) => row.remark ?? '' },
    { key: 'createUser', title: t('workflowDesign.history.createUser'), render: (_, row) => row.createUserName ?? userNames.get(String(row.createUser)) ?? '' },
    {
      key: 'createTime',
      title: t('workflowDesign.history.createTime'),
      render: (_, row) => <span className="model-history-time">{row.createTime ?? ''}</span>,
    },
    {
      key: 'actions',
      title: t('workflowDesign.history.actions'),
      fixed: 'right',
      render: (_, row) => {
        const isMain = Number(row.isMain) === 1;
        return (
          <span className="crud-row-actions">
            <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setPreviewId(row.id)} data-testid="row-preview">
              {t('workflowDesign.history.preview')}
            </Button>
            {!isMain && can('flow_model_edit') && (
              <Button type="link" size="small" icon={<CheckCircleOutlined />} onClick={() => makeMain(row)} data-testid="row-set-main">
                {t('workflowDesign.history.setMain')}
              </Button>
            )}
            {!isMain && can('flow_model_delete') && (
              <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove(row)} data-testid="row-delete">
                {t('workflowDesign.history.delete')}
              </Button>
            )}
          </span>
        );
      },
    },
  ];

  const shown = rows.find((row) => row.id === shownId);
  return (
    <div className="model-history-page" data-testid="workflow-model-history">
      <Space className="model-history-header" align="center">
        <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate('/workflow/design/model')} aria-label={t('workflowDesign.designer.back')} />
        <Typography.Title level={4} className="crud-title">
          {t('workflowDesign.history.title', { name: model.data?.name ?? '' })}
        </Typography.Title>
        {model.data && can('flow_model_edit') && (
          <Button icon={<EditOutlined />} onClick={() => navigate(`/workflow/design/process/${id}`)}>
            {t('workflowDesign.history.design')}
          </Button>
        )}
      </Space>
      <div className="model-history-body">
        <Table<ModelHistory>
          className="model-history-list"
          rowKey="id"
          size="middle"
          bordered
          columns={columns}
          dataSource={rows}
          loading={versions.isLoading}
          pagination={false}
          rowClassName={(row) => (row.id === shownId ? 'is-previewed' : '')}
          onRow={(row) => ({ onClick: () => setPreviewId(row.id) })}
          data-testid="history-table"
        />
        <Card
          className="model-history-preview"
          size="small"
          title={shown ? t('workflowDesign.history.previewTitle', { version: shown.historyVersion }) : undefined}
        >
          {preview.data?.xml ? <BpmnPreview xml={preview.data.xml} /> : <Empty description={t('workflowDesign.history.noSelection')} />}
        </Card>
      </div>
    </div>
  );
});
