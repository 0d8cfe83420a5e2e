/**
 * The bell's popover: tabs 消息 / 通知 (business messages, announcements),
 * each with the newest five unread, 全部已读 and 查看全部. Choosing a message
 * marks it read and opens the page its order type leads to (noticeTarget).
 */
import { Button, Empty, List, Spin, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { noticeTarget } from '../../../shared/noticeTarget';
import { fetchNotices, readAllNotices, readNotices, type NoticeKind, type NoticeMessage } from '../../pages/message/noticeApi';
import { navigationStore } from '../navigationStore';
import '../../pages/message/noticePopover.css';

const NEWEST = 5;
const KINDS: NoticeKind[] = ['business', 'announcement'];
const LIST_PAGE: Record<NoticeKind, string> = { business: '/message/index', announcement: '/system/notification' };

export interface NoticePopoverProps {
  /** Changes each time the popover opens, so the lists load afresh. */
  openedAt: number;
  /** Leaves the popover for a page. */
  onNavigate: (path: string) => void;
}

export function NoticePopover({ openedAt, onNavigate }: NoticePopoverProps) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<NoticeKind>('business');
  const lists = useSWR(['notice-popover', openedAt], async () => {
    const [business, announcement] = await Promise.all(KINDS.map((item) => fetchNotices({ kind: item, readStatus: 0, current: 1, size: NEWEST })));
    return { business, announcement };
  });

  const afterChange = async () => {
    await Promise.all([lists.mutate(), navigationStore.refreshUnread()]);
  };
  const choose = async (message: NoticeMessage) => {
    await readNotices([message.id]).catch(() => 0);
    void navigationStore.refreshUnread();
    onNavigate(noticeTarget(message.orderType, message.businessId, message.id));
  };
  const readAll = async (item: NoticeKind) => {
    await readAllNotices(item).catch(() => 0);
    await afterChange();
  };

  const label = (item: NoticeKind) => {
    const total = lists.data?.[item].total ?? 0;
    return (
      <span data-testid={`bell-tab-${item}`}>
        {t(`notices.popover.${item}`)}
        {total > 0 && <span className="notice-popover-count">({total > 99 ? '99+' : total})</span>}
      </span>
    );
  };

  const pane = (item: NoticeKind) => {
    const records = lists.data?.[item].records ?? [];
    return (
      <div className="notice-popover-pane" data-testid={`bell-list-${item}`}>
        {!lists.data && lists.isLoading ? (
          <Spin className="notice-popover-loading" />
        ) : records.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`notices.popover.empty.${item}`)} className="notice-popover-empty" />
        ) : (
          <List<NoticeMessage>
            size="small"
            dataSource={records}
            renderItem={(message) => (
              <List.Item className="notice-popover-item" onClick={() => void choose(message)} data-testid="bell-item">
                <div className="notice-popover-item-title" title={message.title}>
                  {message.title}
                </div>
                <Typography.Text type="secondary" className="notice-popover-item-time">
                  {message.createTime}
                </Typography.Text>
              </List.Item>
            )}
          />
        )}
        <div className="notice-popover-footer">
          <Button type="link" size="small" disabled={records.length === 0} onClick={() => void readAll(item)} data-testid={`bell-read-all-${item}`}>
            {t('notices.popover.readAll')}
          </Button>
          <Button type="link" size="small" onClick={() => onNavigate(LIST_PAGE[item])} data-testid={`bell-view-all-${item}`}>
            {t('notices.popover.viewAll')}
          </Button>
        </div>
      </div>
    );
  };

  return (
    <div className="notice-popover" data-testid="bell-popover">
      <Tabs
        size="small"
        centered
        activeKey={kind}
        onChange={(key) => setKind(key as NoticeKind)}
        items={KINDS.map((item) => ({ key: item, label: label(item), children: pane(item) }))}
      />
    </div>
  );
}
