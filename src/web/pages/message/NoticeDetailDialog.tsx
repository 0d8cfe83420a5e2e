/**
 * One message, opened from the inbox page: GET detail/{id} (the server marks
 * it read as it answers), then its title, time and content. A business
 * message offers 查看详情, the page its order type leads to (noticeTarget);
 * an announcement shows the announcement itself, read live: its category,
 * release time and content.
 */
import { Button, Descriptions, Empty, Modal, Result, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { noticeTarget } from '../../../shared/noticeTarget';
import { dictionaryLabel } from '../../renderers/cellText';
import { useDictionaries } from '../../renderers/useDictionaries';
import { fetchNotice, type NoticeMessage } from './noticeApi';

export interface NoticeDetailDialogProps {
  /** The message to show; undefined closes the dialog. */
  id: string | undefined;
  /** After the message loaded (it is read now): the list and the bell refresh. */
  onLoaded: (message: NoticeMessage) => void;
  onClose: () => void;
  onOpenTarget: (path: string) => void;
}

export function NoticeDetailDialog({ id, onLoaded, onClose, onOpenTarget }: NoticeDetailDialogProps) {
  const { t } = useTranslation();
  const dictionaries = useDictionaries(['notice_order_type', 'notice']);
  // Loaded each time a message opens (the server marks it read as it answers), never retried on failure.
  const { data, error } = useSWR(id ? ['notice-detail', id] : null, ([, key]: [string, string]) => fetchNotice(key), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
    dedupingInterval: 0,
    keepPreviousData: true,
    onSuccess: onLoaded,
  });
  // The message stays while the dialog closes; another one opening waits for its own.
  const message = data && (!id || String(data.id) === id) ? data : undefined;
  const failed = !!error;
  const isAnnouncement = message?.kind === 'announcement';
  const announcement = message?.announcement;
  const target = message && !isAnnouncement ? noticeTarget(message.orderType, message.businessId, message.id) : undefined;

  const footer = [
    target && (
      <Button key="target" type="primary" onClick={() => onOpenTarget(target)} data-testid="notice-open-target">
        {t('notices.detail.openTarget')}
      </Button>
    ),
    <Button key="close" onClick={onClose} data-testid="notice-detail-close">
      {t('notices.detail.close')}
    </Button>,
  ];

  const body = () => {
    if (failed) return <Result status="warning" subTitle={t('notices.detail.loadFailed')} />;
    if (!message) return <Spin className="notice-detail-loading" />;
    if (isAnnouncement) {
      if (!announcement) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notices.detail.announcementRemoved')} />;
      return (
        <>
          <Descriptions size="small" column={2} className="notice-detail-meta">
            <Descriptions.Item label={t('notices.detail.category')}>
              <Tag color="blue" data-testid="notice-detail-category">
                {dictionaryLabel(dictionaries.notice, announcement.category) ?? announcement.category ?? ''}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('notices.detail.releaseTime')}>{announcement.releaseTime ?? ''}</Descriptions.Item>
          </Descriptions>
          <Content text={announcement.content} />
        </>
      );
    }
    return (
      <>
        <Descriptions size="small" column={2} className="notice-detail-meta">
          <Descriptions.Item label={t('notices.detail.type')}>
            {dictionaryLabel(dictionaries.notice_order_type, message.orderType) ?? message.orderType ?? ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('notices.detail.time')}>{message.createTime}</Descriptions.Item>
        </Descriptions>
        <Content text={message.content} />
      </>
    );
  };

  const title = isAnnouncement ? (announcement?.title ?? message?.title) : message?.title;
  return (
    <Modal open={!!id} title={<span data-testid="notice-detail-title">{title ?? ''}</span>} onCancel={onClose} footer={footer} width={640} destroyOnHidden>
      <div className="notice-detail" data-testid="notice-detail">
        {body()}
      </div>
    </Modal>
  );
}

function Content({ text }: { text: string | null | undefined }) {
  const { t } = useTranslation();
  if (!text) return <Typography.Text type="secondary">{t('notices.detail.noContent')}</Typography.Text>;
  return (
    <div className="notice-detail-content" data-testid="notice-detail-content">
      {text}
    </div>
  );
}
