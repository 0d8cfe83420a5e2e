/**
 * The AI assistant's dialog (platform-core §2, §4, §9): 1224 px wide, the two assistants side by side in its
 * title (switching starts a new dialog), the quick questions while the dialog is empty, the conversation, and the
 * input (Enter sends, Shift+Enter adds a line; nothing is sent while an answer is on its way). Stop aborts the
 * answer; new dialog aborts and clears; the history drawer reopens an earlier conversation.
 */
import { HistoryOutlined, PlusOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Input, Modal, Segmented, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { fetchSampleReservoir } from './chatApi';
import type { ChatAccess } from './chatAccess';
import { ChatHistoryDrawer, type ChosenConversation } from './ChatHistoryDrawer';
import { ChatMessages } from './ChatMessages';
import { isBusy, MAX_QUESTION_LENGTH, questionOf, type ChatMode } from './chatMachine';
import { presetQuestions } from './presetQuestions';
import { useChatSession } from './useChatSession';
import './chat.css';

export const CHAT_DIALOG_WIDTH = 1224;

interface Props {
  open: boolean;
  mode: ChatMode;
  access: ChatAccess;
  onModeChange: (mode: ChatMode) => void;
  onClose: () => void;
}

function Presets({ mode, access, onAsk }: { mode: ChatMode; access: ChatAccess; onAsk: (question: string) => void }) {
  const { t } = useTranslation();
  const reservoir = useSWR(mode === 'assistant' ? ['chat-sample-reservoir', access.owner] : null, () => fetchSampleReservoir(access.credentials), {
    revalidateOnFocus: false,
  });
  // The task questions wait for the reservoir's name (a moment) rather than flash a generic one first.
  if (mode === 'assistant' && reservoir.isLoading) return null;
  return (
    <div className="chat-empty">
      <div className="chat-welcome">{t(`chat.welcome.${mode}`)}</div>
      <div className="chat-presets-title">{t('chat.presets.title')}</div>
      <div className="chat-presets" data-testid="chat-presets">
        {presetQuestions(t, mode, reservoir.data).map((question) => (
          <button type="button" key={question} className="chat-preset" data-testid="chat-preset" onClick={() => onAsk(question)}>
            {question}
          </button>
        ))}
      </div>
    </div>
  );
}

export function ChatDialog({ open, mode, access, onModeChange, onClose }: Props) {
  const { t } = useTranslation();
  const { session, state } = useChatSession(mode, access);
  const [input, setInput] = useState('');
  const [isHistoryOpen, setHistoryOpen] = useState(false);
  const busy = isBusy(state);

  // The dialog follows the mode chosen outside it (the pet's menu, a screen's icon): a new dialog of that mode.
  useEffect(() => {
    if (session.getState().mode !== mode) session.reset(mode);
  }, [mode, session]);

  function ask(question: string) {
    if (session.send(question)) setInput('');
  }

  function choose(chosen: ChosenConversation): boolean {
    if (isBusy(session.getState())) return false;
    if (chosen.mode !== mode) {
      session.reset(chosen.mode);
      onModeChange(chosen.mode);
    }
    return session.load(chosen.conversationId, chosen.messages);
  }

  const title = (
    <div className="chat-title">
      <Segmented
        value={mode}
        onChange={(value) => onModeChange(value as ChatMode)}
        options={(['flowChat', 'assistant'] as const).map((value) => ({
          value,
          label: <span data-testid={`chat-mode-${value}`}>{t(`chat.modes.${value}`)}</span>,
        }))}
      />
      <Space className="chat-tools">
        <Button icon={<PlusOutlined />} onClick={() => session.reset()} data-testid="chat-new">
          {t('chat.actions.newDialog')}
        </Button>
        <Button icon={<HistoryOutlined />} onClick={() => setHistoryOpen(true)} data-testid="chat-history-open">
          {t('chat.actions.history')}
        </Button>
      </Space>
    </div>
  );

  return (
    <Modal
      open={open}
      title={title}
      width={CHAT_DIALOG_WIDTH}
      footer={null}
      centered
      destroyOnHidden={false}
      onCancel={() => {
        // Closing goes back to idle: an answer on its way is aborted.
        session.stop();
        onClose();
      }}
      className="chat-dialog"
    >
      <div className="chat-body" data-testid="chat-body" data-status={state.status} data-conversation-id={state.conversationId ?? ''}>
        {state.messages.length === 0 ? (
          <Presets mode={mode} access={access} onAsk={ask} />
        ) : (
          <ChatMessages state={state} onRegenerate={() => session.regenerate()} />
        )}
        <div className="chat-input-row">
          <Input.TextArea
            value={input}
            onChange={(event) => setInput(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
              event.preventDefault();
              ask(input);
            }}
            maxLength={MAX_QUESTION_LENGTH}
            autoSize={{ minRows: 2, maxRows: 6 }}
            placeholder={t('chat.input.placeholder')}
            data-testid="chat-input"
          />
          {busy ? (
            <Button key="stop" danger icon={<StopOutlined />} onClick={() => session.stop()} data-testid="chat-stop">
              {t('chat.actions.stop')}
            </Button>
          ) : (
            <Button
              key="send"
              type="primary"
              icon={<SendOutlined />}
              disabled={questionOf(input) === undefined}
              onClick={() => ask(input)}
              data-testid="chat-send"
            >
              {t('chat.input.send')}
            </Button>
          )}
        </div>
        <ChatHistoryDrawer open={isHistoryOpen} mode={mode} access={access} onClose={() => setHistoryOpen(false)} onChoose={choose} />
      </div>
    </Modal>
  );
}
