/**
 * The inbox (platform-core §2, notices contract §1): 系统消息 (/message/index,
 * kind business) and 我的通知 (/system/notification, kind announcement) are
 * this one page. Tabs 全部 / 未读 / 已读 over the caller's own messages,
 * newest first; 标为已读 (selected), 全部已读, 删除 (selected) and 清空已读
 * (the read ones), the last two after a confirmation. A title opens the
 * message (read from then on); ?id= opens one on arrival (the bell's
 * announcements lead here). Every change refreshes the bell.
 */
import { CheckOutlined, ClearOutlined, DeleteOutlined, ReadOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Badge, Button, Space, Table, Tabs, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { Paginator } from '../../components/Paginator';
import { DEFAULT_PAGE_SIZE } from '../../components/paginatorRules';
import { ConfirmDialog } from '../../renderers/ConfirmDialog';
import { dictionaryLabel } from '../../renderers/cellText';
import { useDictionaries } from '../../renderers/useDictionaries';
import { navigationStore } from '../../shell/navigationStore';
import { NoticeDetailDialog } from './NoticeDetailDialog';
import { fetchNotices, isUnread, readAllNotices, readNotices, removeNotices, removeReadNotices, type NoticeKind, type NoticeMessage } from './noticeApi';
import '../../renderers/renderers.css';
import './message.css';

type StatusTab = 'all' | 'unread' | 'read';
const READ_STATUS: Record<StatusTab, 0 | 1 | undefined> = { all: undefined, unread: 0, read: 1 };

type Pending = { what: 'remove'; ids: string[] } | { what: 'removeRead' } | null;

export function NoticeInboxPage({ kind }: { kind: NoticeKind }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const dictionaries = useDictionaries(['notice_order_type']);
  const [tab, setTab] = useState<StatusTab>('all');
  const [paging, setPaging] = useState({ current: 1, size: DEFAULT_PAGE_SIZE });
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [pending, setPending] = useState<Pending>(null);
  const [isBusy, setBusy] = useState(false);
  const openId = params.get('id') ?? undefined;

  const query = { kind, readStatus: READ_STATUS[tab], current: paging.current, size: paging.size };
  const { data, isLoading, mutate } = useSWR(['notices', kind, tab, paging.current, paging.size], () => fetchNotices(query), { keepPreviousData: true });
  const records = data?.records ?? [];
  const total = data?.total ?? 0;

  const refresh = async () => {
    const [next] = await Promise.all([mutate(), navigationStore.refreshUnread()]);
    // A page emptied by a removal (or a change of state under the 未读 / 已读 tabs) steps back to the last page that still has rows.
    if (next && next.records.length === 0 && paging.current > 1) setPaging((p) => ({ ...p, current: Math.max(1, Math.ceil(next.total / p.size)) }));
  };

  const open = (id: string) => setParams((current) => withId(current, id));
  const close = () => setParams((current) => withId(current, undefined), { replace: true });

  const run = async (work: () => Promise<number>, done: (count: number) => string) => {
    setBusy(true);
    try {
      const count = await work();
      void message.success(done(count));
      setSelectedIds([]);
    } finally {
      setBusy(false);
      setPending(null);
      await refresh();
    }
  };

  const needsSelection = (then: () => void) => () => {
    if (selectedIds.length === 0) void message.warning(t('notices.selectAtLeastOne'));
    else then();
  };
  const markRead = needsSelection(
    () =>
      void run(
        () => readNotices(selectedIds),
        (count) => t('notices.marked', { count }),
      ).catch(() => undefined),
  );
  const readAll = () =>
    void run(
      () => readAllNotices(kind),
      (count) => (count > 0 ? t('notices.marked', { count }) : t('notices.nothingToMark')),
    ).catch(() => undefined);
  const askRemove = needsSelection(() => setPending({ what: 'remove', ids: selectedIds }));
  const confirmPending = () => {
    if (!pending) return;
    const work = pending.what === 'remove' ? () => removeNotices(pending.ids) : () => removeReadNotices(kind);
    void run(work, (count) => t('notices.removed', { count })).catch(() => undefined);
  };

  const columns: TableColumnsType<NoticeMessage> = [
    {
      title: t('notices.columns.title'),
      dataIndex: 'title',
      ellipsis: true,
      render: (title: string, row) => (
        <a className={isUnread(row) ? 'notice-title notice-title-unread' : 'notice-title'} onClick={() => open(row.id)} data-testid="notice-title">
          {isUnread(row) && <Badge status="error" className="notice-title-dot" />}
          {title}
        </a>
      ),
    },
    ...(kind === 'business'
      ? [
          {
            title: t('notices.columns.type'),
            dataIndex: 'orderType',
            width: 150,
            render: (value: unknown) => dictionaryLabel(dictionaries.notice_order_type, value) ?? String(value ?? ''),
          },
        ]
      : []),
    { title: t('notices.columns.time'), dataIndex: 'createTime', width: 180 },
    {
      title: t('notices.columns.status'),
      dataIndex: 'readStatus',
      width: 100,
      render: (_: unknown, row) =>
        isUnread(row) ? (
          <Tag color="red" bordered={false}>
            {t('notices.status.unread')}
          </Tag>
        ) : (
          <Tag bordered={false}>{t('notices.status.read')}</Tag>
        ),
    },
  ];

  return (
    <div className="crud-page notice-page" data-testid={`notice-page-${kind}`}>
      <h2 className="crud-title">{t(`notices.title.${kind}`)}</h2>
      <Tabs
        className="notice-tabs"
        activeKey={tab}
        onChange={(key) => {
          setTab(key as StatusTab);
          setPaging((p) => ({ ...p, current: 1 }));
          setSelectedIds([]);
        }}
        items={(['all', 'unread', 'read'] as const).map((key) => ({ key, label: <span data-testid={`notice-tab-${key}`}>{t(`notices.tabs.${key}`)}</span> }))}
      />
      <div className="crud-toolbar">
        <Space wrap>
          <Button type="primary" icon={<CheckOutlined />} onClick={markRead} disabled={isBusy} data-testid="notice-mark-read">
            {t('notices.markRead')}
          </Button>
          <Button icon={<ReadOutlined />} onClick={readAll} disabled={isBusy} data-testid="notice-read-all">
            {t('notices.readAll')}
          </Button>
          <Button danger icon={<DeleteOutlined />} onClick={askRemove} disabled={isBusy} data-testid="notice-remove">
            {t('notices.remove')}
          </Button>
          <Button icon={<ClearOutlined />} onClick={() => setPending({ what: 'removeRead' })} disabled={isBusy} data-testid="notice-remove-read">
            {t('notices.removeRead')}
          </Button>
          {selectedIds.length > 0 && (
            <span className="crud-selected">
              {t('notices.selected', { count: selectedIds.length })}
              <Button type="link" size="small" onClick={() => setSelectedIds([])}>
                {t('notices.clearSelection')}
              </Button>
            </span>
          )}
        </Space>
        <Tooltip title={t('notices.refresh')}>
          <Button shape="circle" icon={<ReloadOutlined />} onClick={() => void refresh()} aria-label={t('notices.refresh')} />
        </Tooltip>
      </div>
      <Table<NoticeMessage>
        rowKey="id"
        size="middle"
        loading={isLoading}
        columns={columns}
        dataSource={records}
        pagination={false}
        rowSelection={{ selectedRowKeys: selectedIds, onChange: (keys) => setSelectedIds(keys.map(String)) }}
        locale={{ emptyText: t(`notices.empty.${kind}`) }}
        data-testid="notice-table"
      />
      <Paginator
        current={paging.current}
        total={total}
        pageSize={paging.size}
        disabled={isLoading}
        onChange={(current, size) => {
          setPaging({ current, size });
          setSelectedIds([]);
        }}
      />
      <ConfirmDialog open={pending !== null} isBusy={isBusy} isDanger okTestId="notice-confirm-ok" onOk={confirmPending} onCancel={() => setPending(null)}>
        {pending?.what === 'remove' ? t('notices.confirmRemove', { count: pending.ids.length }) : t('notices.confirmRemoveRead')}
      </ConfirmDialog>
      <NoticeDetailDialog id={openId} onLoaded={() => void refresh()} onClose={close} onOpenTarget={(path) => navigate(path)} />
    </div>
  );
}

function withId(params: URLSearchParams, id: string | undefined): URLSearchParams {
  const next = new URLSearchParams(params);
  if (id) next.set('id', id);
  else next.delete('id');
  return next;
}
