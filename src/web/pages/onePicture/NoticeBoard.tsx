/** The tenant's notice board on the map: everyone reads it; holders of the 编辑公告 button (one_picture_notice) publish a new text. */
import { EditOutlined } from '@ant-design/icons';
import { App, Button, Card, Input, Space, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { sessionStore } from '../../stores/sessionStore';
import { fetchNotice, saveNotice } from './onePictureApi';

const MAX_LENGTH = 2000;

export const NoticeBoard = observer(function NoticeBoard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const notice = useSWR('op-notice', fetchNotice, { refreshInterval: 300_000, revalidateOnFocus: false });
  const [draft, setDraft] = useState<string>();
  const [saving, setSaving] = useState(false);
  const mayEdit = sessionStore.permission.one_picture_notice === true;

  const publish = async () => {
    if (!draft?.trim()) {
      void message.warning(t('onePicture.notice.required'));
      return;
    }
    setSaving(true);
    try {
      await notice.mutate(await saveNotice(draft), { revalidate: false });
      setDraft(undefined);
      void message.success(t('onePicture.notice.saved'));
    } finally {
      setSaving(false);
    }
  };

  const edit = mayEdit && draft === undefined && (
    <Button size="small" type="link" icon={<EditOutlined />} onClick={() => setDraft(notice.data?.content ?? '')} data-testid="op-notice-edit">
      {t('onePicture.notice.edit')}
    </Button>
  );
  return (
    <Card size="small" title={t('onePicture.notice.title')} extra={edit} className="op-notice" data-testid="op-notice">
      {draft !== undefined ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Input.TextArea
            value={draft}
            maxLength={MAX_LENGTH}
            showCount
            autoSize={{ minRows: 3, maxRows: 8 }}
            placeholder={t('onePicture.notice.placeholder')}
            onChange={(event) => setDraft(event.target.value)}
            data-testid="op-notice-input"
          />
          <Space>
            <Button type="primary" size="small" loading={saving} onClick={() => void publish()} data-testid="op-notice-save">
              {t('onePicture.notice.save')}
            </Button>
            <Button size="small" onClick={() => setDraft(undefined)}>
              {t('onePicture.notice.cancel')}
            </Button>
          </Space>
        </Space>
      ) : notice.data ? (
        <>
          <Typography.Paragraph className="op-notice-text" data-testid="op-notice-text">
            {notice.data.content}
          </Typography.Paragraph>
          <Typography.Text type="secondary" className="op-muted">
            {t('onePicture.notice.by', { author: notice.data.authorName, time: (notice.data.updateTime ?? '').slice(0, 16) })}
          </Typography.Text>
        </>
      ) : (
        <Typography.Text type="secondary">{t('onePicture.notice.empty')}</Typography.Text>
      )}
    </Card>
  );
});
