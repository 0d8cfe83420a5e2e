/**
 * The dialog's conversation: the user's questions on the right, the answers on the left rendered as Markdown
 * (chatMarkdown.ts: raw HTML shown as text), the answer being written marked with its state, and regenerate under
 * the last answer once it is over. Scrolls to the newest text as it streams in, unless the user scrolled up.
 */
import { RedoOutlined, RobotOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button } from 'antd';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { renderAnswer } from './chatMarkdown';
import type { ChatMessage, ChatState } from './chatMachine';

function Answer({ message, isLast, state }: { message: ChatMessage; isLast: boolean; state: ChatState }) {
  const { t } = useTranslation();
  const isWriting = isLast && state.status !== 'idle';
  const status = isWriting ? state.status : message.failed ? 'failed' : 'done';
  return (
    <div className="chat-row is-answer">
      <Avatar className="chat-avatar is-bot" icon={<RobotOutlined />} />
      <div className="chat-bubble">
        {message.content === '' && isWriting ? (
          <span className="chat-waiting">{t('chat.status.loading')}</span>
        ) : (
          // Safe: markdown-it with html off escapes every tag of the answer (chatMarkdown.ts).
          <div
            className="chat-markdown"
            data-testid={isLast ? 'chat-answer' : undefined}
            data-status={status}
            dangerouslySetInnerHTML={{ __html: renderAnswer(message.content) }}
          />
        )}
        {isWriting && state.status === 'answering' && <span className="chat-cursor" />}
      </div>
    </div>
  );
}

export function ChatMessages({ state, onRegenerate }: { state: ChatState; onRegenerate: () => void }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const stickToEnd = useRef(true);
  useLayoutEffect(() => {
    if (box.current && stickToEnd.current) box.current.scrollTop = box.current.scrollHeight;
  }, [state.messages]);
  const last = state.messages.length - 1;
  return (
    <div
      className="chat-messages"
      ref={box}
      data-testid="chat-messages"
      onScroll={(event) => {
        const element = event.currentTarget;
        stickToEnd.current = element.scrollHeight - element.scrollTop - element.clientHeight < 40;
      }}
    >
      {state.messages.map((message, index) =>
        message.self ? (
          <div className="chat-row is-question" key={index} data-testid="chat-question">
            <div className="chat-bubble">{message.content}</div>
            <Avatar className="chat-avatar" icon={<UserOutlined />} />
          </div>
        ) : (
          <Answer key={index} message={message} isLast={index === last} state={state} />
        ),
      )}
      {state.status === 'idle' && state.lastQuestion !== undefined && last >= 0 && !state.messages[last].self && (
        <div className="chat-after">
          <Button size="small" icon={<RedoOutlined />} onClick={onRegenerate} data-testid="chat-regenerate">
            {t('chat.actions.regenerate')}
          </Button>
        </div>
      )}
    </div>
  );
}
