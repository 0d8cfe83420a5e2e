/**
 * The local error log: a bug icon with the count, and a full-screen dialog
 * (type, address, content, stack, time) to upload or clear it with the
 * confirmations and toasts of platform-core §5 and §8.
 */
import { BugOutlined, ClearOutlined, CloudUploadOutlined } from '@ant-design/icons';
import { App, Badge, Button, Modal, Space, Table, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorLogStore } from '../../stores/errorLogStore';
import type { ErrorLogEntry } from '../errorLog';
import { uploadErrorLog } from '../shellApi';
import { ToolButton } from './ToolButton';

const TYPE_COLORS: Record<string, string> = { error: 'red', unhandledrejection: 'orange', react: 'magenta' };

export const ErrorLogTool = observer(function ErrorLogTool() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [isOpen, setOpen] = useState(false);
  const entries = errorLogStore.entries;

  const upload = () =>
    modal.confirm({
      title: t('shell.tip'),
      content: t('shell.errorLog.uploadConfirm'),
      okText: t('shell.confirm'),
      cancelText: t('shell.cancel'),
      onOk: async () => {
        try {
          await uploadErrorLog(entries);
          errorLogStore.clear();
          void message.success(t('shell.errorLog.uploadDone'));
        } catch {
          void message.warning(t('shell.errorLog.uploadUnavailable'));
        }
      },
    });

  const clear = () =>
    modal.confirm({
      title: t('shell.tip'),
      content: t('shell.errorLog.clearConfirm'),
      okText: t('shell.confirm'),
      cancelText: t('shell.cancel'),
      onOk: () => {
        errorLogStore.clear();
        void message.success(t('shell.errorLog.clearDone'));
      },
    });

  return (
    <>
      <ToolButton title={t('shell.tools.errorLog')} testId="tool-error-log" onClick={() => setOpen(true)}>
        <Badge count={errorLogStore.count} overflowCount={99} size="small" offset={[4, -2]} data-testid="error-log-badge">
          <BugOutlined className="shell-tool-icon" />
        </Badge>
      </ToolButton>
      <Modal
        open={isOpen}
        title={t('shell.errorLog.title')}
        width="100vw"
        style={{ top: 0, maxWidth: '100vw', paddingBottom: 0, margin: 0 }}
        styles={{ body: { height: 'calc(100vh - 110px)', overflow: 'auto' } }}
        rootClassName="error-log-dialog"
        footer={null}
        onCancel={() => setOpen(false)}
      >
        <Space style={{ marginBottom: 12 }}>
          <Button type="primary" icon={<CloudUploadOutlined />} disabled={!entries.length} onClick={upload} data-testid="error-log-upload">
            {t('shell.errorLog.upload')}
          </Button>
          <Button danger icon={<ClearOutlined />} disabled={!entries.length} onClick={clear} data-testid="error-log-clear">
            {t('shell.errorLog.clear')}
          </Button>
        </Space>
        <Table<ErrorLogEntry & { key: number }>
          size="small"
          bordered
          dataSource={entries.map((entry, index) => ({ ...entry, key: index }))}
          pagination={false}
          locale={{ emptyText: t('shell.errorLog.empty') }}
          data-testid="error-log-table"
          columns={[
            {
              title: t('shell.errorLog.type'),
              dataIndex: 'type',
              width: 150,
              render: (type: string) => <Tag color={TYPE_COLORS[type]}>{t(`shell.errorLog.types.${type}`, type)}</Tag>,
            },
            {
              title: t('shell.errorLog.url'),
              dataIndex: 'url',
              width: 260,
              render: (url: string) => (
                <Typography.Text ellipsis={{ tooltip: url }} style={{ maxWidth: 240 }}>
                  {url}
                </Typography.Text>
              ),
            },
            {
              title: t('shell.errorLog.message'),
              dataIndex: 'message',
              width: 280,
              render: (text: string) => <Typography.Text type="danger">{text}</Typography.Text>,
            },
            {
              title: t('shell.errorLog.stack'),
              dataIndex: 'stack',
              render: (stack: string, entry) => <pre className="error-log-stack">{stack || entry.info}</pre>,
            },
            { title: t('shell.errorLog.time'), dataIndex: 'time', width: 170 },
          ]}
        />
      </Modal>
    </>
  );
});
