/**
 * The history drawer of the dialog: the conversations of either assistant kept in this browser (chatHistory.ts)
 * and those the server stored for the user, merged by conversationId. Choosing one shows its messages (the
 * server's when it has them) and continues it; the dialog refuses while an answer is on its way.
 */
import { DeleteOutlined } from '@ant-design/icons';
import { App, Button, Drawer, Empty, List, Popconfirm, Segmented, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { fetchConversations, fetchMessages, removeConversations } from './chatApi';
import type { ChatAccess } from './chatAccess';
import { forgetConversation, mergeHistory, readHistory, type HistoryItem } from './chatHistory';
import type { ChatMessage, ChatMode } from './chatMachine';

export interface ChosenConversation {
  mode: ChatMode;
  /** Undefined for a conversation only this browser knows: continuing it starts a new one on the server. */
  conversationId?: string;
  messages: ChatMessage[];
}

interface Props {
  open: boolean;
  mode: ChatMode;
  access: ChatAccess;
  onClose: () => void;
  /** Shows the conversation; false when the dialog is busy answering (nothing is shown then). */
  onChoose: (chosen: ChosenConversation) => boolean;
}

/** Both lists of one mode, read when the drawer opens. */
function useHistoryItems(open: boolean, mode: ChatMode, access: ChatAccess) {
  const { data, mutate } = useSWR(open ? ['chat-history', access.owner, mode] : null, async () => {
    // The server's list may be refused (a big screen's token, say): the browser's list is shown alone then.
    const server = await fetchConversations(access.credentials, mode).catch(() => []);
    return mergeHistory(readHistory(localStorage, access.owner, mode), server);
  });
  return { items: data, reload: () => mutate() };
}

export function ChatHistoryDrawer({ open, mode: dialogMode, access, onClose, onChoose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  // The list shown: the dialog's mode until the user picks the other one (forgotten when the drawer closes).
  const [pickedMode, setPickedMode] = useState<ChatMode>();
  const mode = pickedMode ?? dialogMode;
  const close = () => {
    setPickedMode(undefined);
    onClose();
  };
  const { items, reload } = useHistoryItems(open, mode, access);
  const [loadingId, setLoadingId] = useState<string>();

  async function choose(item: HistoryItem) {
    setLoadingId(item.conversationId);
    const fromServer = item.onServer ? await fetchMessages(access.credentials, item.conversationId).catch(() => undefined) : undefined;
    setLoadingId(undefined);
    const messages = fromServer ?? item.local?.msgs;
    if (!messages) return void message.error(t('chat.history.loadFailed'));
    if (!onChoose({ mode, conversationId: item.onServer ? item.conversationId : undefined, messages })) return void message.warning(t('chat.history.blocked'));
    close();
  }

  async function remove(item: HistoryItem) {
    forgetConversation(localStorage, access.owner, mode, item.conversationId);
    if (item.onServer) await removeConversations(access.credentials, [item.conversationId]).catch(() => undefined);
    await reload();
  }

  return (
    <Drawer
      title={t('chat.history.title')}
      open={open}
      onClose={onClose}
      width={380}
      getContainer={false}
      rootClassName="chat-history"
      data-testid="chat-history"
    >
      <Segmented
        block
        value={mode}
        onChange={(value) => setPickedMode(value as ChatMode)}
        options={(['flowChat', 'assistant'] as const).map((value) => ({ value, label: t(`chat.modes.${value}`) }))}
      />
      {items === undefined ? (
        <Spin className="chat-history-loading" />
      ) : items.length === 0 ? (
        <Empty description={t('chat.history.empty')} />
      ) : (
        <List
          dataSource={items}
          rowKey="conversationId"
          renderItem={(item) => (
            <List.Item
              className="chat-history-item"
              data-testid="chat-history-item"
              data-conversation-id={item.conversationId}
              onClick={() => void choose(item)}
              actions={[
                <Popconfirm
                  key="remove"
                  title={t('chat.history.removeConfirm')}
                  onConfirm={() => remove(item)}
                  onPopupClick={(event) => event.stopPropagation()}
                >
                  <Button
                    type="text"
                    size="small"
                    icon={<DeleteOutlined />}
                    aria-label={t('chat.history.remove')}
                    onClick={(event) => event.stopPropagation()}
                  />
                </Popconfirm>,
              ]}
            >
              <Spin spinning={loadingId === item.conversationId} size="small">
                <div className="chat-history-question">{item.content}</div>
                <div className="chat-history-meta">
                  {item.date} · {t('chat.history.msgs', { count: item.msgs })}
                  {!item.onServer && <Tag className="chat-history-tag">{t('chat.history.localOnly')}</Tag>}
                </div>
              </Spin>
            </List.Item>
          )}
        />
      )}
    </Drawer>
  );
}
